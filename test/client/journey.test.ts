/**
 * A full journey through the shipped TypeScript client (clients/typescript) against the real app
 * listening on loopback: accounts, contexts, tasks (batch included), drafts, events, the sync
 * feed narrowed on `type`, paging, errors and Retry-After. Every answer is also checked against
 * the served OpenAPI document. Compiled with the repository's strict tsc: no casts, no `any`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgendumError,
  allPages,
  createAgendumClient,
  expectOk,
  followSync,
  unwrap,
  withRetry,
  type AgendumClient,
  type Context,
  type Event,
  type SyncItem,
  type Task,
} from '../../clients/typescript/src/index.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { OpenApiChecker } from '../helpers/openapi.js';

interface Running {
  t: TestApp;
  baseUrl: string;
  checked: (request: Request) => Promise<Response>;
}

/** The app on a real port, and a fetch that checks every answer against the served document. */
async function listening(env: Record<string, string> = {}): Promise<Running> {
  const t = await startTestApp(env);
  const baseUrl = await t.app.server.listen({ port: 0, host: '127.0.0.1' });
  const checker = OpenApiChecker.fromText(await (await fetch(`${baseUrl}/api/v1/docs/openapi.json`)).text());
  const checked = async (request: Request) => {
    const response = await fetch(request);
    const url = new URL(request.url);
    const problem = checker.check(
      request.method,
      url.pathname + url.search,
      response.status,
      response.headers.get('content-type') ?? undefined,
      await response.clone().text(),
    );
    if (problem) throw new Error(`OpenAPI mismatch: ${problem}`);
    return response;
  };
  return { t, baseUrl, checked };
}

let run: Running;
beforeAll(async () => {
  run = await listening();
});
afterAll(async () => {
  await run.t.close();
});

/** Signs up and signs in through the client, then makes an API token with the session cookie. */
async function account(email: string): Promise<{ api: AgendumClient; userId: string }> {
  const anonymous = createAgendumClient({ baseUrl: run.baseUrl, fetch: run.checked });
  const user = unwrap(await anonymous.POST('/auth/signup', { body: { email, password: 'correct horse battery', name: 'Journey' } })).data;
  const login = await anonymous.POST('/auth/login', { body: { email, password: 'correct horse battery' } });
  expect(unwrap(login).data.user.id).toBe(user.id);
  const cookie = (login.response.headers.get('set-cookie') ?? '').split(';')[0];
  expect(cookie).toMatch(/^agendum_session=/);
  const token = unwrap(await anonymous.POST('/account/tokens', { body: { name: 'journey' }, headers: { cookie } })).data.token;
  const api = createAgendumClient({ baseUrl: run.baseUrl, token, fetch: run.checked });
  expect(unwrap(await api.GET('/account')).data.email).toBe(email);
  return { api, userId: user.id };
}

describe('the TypeScript client', () => {
  it('drives a full journey: contexts, tasks, batch, drafts, events, sync', async () => {
    const { api, userId } = await account(`journey-${Date.now()}@example.com`);
    const friend = await account(`friend-${Date.now()}@example.com`);

    // Contexts, and sharing one.
    const work: Context = unwrap(await api.POST('/api/v1/contexts', { body: { name: 'Work', color: '#3366CC' } })).data;
    expect(work.color).toBe('#3366cc');
    const friendEmail = unwrap(await friend.api.GET('/account')).data.email;
    const share = await api.POST('/api/v1/contexts/{id}/share', { params: { path: { id: work.id } }, body: { user_email: friendEmail, permission: 'read' } });
    expect(share.response.status).toBe(201);
    expect(unwrap(share).data.permission).toBe('read');

    // Tasks: one, then a batch, listed with enum lists for status and sort.
    const created = await api.POST('/api/v1/tasks', {
      body: { title: 'Write the report', priority: 'high', due_date: '2026-12-01T17:00:00+01:00', context_id: work.id },
      headers: { 'Idempotency-Key': 'journey-create-1' },
    });
    const report: Task = unwrap(created).data;
    expect(created.response.headers.get('location')).toBe(`/api/v1/tasks/${report.id}`);
    expect(report).toMatchObject({ status: 'pending', due_date: '2026-12-01T16:00:00.000Z', version_major: 1, last_live: null, user_id: userId });
    const batch = unwrap(
      await api.POST('/api/v1/tasks/batch', { body: { tasks: [{ title: 'Book the room' }, { title: 'Order lunch', status: 'in_progress' }] } }),
    ).data;
    expect(batch.map((task) => task.title)).toEqual(['Book the room', 'Order lunch']);
    const open = unwrap(await api.GET('/api/v1/tasks', { params: { query: { status: ['pending', 'in_progress'], sort: ['title', '-created_at'] } } }));
    expect(open.data.map((task) => task.title)).toEqual(['Book the room', 'Order lunch', 'Write the report']);
    expect(open.meta.pagination.total).toBe(3);

    // A draft, its published values in last_live, then accepted; the history's snapshot is typed.
    const drafted = unwrap(await api.PATCH('/api/v1/tasks/{id}', { params: { path: { id: report.id } }, body: { title: 'Write the final report' } })).data;
    expect(drafted.is_published).toBe(false);
    expect(drafted.last_live?.title).toBe('Write the report');
    expect(drafted.last_live?.version).toBe('1.0');
    const accepted = unwrap(await api.POST('/api/v1/tasks/{id}/draft', { params: { path: { id: report.id } }, body: { action: 'accept' } })).data;
    expect(accepted).toMatchObject({ version_major: 2, version_minor: 0, is_published: true, last_live: null });
    const history = unwrap(await api.GET('/api/v1/tasks/{id}/history', { params: { path: { id: report.id } } })).data;
    expect(history.published.snapshot.title).toBe('Write the final report');
    expect(history.history.map((entry) => entry.version)).toEqual(['1.0', '2.0']);
    const comment = unwrap(await api.POST('/api/v1/tasks/{id}/comments', { params: { path: { id: report.id } }, body: { message: 'Draft sent' } })).data;
    expect(comment.task_id).toBe(report.id);
    expect(unwrap(await api.POST('/api/v1/tasks/{id}/complete', { params: { path: { id: report.id } } })).data.status).toBe('completed');

    // Events with an attendee, found by range.
    const meeting: Event = unwrap(
      await api.POST('/api/v1/events', {
        body: { title: 'Review', start_time: '2026-12-02T14:00:00Z', end_time: '2026-12-02T15:00:00Z', context_id: work.id },
      }),
    ).data;
    const attendee = unwrap(
      await api.POST('/api/v1/events/{id}/attendees', { params: { path: { id: meeting.id } }, body: { user_email: 'guest@example.org' } }),
    ).data;
    expect(attendee.rsvp_status).toBe('pending');
    const december = unwrap(await api.GET('/api/v1/events', { params: { query: { from: '2026-12-01T00:00:00Z', to: '2026-12-31T00:00:00Z' } } }));
    expect(december.data.map((event) => event.id)).toEqual([meeting.id]);

    // The friend reads the shared context through the sync feed, narrowing each item on `type`.
    const seen = { tasks: new Map<string, string>(), events: new Map<string, string>(), contexts: new Map<string, string>() };
    let cursor = '';
    for await (const page of followSync(friend.api, undefined, 2)) {
      for (const item of page.items) apply(seen, item);
      cursor = page.cursor;
    }
    expect(seen.contexts.get(work.id)).toBe('Work');
    expect(seen.tasks.get(report.id)).toBe('Write the final report');
    expect(seen.events.get(meeting.id)).toBe('2026-12-02T14:00:00.000Z');
    expect(seen.tasks.size).toBe(1); // the batch went to no context: not shared

    // Later changes arrive from the stored cursor; a deletion is a tombstone.
    expectOk(await api.DELETE('/api/v1/events/{id}', { params: { path: { id: meeting.id } } }));
    for await (const page of followSync(friend.api, cursor)) for (const item of page.items) apply(seen, item);
    expect(seen.events.has(meeting.id)).toBe(false);
  });

  it('pages through lists', async () => {
    const { api } = await account(`pages-${Date.now()}@example.com`);
    unwrap(await api.POST('/api/v1/tasks/batch', { body: { tasks: Array.from({ length: 7 }, (_, i) => ({ title: `Page item ${i}` })) } }));
    const titles: string[] = [];
    for await (const task of allPages((offset) => api.GET('/api/v1/tasks', { params: { query: { limit: 3, offset, sort: ['title'] } } })))
      titles.push(task.title);
    expect(titles).toEqual(Array.from({ length: 7 }, (_, i) => `Page item ${i}`));
  });

  it('hands errors back typed: the error name, the failing field, the batch index', async () => {
    const { api } = await account(`errors-${Date.now()}@example.com`);
    const missing = await api.GET('/api/v1/tasks/{id}', { params: { path: { id: '6f1c1d52-8c9a-4e53-9d7e-0d7a3f1b2c3d' } } });
    expect(missing.response.status).toBe(404);
    expect(missing.error?.error).toBe('not_found');
    expect(() => unwrap(missing)).toThrow(AgendumError);

    const invalid = await api.POST('/api/v1/tasks', { body: { title: '' } });
    expect(invalid.error?.details).toEqual({ field: 'title', constraint: 'minLength' });

    const batch = await api.POST('/api/v1/tasks/batch', {
      body: { tasks: [{ title: 'fine' }, { title: 'fine too' }, { title: 'bad', status: 'completed', estimated_minutes: -1 }] },
    });
    expect(batch.error?.details?.index).toBe(2);
    expect(batch.error?.details?.field).toBe('tasks.2.estimated_minutes');
    expect(unwrap(await api.GET('/api/v1/tasks')).data).toEqual([]);

    const anonymous = createAgendumClient({ baseUrl: run.baseUrl, fetch: run.checked });
    const denied = await anonymous.GET('/api/v1/tasks');
    expect(denied.error?.error).toBe('unauthorized');
  });

  it('waits as Retry-After says when rate limited, then succeeds', async () => {
    const limited = await listening({ RATE_LIMIT_MAX: '2', RATE_LIMIT_WINDOW_S: '1' });
    try {
      const user = await limited.t.user('limited');
      const api = createAgendumClient({ baseUrl: limited.baseUrl, token: user.token, fetch: limited.checked });
      let refused: AgendumError | null = null;
      for (let i = 0; i < 5 && !refused; i++) {
        try {
          unwrap(await api.GET('/api/v1/contexts'));
        } catch (err) {
          if (err instanceof AgendumError) refused = err;
          else throw err;
        }
      }
      expect(refused?.status).toBe(429);
      expect(refused?.body.error).toBe('rate_limit_exceeded');
      expect(refused?.retryAfter).toBeGreaterThanOrEqual(1);
      const eventually = await withRetry(() => api.GET('/api/v1/contexts'), { retries: 5 });
      expect(eventually.response.status).toBe(200);
    } finally {
      await limited.t.close();
    }
  });
});

/** Applies one feed item to a local copy; TypeScript narrows `record` by `type`. */
function apply(seen: { tasks: Map<string, string>; events: Map<string, string>; contexts: Map<string, string> }, item: SyncItem) {
  const gone = item.op !== 'upsert';
  switch (item.type) {
    case 'task':
      if (gone) seen.tasks.delete(item.id);
      else if (item.record) seen.tasks.set(item.id, item.record.title);
      break;
    case 'event':
      if (gone) seen.events.delete(item.id);
      else if (item.record) seen.events.set(item.id, item.record.start_time);
      break;
    case 'context':
      if (gone) seen.contexts.delete(item.id);
      else if (item.record) seen.contexts.set(item.id, item.record.name);
      break;
  }
}

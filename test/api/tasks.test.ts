import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp, type TestUser } from '../helpers/app.js';

let t: TestApp;
let owner: TestUser;
let c: Client;
beforeAll(async () => {
  t = await startTestApp();
  owner = await t.user('owner');
  c = t.as(owner);
});
afterAll(async () => {
  await t.close();
});

const newTask = async (client: Client, body: Record<string, unknown> = {}) => {
  const res = await client.post('/tasks', { title: 'A task', ...body });
  expect(res.status).toBe(201);
  return res.body.data;
};

describe('POST /tasks', () => {
  it('creates with defaults, published at 1.0, with every field present', async () => {
    const task = await newTask(c, { title: '  Buy milk  ' });
    expect(task).toMatchObject({
      title: 'Buy milk',
      description: null,
      status: 'pending',
      priority: 'medium',
      due_date: null,
      estimated_minutes: null,
      completed_at: null,
      user_id: owner.id,
      context_id: null,
      version_major: 1,
      version_minor: 0,
      is_published: true,
      last_live: null,
    });
    expect(task.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(task.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(task).not.toHaveProperty('source_email_id');
    expect(task).not.toHaveProperty('has_unpublished_changes');
  });

  it('accepts every writable field and converts timestamps to UTC', async () => {
    const task = await newTask(c, {
      title: 'Report',
      description: 'Quarterly',
      priority: 'urgent',
      status: 'in_progress',
      due_date: '2026-12-01T10:30:00+02:00',
      estimated_minutes: 90,
      user_id: owner.id,
    });
    expect(task).toMatchObject({ priority: 'urgent', status: 'in_progress', due_date: '2026-12-01T08:30:00.000Z', estimated_minutes: 90 });
  });

  it('rejects bad input with 400 and names the field', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{}, 'title', 'required'],
      [{ title: '' }, 'title', 'minLength'],
      [{ title: '   ' }, 'title', 'minLength'],
      [{ title: 'x'.repeat(501) }, 'title', 'maxLength'],
      [{ title: 5 }, 'title', 'type'],
      [{ title: 'x', status: 'done' }, 'status', 'enum'],
      [{ title: 'x', priority: 'critical' }, 'priority', 'enum'],
      [{ title: 'x', due_date: '2026-12-01T10:00:00' }, 'due_date', 'format'],
      [{ title: 'x', due_date: 'tomorrow' }, 'due_date', 'format'],
      [{ title: 'x', estimated_minutes: -1 }, 'estimated_minutes', 'minimum'],
      [{ title: 'x', estimated_minutes: 100_001 }, 'estimated_minutes', 'maximum'],
      [{ title: 'x', estimated_minutes: '5' }, 'estimated_minutes', 'type'],
      [{ title: 'x', context_id: 'nope' }, 'context_id', 'format'],
      [{ title: 'x', colour: 'red' }, 'colour', 'unknown_field'],
      [{ title: 'x', description: 'd'.repeat(20_001) }, 'description', 'maxLength'],
    ];
    for (const [body, field, constraint] of cases) {
      const res = await c.post('/tasks', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error).toBe('validation_error');
      expect(res.body.details, JSON.stringify(body)).toEqual({ field, constraint });
      expect(res.body.status).toBe(400);
    }
  });

  it('rejects bodies that are not JSON objects', async () => {
    for (const raw of ['{"title":', 'null', '[]', '"x"', '']) {
      const res = await t.request('POST', '/api/v1/tasks', { token: owner.token, raw, headers: { 'content-type': 'application/json' } });
      expect(res.status, raw).toBe(400);
      expect(res.body.error).toBe('validation_error');
    }
    const proto = await t.request('POST', '/api/v1/tasks', {
      token: owner.token,
      raw: '{"title":"x","__proto__":{"admin":true}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(proto.status).toBe(400);
  });

  it('is 403 when the body names another user, and ignores read-only fields', async () => {
    const other = await t.user();
    const res = await c.post('/tasks', { title: 'x', user_id: other.id });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('forbidden');
    const task = await newTask(c, { id: '00000000-0000-4000-8000-000000000000', version_major: 7, is_published: false, created_at: 'whenever' });
    expect(task.id).not.toBe('00000000-0000-4000-8000-000000000000');
    expect(task.version_major).toBe(1);
  });

  it('is 404 for a context the caller cannot see', async () => {
    const res = await c.post('/tasks', { title: 'x', context_id: '6f1c1d52-8c9a-4e53-9d7e-0d7a3f1b2c3d' });
    expect(res.status).toBe(404);
  });
});

describe('GET /tasks/{id}, DELETE', () => {
  it('reads own tasks; strangers and missing ids get 404, malformed ids too', async () => {
    const task = await newTask(c);
    expect((await c.get(`/tasks/${task.id}`)).body.data).toEqual(task);
    const stranger = t.as(await t.user('stranger'));
    expect((await stranger.get(`/tasks/${task.id}`)).status).toBe(404);
    expect((await stranger.delete(`/tasks/${task.id}`)).status).toBe(404);
    expect((await stranger.put(`/tasks/${task.id}`, { title: 'mine' })).status).toBe(404);
    expect((await c.get('/tasks/6f1c1d52-8c9a-4e53-9d7e-0d7a3f1b2c3d')).status).toBe(404);
    const bad = await c.get('/tasks/not-a-uuid');
    expect(bad.status).toBe(404);
    expect(bad.body.error).toBe('not_found');
  });

  it('deletes with 204 and then 404', async () => {
    const task = await newTask(c);
    const del = await c.delete(`/tasks/${task.id}`);
    expect(del.status).toBe(204);
    expect(del.text).toBe('');
    expect((await c.get(`/tasks/${task.id}`)).status).toBe(404);
    expect((await c.delete(`/tasks/${task.id}`)).status).toBe(404);
  });
});

describe('GET /tasks (lists)', () => {
  let lister: Client;
  const ids: string[] = [];
  beforeAll(async () => {
    lister = t.as(await t.user('lister'));
    const specs = [
      { title: 'alpha', priority: 'low', status: 'pending', due_date: '2026-12-03T00:00:00Z' },
      { title: 'bravo', priority: 'urgent', status: 'in_progress', due_date: '2026-12-01T00:00:00Z' },
      { title: 'charlie', priority: 'high', status: 'completed' },
      { title: 'delta', priority: 'medium', status: 'canceled', due_date: '2026-12-02T00:00:00Z' },
      { title: 'echo', priority: 'medium', status: 'pending' },
    ];
    for (const s of specs) ids.push((await newTask(lister, s)).id);
  });

  it('defaults to newest first with pagination meta', async () => {
    const res = await lister.get('/tasks');
    expect(res.body.data.map((x: any) => x.title)).toEqual(['echo', 'delta', 'charlie', 'bravo', 'alpha']);
    expect(res.body.meta.pagination).toEqual({ limit: 50, offset: 0, total: 5, hasMore: false });
  });

  it('pages with limit and offset', async () => {
    const res = await lister.get('/tasks?limit=2&offset=2');
    expect(res.body.data.map((x: any) => x.title)).toEqual(['charlie', 'bravo']);
    expect(res.body.meta.pagination).toEqual({ limit: 2, offset: 2, total: 5, hasMore: true });
    const last = await lister.get('/tasks?limit=2&offset=4');
    expect(last.body.meta.pagination.hasMore).toBe(false);
    const beyond = await lister.get('/tasks?offset=100');
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.meta.pagination.total).toBe(5);
  });

  it('filters by a status list and sorts by several fields', async () => {
    const open = await lister.get('/tasks?status=pending,in_progress&sort=title');
    expect(open.body.data.map((x: any) => x.title)).toEqual(['alpha', 'bravo', 'echo']);
    const byPriority = await lister.get('/tasks?sort=-priority,title');
    expect(byPriority.body.data.map((x: any) => x.title)).toEqual(['bravo', 'charlie', 'delta', 'echo', 'alpha']);
    const byDue = await lister.get('/tasks?sort=due_date');
    expect(byDue.body.data.map((x: any) => x.title).slice(0, 3)).toEqual(['bravo', 'delta', 'alpha']);
    const byDueDesc = await lister.get('/tasks?sort=-due_date,title');
    expect(byDueDesc.body.data.map((x: any) => x.title)).toEqual(['alpha', 'delta', 'bravo', 'charlie', 'echo']);
    const byStatus = await lister.get('/tasks?sort=status,title');
    expect(byStatus.body.data.map((x: any) => x.status)).toEqual(['pending', 'pending', 'in_progress', 'completed', 'canceled']);
  });

  it('filters by updated_after (strictly), published and source, ignores user_id', async () => {
    const all = (await lister.get('/tasks?sort=created_at')).body.data;
    const after = await lister.get(`/tasks?updated_after=${encodeURIComponent(all[2].updated_at)}`);
    expect(after.body.data.every((x: any) => x.updated_at > all[2].updated_at)).toBe(true);
    expect((await lister.get('/tasks?published=false')).body.data).toEqual([]);
    expect((await lister.get('/tasks?published=true')).body.meta.pagination.total).toBe(5);
    expect((await lister.get('/tasks?source=email')).body.data).toEqual([]);
    expect((await lister.get(`/tasks?user_id=${owner.id}`)).body.meta.pagination.total).toBe(5);
    expect((await lister.get('/tasks?unknown_param=1')).status).toBe(200);
  });

  it('adds has_unpublished_changes only when asked', async () => {
    await lister.put(`/tasks/${ids[0]}`, { title: 'alpha (draft)' });
    const res = await lister.get('/tasks?include_draft_status=true&sort=created_at');
    expect(res.body.data[0].has_unpublished_changes).toBe(true);
    expect(res.body.data[1].has_unpublished_changes).toBe(false);
    expect((await lister.get('/tasks?published=false')).body.data.map((x: any) => x.id)).toEqual([ids[0]]);
    expect((await lister.get('/tasks')).body.data[0]).not.toHaveProperty('has_unpublished_changes');
  });

  it('rejects bad list parameters with 400', async () => {
    for (const q of [
      'limit=0',
      'limit=101',
      'limit=abc',
      'offset=-1',
      'sort=color',
      'sort=-',
      'sort=title,,due_date',
      'status=done',
      'status=pending,',
      'published=maybe',
      'updated_after=yesterday',
      'updated_after=2026-01-01T00:00:00',
      'context_id=x',
      'source=sms',
    ]) {
      const res = await lister.get(`/tasks?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.error, q).toBe('validation_error');
      expect(res.body.details.field, q).toBeTruthy();
    }
  });
});

describe('GET /tasks/search', () => {
  it('ranks full-text matches over title and description and only searches visible tasks', async () => {
    const u = t.as(await t.user('searcher'));
    await newTask(u, { title: 'Prepare quarterly report', description: 'numbers for the board' });
    await newTask(u, { title: 'Call the plumber', description: 'the report about the leak' });
    await newTask(u, { title: 'Unrelated' });
    await newTask(c, { title: 'Owner report that the searcher must not see' });
    const res = await u.get('/tasks/search?q=report');
    expect(res.body.data.map((x: any) => x.title)).toEqual(['Prepare quarterly report', 'Call the plumber']);
    expect(res.body.meta.pagination.total).toBe(2);
    expect((await u.get('/tasks/search?q=reports')).body.data).toHaveLength(2);
    expect((await u.get('/tasks/search?q=quart')).body.data).toHaveLength(1);
    expect((await u.get('/tasks/search?q=board%20numbers')).body.data).toHaveLength(1);
    for (const q of ['%', '"', "' OR 1=1 --", 'report*)(', 'NEAR(', '\\', 'a:b']) {
      const r = await u.get(`/tasks/search?q=${encodeURIComponent(q)}`);
      expect(r.status, q).toBe(200);
    }
    expect((await u.get('/tasks/search')).status).toBe(400);
    expect((await u.get('/tasks/search?q=')).status).toBe(400);
  });

  it('finds the same tasks on both databases: accents and case folded, no word ignored (audit 9, A5)', async () => {
    const u = t.as(await t.user('folding'));
    await newTask(u, { title: 'Réunion au café', description: 'Prévoir un croissant' });
    await newTask(u, { title: 'banana', description: 'naïve approach' });
    await newTask(u, { title: 'Émile' });
    await newTask(u, { title: 'the and or not' });
    await newTask(u, { title: 'ΣΥΝΑΝΤΗΣΗ Δευτέρα' });
    const titles = async (q: string) => (await u.get(`/tasks/search?q=${encodeURIComponent(q)}`)).body.data.map((x: any) => x.title).sort();
    for (const q of ['reunion', 'cafe', 'CAFÉ', 'réunion', 'prevoir croissant']) expect(await titles(q), q).toEqual(['Réunion au café']);
    for (const q of ['naive', 'naïve', 'NAÏVE approach']) expect(await titles(q), q).toEqual(['banana']);
    for (const q of ['emile', 'émile', 'ÉMILE', 'emil']) expect(await titles(q), q).toEqual(['Émile']);
    for (const q of ['the', 'not', 'and or']) expect(await titles(q), q).toEqual(['the and or not']);
    expect(await titles('a:b')).toEqual(['banana']);
    expect(await titles('συναντηση')).toEqual(['ΣΥΝΑΝΤΗΣΗ Δευτέρα']);
    expect(await titles('ΔΕΥΤΈΡΑ')).toEqual(['ΣΥΝΑΝΤΗΣΗ Δευτέρα']);
  });
});

describe('lifecycle (D7) and complete', () => {
  it('allows the documented moves and refuses leaving a final state with 422', async () => {
    const task = await newTask(c);
    expect((await c.put(`/tasks/${task.id}`, { status: 'in_progress', publish: true })).body.data.status).toBe('in_progress');
    expect((await c.put(`/tasks/${task.id}`, { status: 'pending', publish: true })).body.data.status).toBe('pending');
    const done = await c.put(`/tasks/${task.id}`, { status: 'completed' });
    expect(done.body.data).toMatchObject({ status: 'completed', is_published: true, version_minor: 0 });
    expect(done.body.data.completed_at).toMatch(/Z$/);
    for (const status of ['pending', 'in_progress', 'canceled']) {
      const res = await c.put(`/tasks/${task.id}`, { status });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ error: 'unprocessable_entity', details: { field: 'status', constraint: 'transition' } });
    }
    const canceled = await newTask(c, { status: 'canceled' });
    expect((await c.patch(`/tasks/${canceled.id}`, { status: 'pending' })).status).toBe(422);
  });

  it('completes from pending and in_progress, is a no-op when completed, 422 when canceled', async () => {
    const a = await newTask(c);
    const res = await c.post(`/tasks/${a.id}/complete`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'completed', version_major: 2, version_minor: 0, is_published: true });
    const again = await c.post(`/tasks/${a.id}/complete`);
    expect(again.status).toBe(200);
    expect(again.body.data.version_major).toBe(2);
    const b = await newTask(c, { status: 'in_progress' });
    expect((await c.post(`/tasks/${b.id}/complete`)).body.data.status).toBe('completed');
    const x = await newTask(c, { status: 'canceled' });
    expect((await c.post(`/tasks/${x.id}/complete`)).status).toBe(422);
    expect((await c.post('/tasks/6f1c1d52-8c9a-4e53-9d7e-0d7a3f1b2c3d/complete')).status).toBe(404);
  });
});

describe('comments', () => {
  it('creates, lists, edits and deletes own comments', async () => {
    const task = await newTask(c);
    const created = await c.post(`/tasks/${task.id}/comments`, { message: 'First!' });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ task_id: task.id, user_id: owner.id, message: 'First!' });
    expect(created.body.data).not.toHaveProperty('event_id');
    await c.post(`/tasks/${task.id}/comments`, { message: 'Second' });
    const list = await c.get(`/tasks/${task.id}/comments`);
    expect(list.body.data.map((x: any) => x.message)).toEqual(['First!', 'Second']);
    expect(list.body.meta.pagination.total).toBe(2);
    const edited = await c.put(`/tasks/${task.id}/comments/${created.body.data.id}`, { message: 'Edited' });
    expect(edited.body.data.message).toBe('Edited');
    expect((await c.delete(`/tasks/${task.id}/comments/${created.body.data.id}`)).status).toBe(204);
    expect((await c.get(`/tasks/${task.id}/comments`)).body.data).toHaveLength(1);
    // Comments do not touch versions.
    expect((await c.get(`/tasks/${task.id}`)).body.data).toMatchObject({ version_major: 1, version_minor: 0 });
  });

  it('validates messages and hides comments from strangers', async () => {
    const task = await newTask(c);
    expect((await c.post(`/tasks/${task.id}/comments`, { message: '' })).status).toBe(400);
    expect((await c.post(`/tasks/${task.id}/comments`, { message: '  ' })).status).toBe(400);
    expect((await c.post(`/tasks/${task.id}/comments`, { message: 'm'.repeat(10_001) })).status).toBe(400);
    const stranger = t.as(await t.user());
    expect((await stranger.post(`/tasks/${task.id}/comments`, { message: 'hi' })).status).toBe(404);
    expect((await stranger.get(`/tasks/${task.id}/comments`)).status).toBe(404);
    expect((await c.put(`/tasks/${task.id}/comments/6f1c1d52-8c9a-4e53-9d7e-0d7a3f1b2c3d`, { message: 'x' })).status).toBe(404);
  });
});

describe('assignees', () => {
  it('assigns a user who can see the task, lists and removes', async () => {
    const task = await newTask(c);
    // The owner can see their own task: self-assignment is fine.
    const self = await c.post(`/tasks/${task.id}/assign`, { user_email: owner.email.toUpperCase() });
    expect(self.status).toBe(201);
    expect(self.body.data).toMatchObject({ task_id: task.id, user_id: owner.id, assigned_by: owner.id });
    expect((await c.post(`/tasks/${task.id}/assign`, { user_email: owner.email })).status).toBe(200);
    const list = await c.get(`/tasks/${task.id}/assignees`);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0].email).toBe(owner.email);
    expect((await c.delete(`/tasks/${task.id}/assignees/${owner.id}`)).status).toBe(204);
    expect((await c.get(`/tasks/${task.id}/assignees`)).body.data).toHaveLength(0);
    expect((await c.delete(`/tasks/${task.id}/assignees/${owner.id}`)).status).toBe(404);
  });

  it('refuses users who cannot see the task and unknown emails with 422', async () => {
    const task = await newTask(c);
    const other = await t.user();
    const res = await c.post(`/tasks/${task.id}/assign`, { user_email: other.email });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ field: 'user_email', constraint: 'no_access' });
    expect((await c.post(`/tasks/${task.id}/assign`, { user_email: 'ghost@example.com' })).status).toBe(422);
    expect((await c.post(`/tasks/${task.id}/assign`, {})).status).toBe(400);
    // The assignee gained no access.
    expect((await t.as(other).get(`/tasks/${task.id}`)).status).toBe(404);
  });
});

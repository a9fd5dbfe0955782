/**
 * Retries on a short schedule with every attempt logged, a slow receiver counted as a failure,
 * disabling after 20 failed events (PUT re-enables), test events and redelivery (D18).
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { echoChallenge, startReceiver, type Received, type Receiver } from '../helpers/webhook-receiver.js';

let t: TestApp;
let rx: Receiver;
const SECRET = 'retry-webhook-secret-0123456789';

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_SCHEDULE: '1.1,1.1' });
  rx = await startReceiver();
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

const on = (path: string) => (r: Received) => r.path === path && r.json?.type !== 'webhook.verification';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function hook(user: TestUser, path: string, events: string[] = ['task.created']) {
  const res = await t.as(user).post('/webhooks', { url: `${rx.url}${path}`, events, secret: SECRET });
  expect(res.status).toBe(201);
  return res.body.data as { id: string };
}

async function logsUntil(user: TestUser, id: string, done: (logs: any[]) => boolean, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const logs = (await t.as(user).get(`/webhooks/${id}/logs?limit=100`)).body.data as any[];
    if (done(logs)) return logs;
    if (Date.now() > deadline) throw new Error(`logs never matched: ${JSON.stringify(logs)}`);
    await sleep(100);
  }
}

describe('retries', () => {
  it('retries a failing receiver on the schedule, re-signing each attempt, and logs every attempt', async () => {
    const u = await t.user();
    const h = await hook(u, '/flaky');
    let calls = 0;
    rx.answer = (r) => (on('/flaky')(r) ? (++calls <= 2 ? { status: 500, body: 'not yet' } : { status: 200 }) : echoChallenge(r));
    const task = (await t.as(u).post('/tasks', { title: 'retry me' })).body.data;
    const logs = await logsUntil(u, h.id, (l) => l.some((e) => e.success));
    rx.answer = echoChallenge;
    const got = rx.received.filter(on('/flaky'));
    expect(got.length).toBe(3);
    expect(new Set(got.map((r) => r.json.id)).size).toBe(1);
    expect(got[0].json.data.task_id).toBe(task.id);
    expect(new Set(got.map((r) => r.body)).size).toBe(1);
    // A fresh timestamp and signature on each attempt, every one valid.
    expect(new Set(got.map((r) => r.headers['webhook-signature'])).size).toBe(3);
    const verifier = new Webhook(Buffer.from(SECRET), { format: 'raw' });
    for (const r of got) expect(verifier.verify(r.body, r.headers as Record<string, string>)).toEqual(r.json);
    expect(logs.map((e) => [e.attempts, e.status_code, e.success])).toEqual([
      [3, 200, true],
      [2, 500, false],
      [1, 500, false],
    ]);
    expect(logs[1]).toMatchObject({ event_id: got[0].json.id, event_type: 'task.created', last_error: 'HTTP 500' });
    expect(typeof logs[1].response_time_ms).toBe('number');
  }, 30_000);

  it('gives up after the last retry and counts the event as failed', async () => {
    const u = await t.user();
    const h = await hook(u, '/down');
    rx.answer = (r) => (on('/down')(r) ? { status: 503 } : echoChallenge(r));
    await t.as(u).post('/tasks', { title: 'never arrives' });
    const logs = await logsUntil(u, h.id, (l) => l.length === 3);
    await sleep(1_500); // past when a fourth attempt would have come
    rx.answer = echoChallenge;
    expect(rx.received.filter(on('/down')).length).toBe(3);
    expect(logs.every((e) => !e.success)).toBe(true);
    const state = await (t.app.database.db as any).selectFrom('webhook_deliveries').select('state').where('webhook_id', '=', h.id).executeTakeFirst();
    expect(state.state).toBe('failed');
    expect((await t.as(u).get(`/webhooks/${h.id}`)).body.data).toMatchObject({ status: 'active', consecutive_failures: 1 });
  }, 30_000);

  it('counts a receiver that takes 7 s as a failed attempt (5 s timeout)', async () => {
    const u = await t.user();
    const h = await hook(u, '/slow');
    rx.answer = (r) => (on('/slow')(r) ? { status: 200, delayMs: 7_000 } : echoChallenge(r));
    await t.as(u).post('/tasks', { title: 'slowpoke' });
    const logs = await logsUntil(u, h.id, (l) => l.length >= 1);
    rx.answer = echoChallenge;
    expect(logs[0]).toMatchObject({ attempts: 1, success: false, status_code: null });
    expect(logs[0].last_error).toMatch(/timeout/);
    expect(logs[0].response_time_ms).toBeGreaterThanOrEqual(4_900);
    expect((await t.as(u).delete(`/webhooks/${h.id}`)).status).toBe(204);
  }, 30_000);
});

describe('disabling, test events and redelivery', () => {
  it('disables a webhook after 20 events failed on every attempt; PUT re-enables it', async () => {
    const u = await t.user();
    const h = await hook(u, '/dead');
    rx.answer = (r) => (on('/dead')(r) ? { status: 500 } : echoChallenge(r));
    for (let i = 0; i < 20; i++) await t.as(u).post('/tasks', { title: `doomed ${i}` });
    const deadline = Date.now() + 40_000;
    let status = 'active';
    while (status === 'active' && Date.now() < deadline) {
      await sleep(200);
      status = (await t.as(u).get(`/webhooks/${h.id}`)).body.data.status;
    }
    expect(status).toBe('disabled');
    rx.answer = echoChallenge;
    const sent = rx.received.filter(on('/dead')).length;
    expect(sent).toBe(60);
    // Disabled: new changes queue nothing, a test event is refused.
    await t.as(u).post('/tasks', { title: 'while disabled' });
    // Let the dispatcher pass that change (a later change of another user is delivered) before re-enabling.
    const w = await t.user('witness');
    await hook(w, '/witness-dead');
    await t.as(w).post('/tasks', { title: 'witness' });
    await rx.waitFor(on('/witness-dead'));
    expect((await t.as(u).post(`/webhooks/${h.id}/test`, { event_type: 'task.created' })).status).toBe(422);
    const reenabled = await t.as(u).put(`/webhooks/${h.id}`, {});
    expect(reenabled.status).toBe(200);
    expect(reenabled.body.data).toMatchObject({ status: 'active', consecutive_failures: 0 });
    await t.as(u).post('/tasks', { title: 'after re-enable' });
    const r = await rx.waitFor((x) => on('/dead')(x) && x.json.data.task?.title === 'after re-enable');
    expect(r.json.type).toBe('task.created');
    expect(rx.received.filter(on('/dead')).some((x) => x.json.data.task?.title === 'while disabled')).toBe(false);
  }, 60_000);

  it('sends a test event and redelivers a logged one with the same id and body', async () => {
    const u = await t.user();
    const h = await hook(u, '/tester', ['task.created']);
    const queued = await t.as(u).post(`/webhooks/${h.id}/test`, { event_type: 'event.rsvp_changed' });
    expect(queued.status).toBe(200);
    expect(queued.body.data).toMatchObject({ event_type: 'event.rsvp_changed', status: 'queued' });
    const test = await rx.waitFor((r) => on('/tester')(r) && r.json.id === queued.body.data.event_id);
    expect(test.json).toMatchObject({ type: 'event.rsvp_changed', data: { test: true }, actor: { user_id: u.id, email: u.email } });
    const logs = await logsUntil(u, h.id, (l) => l.length === 1);
    const again = await t.as(u).post(`/webhooks/${h.id}/logs/${logs[0].id}/redeliver`);
    expect(again.status).toBe(200);
    expect(again.body.data.event_id).toBe(test.json.id);
    await logsUntil(u, h.id, (l) => l.length === 2);
    const both = rx.received.filter((r) => on('/tester')(r) && r.json.id === test.json.id);
    expect(both.length).toBe(2);
    expect(both[1].body).toBe(both[0].body);
    expect((await t.as(u).post(`/webhooks/${h.id}/logs/00000000-0000-4000-8000-000000000000/redeliver`)).status).toBe(404);
    expect((await t.as(u).post(`/webhooks/${h.id}/test`, { event_type: 'nope' })).status).toBe(400);
    // After the log's retention (30 days) the entries and finished deliveries are pruned.
    expect(await t.app.services.webhooks.prune(new Date(Date.now() + 29 * 86_400_000))).toBe(0);
    expect(await t.app.services.webhooks.prune(new Date(Date.now() + 31 * 86_400_000))).toBeGreaterThanOrEqual(4);
    expect((await t.as(u).get(`/webhooks/${h.id}/logs`)).body.meta.pagination.total).toBe(0);
    expect((await t.as(u).post(`/webhooks/${h.id}/logs/${logs[0].id}/redeliver`)).status).toBe(404);
  }, 30_000);
});

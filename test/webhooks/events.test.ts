/**
 * Every event kind of the spec's table reaches a real receiver with its payload, both signatures
 * check out with the secret, unsubscribed kinds are never sent, drafts emit nothing, and a webhook
 * stops carrying a record once its owner loses sight of it (D18).
 */
import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_KINDS } from '../../src/core/webhooks/event-kinds.js';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { echoChallenge, startReceiver, type Received, type Receiver } from '../helpers/webhook-receiver.js';

let t: TestApp;
let rx: Receiver;
let alice: TestUser;
let bob: TestUser;
const SECRET = 'alice-webhook-secret-0123456789';

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_SCHEDULE: '0.3,0.3,0.3' });
  rx = await startReceiver();
  alice = await t.user('alice');
  bob = await t.user('bob');
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

const db = () => t.app.database.db as any;
const on = (path: string) => (r: Received) => r.path === path && r.json?.type !== 'webhook.verification';

function checkSignatures(r: Received, secret: string) {
  const hex = createHmac('sha256', secret).update(r.body, 'utf8').digest('hex');
  expect(r.headers['x-service-signature']).toBe(`sha256=${hex}`);
  expect(r.headers['webhook-id']).toBe(r.json.id);
  // The Standard Webhooks library verifies id, timestamp and signature over the exact body.
  const raw = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
  expect(raw.verify(r.body, r.headers as Record<string, string>)).toEqual(r.json);
}

describe('every event kind', () => {
  it('arrives with its payload, actor and both signatures; drafts and unsubscribed kinds send nothing', async () => {
    const all = await t.as(alice).post('/webhooks', { url: `${rx.url}/all`, events: [...EVENT_KINDS], secret: SECRET });
    expect(all.status).toBe(201);
    const onlyDeleted = await t.as(alice).post('/webhooks', { url: `${rx.url}/deleted-only`, events: ['task.deleted'], secret: SECRET });
    const a = t.as(alice);
    const ctx = (await a.post('/contexts', { name: 'Launch' })).body.data;
    await a.put(`/contexts/${ctx.id}`, { name: 'Launch 2' });
    await a.post(`/contexts/${ctx.id}/share`, { user_email: bob.email, permission: 'write' });
    const task = (await a.post('/tasks', { title: 'Draft me', context_id: ctx.id, status: 'in_progress' })).body.data;
    await a.put(`/tasks/${task.id}`, { title: 'Drafted title' }); // a draft: nothing yet
    await a.post(`/tasks/${task.id}/draft`, { action: 'accept' }); // published: task.updated
    await a.put(`/tasks/${task.id}`, { priority: 'high', publish: true });
    await a.post(`/tasks/${task.id}/assign`, { user_email: bob.email });
    await a.post(`/tasks/${task.id}/comments`, { message: 'Looks good' });
    await a.post(`/tasks/${task.id}/complete`);
    // Payloads show the record as dispatched: the creation goes out before the task is deleted (on a
    // loaded machine it did not, and carried \`task: null\`).
    await rx.waitFor((r) => on('/all')(r) && r.json.type === 'task.created');
    await a.delete(`/tasks/${task.id}`);
    const ev = (await a.post('/events', { title: 'Kickoff', start_time: '2030-01-01T10:00:00Z', end_time: '2030-01-01T11:00:00Z', context_id: ctx.id })).body
      .data;
    // Payloads show the record as dispatched: the creation goes out before the event is edited.
    await rx.waitFor((r) => on('/all')(r) && r.json.type === 'event.created');
    await a.post(`/events/${ev.id}/attendees`, { user_email: bob.email });
    expect((await t.as(bob).patch(`/events/${ev.id}/attendees/${bob.id}`, { rsvp_status: 'accepted' })).status).toBe(200);
    await a.put(`/events/${ev.id}`, { location: 'Room 1' }); // draft: nothing
    await a.put(`/events/${ev.id}`, { title: 'Kickoff!', publish: true });
    // Payloads show the record as dispatched: let this one go out before the event is deleted.
    await rx.waitFor((r) => on('/all')(r) && r.json.type === 'event.updated');
    await a.delete(`/events/${ev.id}`);

    await rx.waitFor((r) => on('/all')(r) && r.json.type === 'event.deleted');
    await rx.waitFor((r) => on('/all')(r) && r.json.type === 'task.deleted');
    await rx.waitFor((r) => on('/deleted-only')(r) && r.json.type === 'task.deleted');
    const got = rx.received.filter(on('/all'));
    // Each event once (a repeat, checked identical below, is the same event).
    const unique = [...new Map(got.map((r) => [r.json.id, r])).values()];
    const byType = (type: string) => unique.filter((r) => r.json.type === type);
    for (const kind of EVENT_KINDS) expect(byType(kind).length, kind).toBeGreaterThan(0);
    // At least once: a retry after a timed-out attempt (a loaded machine) may repeat an event, but
    // a repeat is the same event, byte for byte in its payload.
    const firstOf = new Map<string, string>();
    for (const r of got) {
      const body = JSON.stringify(r.json);
      expect(firstOf.get(r.json.id) ?? body, `event ${r.json.id} repeated with another payload`).toBe(body);
      firstOf.set(r.json.id, body);
    }
    for (const r of got) {
      checkSignatures(r, SECRET);
      expect(Object.keys(r.json).sort()).toEqual(['actor', 'created_at', 'data', 'id', 'type']);
    }

    expect(byType('context.created')[0].json).toMatchObject({
      data: { context_id: ctx.id, context: { id: ctx.id } },
      actor: { user_id: alice.id, email: alice.email },
    });
    expect(byType('context.updated')[0].json.data).toMatchObject({ context_id: ctx.id, changed: ['name'] });
    expect(byType('context.shared')[0].json.data).toMatchObject({
      context_id: ctx.id,
      shared_with: { user_id: bob.id, email: bob.email },
      permission: 'write',
    });
    expect(byType('task.created')[0].json.data).toMatchObject({ task_id: task.id, task: { id: task.id, recurrence: null } });
    // Records as GET shows them: every field, `recurrence` (D17) included.
    expect(Object.keys(byType('task.created')[0].json.data.task).sort()).toEqual(Object.keys(task).sort());
    expect(Object.keys(byType('event.created')[0].json.data.event).sort()).toEqual(Object.keys(ev).sort());
    // Only published moves: the accepted draft and the published priority change.
    const updates = byType('task.updated').map((r) => r.json.data.changes);
    expect(updates[0]).toEqual({ title: { old: 'Draft me', new: 'Drafted title' } });
    expect(updates[1]).toEqual({ priority: { old: 'medium', new: 'high' } });
    expect(updates[2]).toMatchObject({ status: { old: 'in_progress', new: 'completed' } });
    expect(updates.length).toBe(3);
    expect(byType('task.assigned')[0].json.data).toMatchObject({
      task_id: task.id,
      assignee: { user_id: bob.id, email: bob.email },
      assigned_by: { user_id: alice.id, email: alice.email },
    });
    expect(byType('task.comment_added')[0].json.data).toMatchObject({ task_id: task.id, comment: { message: 'Looks good', user_id: alice.id } });
    expect(byType('task.completed')[0].json.data).toMatchObject({ task_id: task.id });
    expect(byType('task.deleted')[0].json.data).toMatchObject({ task_id: task.id });
    expect(byType('event.created')[0].json.data).toMatchObject({ event_id: ev.id, event: { title: 'Kickoff' } });
    expect(byType('event.attendee_added')[0].json.data).toMatchObject({
      event_id: ev.id,
      attendee: { email: bob.email, user_id: bob.id, rsvp_status: 'pending' },
    });
    expect(byType('event.rsvp_changed')[0].json).toMatchObject({
      data: { event_id: ev.id, attendee: { user_id: bob.id }, rsvp_status: { old: 'pending', new: 'accepted' } },
      actor: { user_id: bob.id, email: bob.email },
    });
    const evUpdates = byType('event.updated');
    expect(evUpdates.length).toBe(1);
    // Published state only: the draft's location never shows.
    expect(evUpdates[0].json.data.changes).toEqual({ title: { old: 'Kickoff', new: 'Kickoff!' } });
    expect(evUpdates[0].json.data.event).toMatchObject({ title: 'Kickoff!', is_published: true, version_minor: 0, last_live: null });
    expect(evUpdates[0].json.data.event.location ?? null).toBeNull();
    expect(byType('event.deleted')[0].json.data).toMatchObject({ event_id: ev.id });

    // One record's events arrive in commit order.
    const taskOrder = got.filter((r) => r.json.data.task_id === task.id).map((r) => r.json.type);
    expect(taskOrder[0]).toBe('task.created');
    expect(taskOrder.at(-1)).toBe('task.deleted');

    // The second webhook asked for task.deleted only: nothing else was even queued for it.
    const queued = await db().selectFrom('webhook_deliveries').select('event_type').where('webhook_id', '=', onlyDeleted.body.data.id).execute();
    expect(queued.map((q: any) => q.event_type)).toEqual(['task.deleted']);
    expect(rx.received.filter(on('/deleted-only')).map((r) => r.json.type)).toEqual(['task.deleted']);

    // One log entry per attempt received. Attempts are recorded in small groups after they finish,
    // so the last one can be a moment behind the receiver.
    let logs = await a.get(`/webhooks/${all.body.data.id}/logs?limit=100`);
    for (let i = 0; i < 100 && logs.body.data.length < got.length; i++) {
      await new Promise((r) => setTimeout(r, 100));
      logs = await a.get(`/webhooks/${all.body.data.id}/logs?limit=100`);
    }
    expect(logs.status).toBe(200);
    expect(logs.body.data.length).toBe(got.length);
    expect(logs.body.data[0]).toMatchObject({ success: true, status_code: 200, attempts: 1 });
  }, 60_000);

  it('a generated whsec_ secret verifies with the Standard Webhooks library as given', async () => {
    const c = await t.user('carol');
    const hook = (await t.as(c).post('/webhooks', { url: `${rx.url}/carol`, events: ['task.created'] })).body.data;
    await t.as(c).post('/tasks', { title: 'Signed' });
    const r = await rx.waitFor(on('/carol'));
    expect(new Webhook(hook.secret).verify(r.body, r.headers as Record<string, string>)).toEqual(r.json);
    expect(r.headers['x-service-signature']).toBe(`sha256=${createHmac('sha256', hook.secret).update(r.body).digest('hex')}`);
  });
});

describe('access', () => {
  it('never sends records the owner cannot see, and stops once access is lost', async () => {
    const owner = await t.user('owner');
    const guest = await t.user('guest');
    const ctx = (await t.as(owner).post('/contexts', { name: 'Private' })).body.data;
    const guestHook = (await t.as(guest).post('/webhooks', { url: `${rx.url}/guest`, events: ['task.created', 'task.updated'] })).body.data;
    const other = (await t.as(owner).post('/contexts', { name: 'Never shared' })).body.data;
    await t.as(owner).post('/tasks', { title: 'never shared', context_id: other.id });
    await t.as(owner).post(`/contexts/${ctx.id}/share`, { user_email: guest.email, permission: 'read' });
    // The guest's receiver fails, so this delivery sits in its retry schedule.
    rx.answer = (r) => (r.path === '/guest' ? { status: 503 } : echoChallenge(r));
    const seen = (await t.as(owner).post('/tasks', { title: 'while shared', context_id: ctx.id })).body.data;
    const first = await rx.waitFor((r) => on('/guest')(r) && r.json.data.task_id === seen.id);
    expect(first.json.data.task.title).toBe('while shared');
    expect((await t.as(owner).delete(`/contexts/${ctx.id}/collaborators/${guest.id}`)).status).toBe(204);
    const sentBefore = rx.received.filter(on('/guest')).length;
    rx.answer = echoChallenge;
    await t.as(owner).post('/tasks', { title: 'after revoke', context_id: ctx.id });
    // The pending retry is dropped at its next attempt, logged as not sent.
    const deadline = Date.now() + 20_000;
    let state = 'pending';
    while (state === 'pending' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      state = (
        await db()
          .selectFrom('webhook_deliveries')
          .select('state')
          .where('webhook_id', '=', guestHook.id)
          .where('event_id', '=', first.json.id)
          .executeTakeFirst()
      ).state;
    }
    expect(state).toBe('skipped');
    const logs = (await t.as(guest).get(`/webhooks/${guestHook.id}/logs`)).body.data;
    expect(logs[0]).toMatchObject({ event_id: first.json.id, success: false, status_code: null });
    expect(logs[0].last_error).toMatch(/can no longer see/);
    // Let the dispatcher pass the last change, then check nothing else reached the guest.
    const owned = await t.user('witness');
    await t.as(owned).post('/webhooks', { url: `${rx.url}/witness`, events: ['task.created'] });
    await t.as(owned).post('/tasks', { title: 'witness' });
    await rx.waitFor(on('/witness'));
    const guestGot = rx.received.filter(on('/guest'));
    expect(guestGot.length).toBe(sentBefore);
    expect(guestGot.map((r) => r.json.data.task?.title)).not.toContain('never shared');
    expect(guestGot.map((r) => r.json.data.task?.title)).not.toContain('after revoke');
  }, 40_000);
});

/** Registration, the challenge handshake and its refusals, and the routes' ownership rules (D18). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { echoChallenge, startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

let t: TestApp;
let rx: Receiver;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_POLL_MS: '50' });
  rx = await startReceiver();
  alice = await t.user('alice');
  bob = await t.user('bob');
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

const count = async (user: TestUser) => (await t.as(user).get('/webhooks')).body.meta.pagination.total;

describe('registration handshake', () => {
  it('registers after the challenge is echoed, returns the secret once, and never again', async () => {
    rx.answer = echoChallenge;
    const res = await t.as(alice).post('/webhooks', { url: `${rx.url}/ok`, events: ['task.created'], secret: 'a-secret-of-my-own-1234' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ url: `${rx.url}/ok`, events: ['task.created'], status: 'active', secret: 'a-secret-of-my-own-1234' });
    const challenge = rx.received.at(-1)!;
    expect(challenge.json).toMatchObject({ type: 'webhook.verification' });
    expect(typeof challenge.json.challenge).toBe('string');
    const listed = await t.as(alice).get('/webhooks');
    expect(listed.text).not.toContain('a-secret-of-my-own');
    const one = await t.as(alice).get(`/webhooks/${res.body.data.id}`);
    expect(one.status).toBe(200);
    expect(one.body.data.secret).toBeUndefined();
  });

  it('makes a whsec_ secret when none is given', async () => {
    const res = await t.as(alice).post('/webhooks', { url: `${rx.url}/gen`, events: ['task.created'] });
    expect(res.status).toBe(201);
    expect(res.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  });

  const refusals: Array<[string, (r: any) => any]> = [
    ['a wrong challenge', () => ({ status: 200, body: JSON.stringify({ challenge: 'nope' }), headers: { 'content-type': 'application/json' } })],
    ['a 500', () => ({ status: 500, body: 'boom' })],
    ['a redirect', (r) => ({ status: 302, headers: { location: `${rx.url}/elsewhere` }, body: r.body })],
    ['a non-JSON 200', () => ({ status: 200, body: 'hello' })],
    ['an answer slower than 5 s', (r) => ({ ...echoChallenge(r), delayMs: 5_800 })],
  ];
  for (const [what, answer] of refusals) {
    it(`refuses ${what} with 422 and registers nothing`, async () => {
      const before = await count(bob);
      const seen = rx.received.length;
      rx.answer = answer;
      try {
        const res = await t.as(bob).post('/webhooks', { url: `${rx.url}/refuse`, events: ['task.created'] });
        expect(res.status).toBe(422);
        expect(res.body).toMatchObject({ error: 'unprocessable_entity', details: { field: 'url', constraint: 'verification' } });
        expect(rx.received.length).toBe(seen + 1); // one challenge, no redirect followed
        expect(await count(bob)).toBe(before);
      } finally {
        rx.answer = echoChallenge;
      }
    }, 15_000);
  }

  it('rejects malformed input with 400 before any request goes out', async () => {
    const seen = rx.received.length;
    for (const body of [
      { url: 'ftp://example.com/x', events: ['task.created'] },
      { url: 'not a url', events: ['task.created'] },
      { url: `${rx.url}/x`, events: [] },
      { url: `${rx.url}/x`, events: ['task.exploded'] },
      { url: `${rx.url}/x`, events: ['task.created'], secret: 'short' },
      { url: 'http://user:pw@127.0.0.1:1/x', events: ['task.created'] },
    ]) {
      const res = await t.as(bob).post('/webhooks', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(rx.received.length).toBe(seen);
  });
});

describe('changes and ownership', () => {
  it('verifies a new URL on PUT (422 keeps the old one) and changes the kinds', async () => {
    const created = (await t.as(alice).post('/webhooks', { url: `${rx.url}/a`, events: ['task.created'] })).body.data;
    rx.answer = () => ({ status: 500 });
    const refused = await t.as(alice).put(`/webhooks/${created.id}`, { url: `${rx.url}/b` });
    rx.answer = echoChallenge;
    expect(refused.status).toBe(422);
    expect((await t.as(alice).get(`/webhooks/${created.id}`)).body.data.url).toBe(`${rx.url}/a`);
    const seen = rx.received.length;
    const kinds = await t.as(alice).put(`/webhooks/${created.id}`, { events: ['task.deleted', 'context.shared'] });
    expect(kinds.status).toBe(200);
    expect(kinds.body.data.events).toEqual(['task.deleted', 'context.shared']);
    expect(rx.received.length).toBe(seen); // same URL: no new challenge
    const moved = await t.as(alice).put(`/webhooks/${created.id}`, { url: `${rx.url}/b` });
    expect(moved.status).toBe(200);
    expect(moved.body.data.url).toBe(`${rx.url}/b`);
  });

  it('is invisible to other users (404) and deletable by its owner', async () => {
    const created = (await t.as(alice).post('/webhooks', { url: `${rx.url}/own`, events: ['task.created'] })).body.data;
    expect((await t.as(bob).get(`/webhooks/${created.id}`)).status).toBe(404);
    expect((await t.as(bob).put(`/webhooks/${created.id}`, { events: ['task.created'] })).status).toBe(404);
    expect((await t.as(bob).delete(`/webhooks/${created.id}`)).status).toBe(404);
    expect((await t.as(bob).get(`/webhooks/${created.id}/logs`)).status).toBe(404);
    expect((await t.as(bob).post(`/webhooks/${created.id}/test`, { event_type: 'task.created' })).status).toBe(404);
    expect((await t.as(alice).delete(`/webhooks/${created.id}`)).status).toBe(204);
    expect((await t.as(alice).get(`/webhooks/${created.id}`)).status).toBe(404);
  });

  it('an Idempotency-Key replays the registration without a second handshake', async () => {
    const headers = { 'idempotency-key': `wh-${Date.now()}` };
    const first = await t.as(alice).post('/webhooks', { url: `${rx.url}/idem`, events: ['task.created'] }, headers);
    const seen = rx.received.length;
    const again = await t.as(alice).post('/webhooks', { url: `${rx.url}/idem`, events: ['task.created'] }, headers);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(rx.received.length).toBe(seen);
  });
});

describe('the per-user limit (D23: 25 webhooks)', () => {
  it('holds when registrations arrive in parallel: exactly 25 made, the rest 422 limit', async () => {
    rx.answer = echoChallenge;
    const carol = await t.user('carol');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.as(carol).post('/webhooks', { url: `${rx.url}/many-${i}`, events: ['task.created'] })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(25);
    expect(answers.filter((a) => a.status !== 201).map((a) => [a.status, a.body.details?.constraint])).toEqual(Array(15).fill([422, 'limit']));
    expect(await count(carol)).toBe(25);
  });
});

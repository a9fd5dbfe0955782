/**
 * On PostgreSQL the bearer check and the user's rate-limit count share one round trip (issue 15);
 * on SQLite they are separate. Either way the buckets must stay what D13 says: a valid token counts
 * against its user, a revoked one against the client IP (not the user whose token it was), and a
 * revocation is refused on the very next request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MAX: '4', RATE_LIMIT_WINDOW_S: '3600' });
});
afterAll(async () => {
  await t.close();
});

describe('rate-limit buckets through the bearer check', () => {
  it('counts valid tokens per user and revoked ones per IP', async () => {
    const user = await t.user();
    const ipRemaining = async () => Number((await t.request('GET', '/api/v1/tasks')).headers['x-ratelimit-remaining']);
    const ipBefore = await ipRemaining();

    const first = await t.request('GET', '/api/v1/tasks', { token: user.token });
    expect(first.status).toBe(200);
    expect(first.headers['x-ratelimit-remaining']).toBe('3');

    await t.app.services.accounts.revokeAllTokens(user.id);
    const revoked = await t.request('GET', '/api/v1/tasks', { token: user.token });
    expect(revoked.status).toBe(401);
    // Counted against the IP: the IP's budget went down by the probe and this request.
    expect(Number(revoked.headers['x-ratelimit-remaining'])).toBe(ipBefore - 1);

    // The user's own window was not spent by the revoked request.
    const { token } = await t.app.services.accounts.issueToken(user.id, 'again');
    const again = await t.request('GET', '/api/v1/tasks', { token });
    expect(again.status).toBe(200);
    expect(again.headers['x-ratelimit-remaining']).toBe('2');
  });
});

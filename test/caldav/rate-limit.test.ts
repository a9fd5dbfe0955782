/** The CalDAV door past the rate limit (D13): 429 with Retry-After, as REST answers, never a data error. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { dav, home, vtodo } from './helpers.js';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_MAX: '5', RATE_LIMIT_WINDOW_S: '60' });
  u = await t.user('dav');
});
afterAll(() => t?.close());

describe('CalDAV past the rate limit', () => {
  it('answers 429 with Retry-After and no CalDAV precondition, for reads and writes alike', async () => {
    const dv = dav(t, u);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await dv('PROPFIND', home(u), undefined, { depth: '0' }));
    const served = answers.findIndex((a) => a.status !== 207);
    expect(served).toBeGreaterThanOrEqual(3);
    const put = await dv('PUT', `${home(u)}personal-tasks/late.ics`, vtodo('late', ['SUMMARY:Late']));
    for (const limited of [answers[served], put]) {
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['x-ratelimit-remaining']).toBe('0');
      expect(limited.body).not.toContain('valid-calendar-data');
    }
  });
});

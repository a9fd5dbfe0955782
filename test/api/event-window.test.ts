/**
 * Event windows are bounded below by the longest event's duration (migration 015, issue 15): the
 * bound must never drop an event that overlaps the window, whatever its length, including after an
 * update makes an event longer, and the total must match the rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const ev = (title: string, start: string, end: string) => ({ title, start_time: start, end_time: end });

describe('event windows bounded by the longest duration', () => {
  it('finds short, long and lengthened events that overlap the window, and only those', async () => {
    const u = t.as(await t.user());
    const ids: Record<string, string> = {};
    for (const [name, start, end] of [
      ['before', '2030-03-01T08:00:00Z', '2030-03-01T09:00:00Z'],
      ['inside', '2030-03-10T10:00:00Z', '2030-03-10T11:00:00Z'],
      ['crossing-start', '2030-03-09T23:30:00Z', '2030-03-10T00:30:00Z'],
      ['after', '2030-03-20T10:00:00Z', '2030-03-20T11:00:00Z'],
      ['ends-at-from', '2030-03-09T22:00:00Z', '2030-03-10T00:00:00Z'],
    ] as const) {
      const res = await u.post('/events', ev(name, start, end));
      expect(res.status).toBe(201);
      ids[name] = res.body.data.id;
    }
    const window = '/events?from=2030-03-10T00:00:00Z&to=2030-03-11T00:00:00Z&sort=start_time&limit=100';
    const titles = async () => {
      const res = await u.get(window);
      expect(res.status).toBe(200);
      expect(res.body.meta.pagination.total).toBe(res.body.data.length);
      return res.body.data.map((e: { title: string }) => e.title);
    };
    expect(await titles()).toEqual(['crossing-start', 'inside']);

    // A three-week event starting long before the window, made after the short ones.
    const long = await u.post('/events', ev('three-weeks', '2030-02-20T00:00:00Z', '2030-03-13T00:00:00Z'));
    expect(long.status).toBe(201);
    expect(await titles()).toEqual(['three-weeks', 'crossing-start', 'inside']);

    // An event made longer by an update: its start moves a month earlier, its end stays in the window.
    const moved = await u.patch(`/events/${ids.inside}`, { start_time: '2030-02-01T00:00:00Z', publish: true });
    expect(moved.status).toBe(200);
    expect(await titles()).toEqual(['inside', 'three-weeks', 'crossing-start']);

    // Deleting the long ones leaves a correct (if looser) bound.
    expect((await u.delete(`/events/${long.body.data.id}`)).status).toBe(204);
    expect((await u.delete(`/events/${ids.inside}`)).status).toBe(204);
    expect(await titles()).toEqual(['crossing-start']);
  });
});

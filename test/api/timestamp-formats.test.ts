/**
 * D3: "Input accepts any ISO 8601 timestamp with an offset": the basic format and an hour-only
 * offset too, with impossible days and out-of-range years still refused (audit 6, B18).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type Client, type TestApp } from '../helpers/app.js';

let t: TestApp;
let c: Client;
beforeAll(async () => {
  t = await startTestApp();
  c = t.as(await t.user());
});
afterAll(async () => {
  await t.close();
});

const due = async (value: string) => c.post('/tasks', { title: 'when', due_date: value });

describe('ISO 8601 input forms', () => {
  it('accepts the basic format and hour-only offsets, stored as UTC', async () => {
    const cases: Array<[string, string]> = [
      ['20261201T100000Z', '2026-12-01T10:00:00.000Z'],
      ['20261201T1000Z', '2026-12-01T10:00:00.000Z'],
      ['20261201T100000.25Z', '2026-12-01T10:00:00.250Z'],
      ['20261201T100000+0530', '2026-12-01T04:30:00.000Z'],
      ['20261201T100000-05', '2026-12-01T15:00:00.000Z'],
      ['2026-12-01T10:00:00+05', '2026-12-01T05:00:00.000Z'],
      ['2026-12-01T10:00-03', '2026-12-01T13:00:00.000Z'],
      ['2026-12-01T10:00:00,5Z', '2026-12-01T10:00:00.500Z'],
      ['2026-12-01T10:00:00.123456789+01:00', '2026-12-01T09:00:00.123Z'],
      ['2026-12-01t10:00:00z', '2026-12-01T10:00:00.000Z'],
      ['2024-02-29T00:00:00Z', '2024-02-29T00:00:00.000Z'],
      ['00500101T000000Z', '0050-01-01T00:00:00.000Z'],
      ['99991231T235959.999Z', '9999-12-31T23:59:59.999Z'],
    ];
    for (const [input, stored] of cases) {
      const res = await due(input);
      expect(res.status, input).toBe(201);
      expect(res.body.data.due_date, input).toBe(stored);
    }
  });

  it('still refuses impossible times, missing offsets and out-of-range years', async () => {
    const cases: Array<[string, string]> = [
      ['20260230T100000Z', 'format'],
      ['2026-02-30T10:00:00+05', 'format'],
      ['20270229T100000Z', 'format'],
      ['20261201T240000Z', 'format'],
      ['20261201T100060Z', 'format'],
      ['20261201T100000+24', 'format'],
      ['2026-12-01T10:00:00+05:60', 'format'],
      ['20261201T100000', 'format'],
      ['2026-12-01T10:00:00', 'format'],
      ['20261201', 'format'],
      ['2026-12-01T10Z', 'format'],
      ['00000101T000000Z', 'format'],
      ['100000101T000000Z', 'format'],
      ['99991231T235959-01', 'format'],
      ['2026-1201T10:00:00Z', 'format'],
    ];
    for (const [input, constraint] of cases) {
      const res = await due(input);
      expect(res.status, input).toBe(400);
      expect(res.body.details, input).toMatchObject({ field: 'due_date', constraint });
    }
  });

  it('the same forms in query filters and event times', async () => {
    expect((await c.get('/tasks?updated_after=20260101T000000Z')).status).toBe(200);
    expect((await c.get('/tasks?updated_after=2026-01-01T00:00:00%2B05')).status).toBe(200);
    expect((await c.get('/tasks?updated_after=20260230T000000Z')).status).toBe(400);
    // An unencoded + reads as a space: the answer says how to send it (audit 11, B3).
    const plus = await c.get('/tasks?updated_after=2026-12-01T10:00:00+01:00');
    expect(plus.status).toBe(400);
    expect(plus.body.message).toMatch(/%2B/);
    const ev = await c.post('/events', { title: 'basic', start_time: '20261201T100000+01', end_time: '20261201T1100+0100' });
    expect(ev.status).toBe(201);
    expect(ev.body.data).toMatchObject({ start_time: '2026-12-01T09:00:00.000Z', end_time: '2026-12-01T10:00:00.000Z' });
    const window = await c.get('/events?from=20261201T000000Z&to=20261202T000000Z');
    expect(window.body.data.map((e: any) => e.id)).toContain(ev.body.data.id);
  });
});

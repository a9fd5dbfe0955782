/**
 * Fuzzing the task routes with malformed bodies and queries. Every operation of the document is
 * fuzzed in test/api/guarantees/fuzz.test.ts.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';

let t: TestApp;
let user: TestUser;
let taskId: string;
beforeAll(async () => {
  t = await startTestApp();
  user = await t.user();
  taskId = (await t.as(user).post('/tasks', { title: 'Fuzz target' })).body.data.id;
});
afterAll(async () => {
  await t.close();
});

const fieldNames = [
  'title',
  'description',
  'status',
  'priority',
  'due_date',
  'estimated_minutes',
  'context_id',
  'user_id',
  'publish',
  'action',
  'message',
  'user_email',
  '__proto__',
  'constructor',
  'prototype',
  'id',
  'version_major',
  'x',
];
const oddStrings = fc.constantFrom(
  '',
  ' ',
  'pending',
  'completed',
  'urgent',
  '2026-13-45T99:99:99Z',
  '2026-11-25T10:00:00+01:00',
  'not-a-uuid',
  '00000000-0000-4000-8000-000000000000',
  "'; DROP TABLE tasks; --",
  '%_\\',
  '\u0000',
  '\ud800',
  'é'.repeat(600),
  '1e309',
);
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  leaf: fc.oneof(fc.string(), oddStrings, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 1e20)),
  node: fc.oneof(
    { depthSize: 'small' },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...fieldNames), tie('node'), { maxKeys: 4 }),
  ),
})).node;
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...fieldNames), value, { maxKeys: 6 }).map((o) => JSON.stringify(o)),
  value.map((v) => JSON.stringify(v) ?? 'null'),
  fc.string({ maxLength: 50 }),
  fc.constantFrom('{"title":"x","__proto__":{"a":1}}', '{"title":"x","constructor":{"prototype":{}}}', '{'.repeat(200), '[[[[[[[[[[]]]]]]]]]]'),
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  oddStrings,
  fc.integer().map(String),
  fc.constantFrom('-1', '0', '101', '1e309', 'true', 'title,-title', '-created_at,'.repeat(20)),
);
const query = fc
  .dictionary(
    fc.constantFrom(
      'limit',
      'offset',
      'sort',
      'status',
      'published',
      'include_draft_status',
      'source',
      'source_email_id',
      'updated_after',
      'context_id',
      'q',
      'user_id',
    ),
    queryValue,
    { maxKeys: 5 },
  )
  .map((o) => new URLSearchParams(o).toString());

function checkErrorBody(res: { status: number; body: any }) {
  expect(res.status).toBeLessThan(500);
  if (res.status >= 400) {
    expect(res.body).toMatchObject({ error: expect.any(String), message: expect.any(String), status: res.status, correlationId: expect.any(String) });
  }
}

describe('fuzzing the task routes', () => {
  it('never answers 500 to malformed bodies, always the documented error body', async () => {
    const routes = [
      'POST /api/v1/tasks',
      'PUT /api/v1/tasks/{id}',
      'PATCH /api/v1/tasks/{id}',
      'POST /api/v1/tasks/{id}/draft',
      'POST /api/v1/tasks/{id}/comments',
      'POST /api/v1/tasks/{id}/assign',
      'POST /api/v1/tasks/{id}/complete',
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        body,
        fc.constantFrom('application/json', 'text/plain', 'application/json; charset=utf-8'),
        async (route, raw, type) => {
          const [method, path] = route.split(' ');
          const res = await t.request(method, path.replace('{id}', taskId), { token: user.token, raw, headers: { 'content-type': type } });
          checkErrorBody(res);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never answers 500 to malformed query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/v1/tasks', '/api/v1/tasks/search', `/api/v1/tasks/${taskId}`, `/api/v1/tasks/${taskId}/comments`),
        query,
        async (path, qs) => {
          const res = await t.request('GET', `${path}?${qs}`, { token: user.token });
          checkErrorBody(res);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('leaves the target task readable and well-formed afterwards', async () => {
    const res = await t.as(user).get(`/tasks/${taskId}`);
    expect(res.status).toBe(200);
  });
});

/**
 * An OpenAPI-driven fuzzer over every /api/v1 operation of the served document, shared by the
 * bounded run in the suite (test/api/tasks-fuzz.test.ts) and the long run (scripts/fuzz-api.ts).
 *
 * What it sends, besides arbitrary path parameters, queries, bodies and headers (issue 14):
 * timestamps at and just past both ends of the range, and in range only before their offset is
 * applied (`9999-12-31T23:59:59-14:00`); blank and whitespace path keys (`%20%20`); the ids of a
 * victim's records. What it checks: no 5xx, no hang, every answer valid against the document (the
 * harness throws otherwise), and the victim's rows byte-identical afterwards. Seeded: the same seed
 * sends the same requests.
 */
import fc from 'fast-check';
import type { TestApp, TestUser } from './app.js';

interface Operation {
  method: string;
  template: string;
  query: string[];
  bodyFields: string[] | null;
}

export interface FuzzWorld {
  t: TestApp;
  attacker: TestUser;
  victim: TestUser;
  ids: string[];
  operations: Operation[];
}

export interface FuzzCase {
  op: Operation;
  req: FuzzRequest;
}
interface FuzzRequest {
  params: string[];
  query: Array<[string, string]>;
  body: string | undefined;
  auth: string;
  idempotencyKey: string | undefined;
  contentType: string;
}

/** The edges of D23's range, and values that cross them only once their offset is applied. */
const EDGE_TIMESTAMPS = [
  '9999-12-31T23:59:59.999Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-14:00',
  '9999-12-31T23:59:59.999-00:01',
  '9999-12-31T10:00:00-13:59',
  '9999-12-31T09:59:59.999-14:00',
  '0001-01-01T00:00:00Z',
  '0001-01-01T00:00:00.000+00:01',
  '0001-01-01T13:59:59+14:00',
  '0001-01-01T14:00:00+14:00',
  '0000-12-31T23:59:59Z',
  '+010000-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  '2026-02-29T10:00:00Z',
  '2028-02-29T23:59:59.999999999+0100',
  '2026-12-01T10:00:00+05',
];
/** Blank and whitespace keys, as they appear in a path. */
const BLANK_KEYS = ['%20', '%20%20', '%09', '%0A', '%20%09%20', '%C2%A0', '%E3%80%80'];
const TIME_FIELDS = ['due_date', 'start_time', 'end_time', 'from', 'to', 'updated_after'];

export async function buildFuzzWorld(t: TestApp): Promise<FuzzWorld> {
  const attacker = await t.user('attacker');
  const victim = await t.user('victim');
  const v = t.as(victim);
  const a = t.as(attacker);
  const ctx = (await v.post('/contexts', { name: 'Victim context' })).body.data;
  const vt = (
    await v.post('/tasks', { title: 'Victim task', description: 'private', estimated_minutes: 30, context_id: ctx.id, due_date: '9999-12-31T23:59:59.999Z' })
  ).body.data;
  await v.put(`/tasks/${vt.id}`, { title: 'Victim draft' });
  await v.post(`/tasks/${vt.id}/comments`, { message: 'victim comment' });
  const ve = (await v.post('/events', { title: 'Victim event', start_time: '0001-01-01T00:00:00Z', end_time: '9999-12-31T23:59:59.999Z' })).body.data;
  await v.post(`/events/${ve.id}/attendees`, { user_email: 'guest@example.org' });
  await v.post(`/events/${ve.id}/attendees`, { user_email: attacker.email });
  const at = (await a.post('/tasks', { title: 'Attacker task' })).body.data;
  const ae = (await a.post('/events', { title: 'Attacker event', start_time: '2026-01-01T10:00:00Z', end_time: '2026-01-01T11:00:00Z' })).body.data;
  await a.post(`/events/${ae.id}/attendees`, { user_email: 'friend@example.org' });
  const ids = [vt.id, ve.id, ctx.id, at.id, ae.id, victim.id, attacker.id, 'guest@example.org'];

  const doc = (await t.request('GET', '/api/v1/docs/openapi.json')).body as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Array<{ name: string; in: string }>; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }
      >
    >;
  };
  const operations = Object.entries(doc.paths)
    .filter(([p]) => p.startsWith('/api/v1/') && !p.startsWith('/api/v1/docs'))
    .flatMap(([template, ops]) =>
      Object.entries(ops).map(([method, op]) => ({
        method: method.toUpperCase(),
        template,
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: op.requestBody ? Object.keys(op.requestBody.content?.['application/json']?.schema?.properties ?? {}) : null,
      })),
    );
  return { t, attacker, victim, ids, operations };
}

/** Every row that belongs to the victim, in a stable form. */
export async function victimSnapshot(w: FuzzWorld): Promise<string> {
  const db = w.t.app.database.db as any;
  const out: Record<string, unknown[]> = {};
  for (const table of ['tasks', 'events', 'contexts', 'comments', 'context_shares', 'task_assignees', 'idempotency_keys', 'api_tokens', 'emails']) {
    out[table] = await db.selectFrom(table).selectAll().where('user_id', '=', w.victim.id).execute();
  }
  out.users = await db.selectFrom('users').selectAll().where('id', '=', w.victim.id).execute();
  const recordIds = [...(out.tasks as Array<{ id: string }>), ...(out.events as Array<{ id: string }>)].map((r) => r.id);
  out.record_versions = recordIds.length ? await db.selectFrom('record_versions').selectAll().where('record_id', 'in', recordIds).execute() : [];
  // The attacker attends a victim's event: answering or leaving that invitation is its own right.
  out.event_attendees = recordIds.length
    ? (await db.selectFrom('event_attendees').selectAll().where('event_id', 'in', recordIds).execute()).filter(
        (r: { user_id: string | null }) => r.user_id !== w.attacker.id,
      )
    : [];
  for (const rows of Object.values(out)) rows.sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
  return JSON.stringify(out, (_k, v) => (v instanceof Uint8Array ? Buffer.from(v).toString('base64') : v));
}

const printable = fc.string({ unit: 'grapheme-ascii', maxLength: 40 });
const tricky = fc.constantFrom(
  '',
  ' ',
  '%',
  '_',
  '%25',
  "'",
  '"',
  '\\',
  '--',
  ';',
  '*',
  '1e309',
  '-1',
  '0',
  '101',
  'NaN',
  'null',
  'true',
  '9'.repeat(30),
  '-created_at,title',
  Array(50).fill('title').join(','),
  '%FF',
  '%00',
  '%E0%A4%A',
  '../..',
  '__proto__',
  'constructor',
  'toString',
  'pending,completed',
  '2026-01-01T00:00:00Z',
  '2026-13-45T99:99:99Z',
  'email',
);
const text = fc.oneof(printable, fc.string({ maxLength: 30 }), tricky);
const edgeTime = fc.constantFrom(...EDGE_TIMESTAMPS);
const queryValue = fc.oneof(text.map(encodeURIComponent), tricky, edgeTime.map(encodeURIComponent), fc.double().map(String), fc.integer().map(String));

function pathValue(w: FuzzWorld) {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...w.ids) },
    { weight: 2, arbitrary: fc.constantFrom(...BLANK_KEYS) },
    { weight: 1, arbitrary: fc.uuid().map(String) },
    { weight: 1, arbitrary: text.map(encodeURIComponent) },
    // Raw separators would change which route the harness checks the answer against.
    { weight: 1, arbitrary: tricky.filter((v) => !/[/?#]/.test(v)) },
  );
}

const jsonish = fc.jsonValue({ maxDepth: 3 });
const plausible = fc.constantFrom(
  'pending',
  'in_progress',
  'completed',
  'canceled',
  'high',
  'low',
  'accept',
  'discard',
  'read',
  'write',
  'admin',
  'accepted',
  'declined',
  '2026-12-01T10:00:00Z',
  '2026-12-01T10:00:00+02:00',
  'someone@example.com',
  'Fuzzed title',
  30,
  false,
);

function bodyArb(w: FuzzWorld, op: Operation) {
  const fields = op.bodyFields ?? [];
  const fieldValue = (name: string) =>
    TIME_FIELDS.includes(name)
      ? fc.oneof({ weight: 3, arbitrary: edgeTime }, { weight: 1, arbitrary: text }, { weight: 1, arbitrary: jsonish })
      : fc.oneof(jsonish, text, plausible, fc.constantFrom(1e20, -1, 1e308, 0.5, 100_000, 100_001, null, true, [], {}), fc.constantFrom(...w.ids));
  const shaped = fields.length
    ? fc
        .tuple(
          fc.array(
            fc
              .oneof({ weight: 8, arbitrary: fc.constantFrom(...fields) }, fc.constantFrom('__proto__', 'constructor', 'unknown_field'), printable)
              .chain((k) => fieldValue(k).map((v) => [k, v] as const)),
            { maxLength: 4 },
          ),
          fc.boolean(),
          plausible,
        )
        .map(([pairs, seeded, v]) => {
          // Half the time start from the required fields with plausible values, so requests get past validation.
          const base: Record<string, unknown> = {};
          if (seeded) {
            for (const f of ['title', 'message', 'action', 'user_email', 'email', 'permission', 'name', 'rsvp_status'])
              if (fields.includes(f)) base[f] = typeof v === 'string' ? v : 'Fuzzed';
            if (fields.includes('start_time')) Object.assign(base, { start_time: '2026-01-01T10:00:00Z', end_time: '2026-01-01T11:00:00Z' });
          }
          const o: Record<string, unknown> = { ...base };
          for (const [k, val] of pairs) o[k] = val;
          return JSON.stringify(o);
        })
    : fc.constant('{}');
  return fc.oneof(
    { weight: 5, arbitrary: shaped },
    { weight: 2, arbitrary: jsonish.map((v) => JSON.stringify(v)) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"title":',
        '[]',
        'null',
        '"x"',
        '{"a":1}{',
        `${'['.repeat(200)}${']'.repeat(200)}`,
        '{"title":"a\\u0000"}',
        '{"title":"\\ud800"}',
      ),
    },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function requestArb(w: FuzzWorld, op: Operation): fc.Arbitrary<FuzzRequest> {
  const names = op.query.length ? op.query : ['x'];
  const queryPair = fc
    .oneof(fc.constantFrom(...names), printable.map(encodeURIComponent))
    .chain((k) => (TIME_FIELDS.includes(k) ? fc.oneof(edgeTime.map(encodeURIComponent), queryValue) : queryValue).map((v) => [k, v] as [string, string]));
  return fc.record({
    params: fc.array(pathValue(w), { minLength: 4, maxLength: 4 }),
    query: fc.array(queryPair, { maxLength: 5 }),
    body: bodyArb(w, op),
    auth: fc.constantFrom('attacker', 'attacker', 'attacker', 'none', 'garbage'),
    idempotencyKey: fc.option(fc.oneof(printable, fc.uuid().map(String), fc.constant('k'.repeat(300))), { nil: undefined }),
    contentType: fc.constantFrom(
      'application/json',
      'application/json',
      'application/json',
      'application/json',
      'application/json; charset=utf-8',
      'text/plain',
      'application/x-www-form-urlencoded',
    ),
  });
}

/**
 * A request that is valid but for one timestamp: the only way an out-of-range time gets past
 * everything else, so it gets its own share of the runs instead of waiting for chance.
 */
function timeProbeArb(w: FuzzWorld, op: Operation): fc.Arbitrary<FuzzRequest> {
  const bodyTimes = (op.bodyFields ?? []).filter((f) => TIME_FIELDS.includes(f));
  const queryTimes = op.query.filter((f) => TIME_FIELDS.includes(f));
  return fc
    .record({
      params: fc.array(fc.constantFrom(...w.ids.slice(3, 5), ...BLANK_KEYS), { minLength: 4, maxLength: 4 }),
      field: fc.constantFrom(...bodyTimes, ...queryTimes),
      value: edgeTime,
      auth: fc.constant('attacker'),
    })
    .map(({ params, field, value, auth }) => {
      const body: Record<string, unknown> = {};
      if (op.bodyFields) {
        for (const [f, v] of [
          ['title', 'Probe'],
          ['start_time', '2026-01-01T10:00:00Z'],
          ['end_time', '2026-01-01T11:00:00Z'],
        ] as const)
          if (op.bodyFields.includes(f)) body[f] = v;
        if (bodyTimes.includes(field)) body[field] = value;
      }
      return {
        params,
        query: queryTimes.includes(field) ? [[field, encodeURIComponent(value)] as [string, string]] : [],
        body: op.bodyFields ? JSON.stringify(body) : undefined,
        auth,
        idempotencyKey: undefined,
        contentType: 'application/json',
      };
    });
}

export const caseArb = (w: FuzzWorld): fc.Arbitrary<FuzzCase> => {
  const timed = w.operations.filter((op) => [...(op.bodyFields ?? []), ...op.query].some((f) => TIME_FIELDS.includes(f)));
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...w.operations).chain((op) => requestArb(w, op).map((req) => ({ op, req }))) },
    { weight: 1, arbitrary: fc.constantFrom(...timed).chain((op) => timeProbeArb(w, op).map((req) => ({ op, req }))) },
  );
};

/**
 * Sends one case. Resolves with the status; rejects on a 5xx, an answer the document does not
 * allow (the harness checks every answer), or no answer within `timeoutMs`.
 */
export async function sendCase(w: FuzzWorld, { op, req }: FuzzCase, timeoutMs = 15_000): Promise<number> {
  let i = 0;
  const path = op.template.replace(/\{[^}]+\}/g, () => req.params[i++]);
  const qs = req.query.map(([k, v]) => `${k}=${v}`).join('&');
  const url = qs ? `${path}?${qs}` : path;
  const headers: Record<string, string> = {};
  if (req.auth === 'attacker') headers.authorization = `Bearer ${w.attacker.token}`;
  if (req.auth === 'garbage') headers.authorization = 'Bearer e30.e30.x';
  if (req.idempotencyKey !== undefined) headers['idempotency-key'] = req.idempotencyKey;
  if (req.body !== undefined) headers['content-type'] = req.contentType;
  let timer: NodeJS.Timeout | undefined;
  const res = await Promise.race([
    w.t.request(op.method, url, { headers, raw: req.body }),
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${op.method} ${url} did not answer in ${timeoutMs} ms`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
  if (res.status >= 500) throw new Error(`${op.method} ${url} answered ${res.status}: ${res.text}`);
  return res.status;
}

/** After a run: both users' feeds and lists still answer, as documented (a poisoned record would break them). */
export async function readersStillServed(w: FuzzWorld): Promise<string | null> {
  for (const user of [w.attacker, w.victim]) {
    for (const url of ['/sync', '/tasks?limit=100', '/events?limit=100', '/contexts?limit=100']) {
      const res = await w.t.as(user).get(url);
      if (res.status !== 200) return `${url} answered ${res.status} to ${user === w.victim ? 'the victim' : 'the attacker'}`;
    }
  }
  return null;
}

/** The tables whose rows differ between two snapshots (for reports). */
export function snapshotDiff(a: string, b: string): string[] {
  const x = JSON.parse(a) as Record<string, unknown[]>;
  const y = JSON.parse(b) as Record<string, unknown[]>;
  return Object.keys(x).filter((k) => JSON.stringify(x[k]) !== JSON.stringify(y[k]));
}

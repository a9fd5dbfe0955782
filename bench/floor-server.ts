/**
 * The floor under the request path (issue 15): the least a server on this stack can do to answer
 * `GET /api/v1/tasks/{id}` and `GET /api/v1/tasks?limit=50` with the service's answer, measured in
 * the same run as the bare route and the service.
 *
 * A bare Fastify instance (no hooks, no plugins) whose two routes do only what the answer needs:
 * the bearer's token row read on every request (its signature checked once per token and kept, as
 * the service does), the request counted (a map on SQLite, the service's own counting statement on
 * PostgreSQL), the record or page read with the very SQL texts the service runs, rows turned into
 * the API's shape by the core's own `toTask`, `JSON.stringify`, a SHA-1 ETag, and the service's
 * response headers. No access model beyond "the caller owns it", no versioning, no validation, no
 * error bodies: what any implementation of the same answer must at least pay. If this floor itself
 * sits below an aim's ratio, no work on the service reaches that aim on this machine.
 *
 * Run by `bench/http.ts` on the service's own data (DATABASE_URL, DATA_DIR); prints its port.
 */
import { createHash, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import Fastify, { type FastifyReply } from 'fastify';
import { jwtVerify } from 'jose';
import pg from 'pg';
import { toTask } from '../src/core/tasks/task.js';
import type { TasksTable } from '../src/db/schema.js';
import { loadJwtSecret } from '../src/secrets.js';

type Row = Record<string, unknown>;
interface Reader {
  /** The token row (joined with its user) and, on PostgreSQL, the request counted with it. */
  token(jti: string, sub: string, windowStart: number): Promise<Row | undefined>;
  task(id: string): Promise<Row | undefined>;
  page(userId: string): Promise<{ rows: Row[]; total: number }>;
}

const url = process.env.DATABASE_URL!;
const secret = loadJwtSecret(process.env.JWT_SECRET || null, process.env.DATA_DIR!);

const TOKEN = `select "t"."id", "t"."user_id", "t"."expires_at", "t"."revoked_at", "t"."last_used_at", "u"."email" from "api_tokens" as "t" inner join "users" as "u" on "u"."id" = "t"."user_id" where "t"."id" = $1`;
const TASK = `select "tasks".*, "co"."recurrence" from "tasks" left join "calendar_objects" as "co" on "co"."record_id" = "tasks"."id" and "co"."record_type" = 'task' where "tasks"."id" = $1`;
const VISIBLE = `with recursive "visible_contexts"("id") as (select "id" from "contexts" where "user_id" = $1 and "parent_context_id" is null union select "context_id" as "id" from "context_shares" where "user_id" = $1 union select "c"."id" from "contexts" as "c" inner join "visible_contexts" as "v" on "v"."id" = "c"."parent_context_id")`;
const COUNTS = `(select coalesce(sum("rc"."n"), 0) from "record_counts" as "rc" where "rc"."record_type" = 'task' and "rc"."context_id" in (select "id" from "visible_contexts")) as "n0", (select coalesce(sum("rc"."n"), 0) from "record_counts" as "rc" where "rc"."record_type" = 'task' and "rc"."user_id" = $1 and "rc"."context_id" = '') as "n1"`;
const PAGE_FROM = `from "tasks" left join "calendar_objects" as "co" on "co"."record_id" = "tasks"."id" and "co"."record_type" = 'task' where ("tasks"."user_id" = $1 and "tasks"."context_id" is null) order by "tasks"."created_at" desc, "tasks"."id" desc limit 50 offset 0`;

function sqliteReader(file: string): Reader {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  // One value bound wherever the PostgreSQL text says $1; rows read as arrays and made objects by a
  // constructor compiled from the columns (half the cost of better-sqlite3's own row objects).
  const q = (text: string) => {
    const statement = db.prepare(text.replace(/\$1/g, '@a')).raw(true);
    const names = statement.columns().map((c) => JSON.stringify(c.name));
    const make = new Function('r', `return {${names.map((n, i) => `${n}: r[${i}]`).join(', ')}};`) as (r: unknown[]) => Row;
    return {
      get: (a: string) => {
        const row = statement.get({ a }) as unknown[] | undefined;
        return row && make(row);
      },
      all: (a: string) => (statement.all({ a }) as unknown[][]).map(make),
    };
  };
  const token = q(TOKEN);
  const task = q(TASK);
  const counts = q(`${VISIBLE} select ${COUNTS}`);
  const page = q(`select "tasks".*, "co"."recurrence" ${PAGE_FROM}`);
  const counters = new Map<string, { windowStart: number; count: number }>();
  return {
    async token(jti, sub, windowStart) {
      const row = token.get(jti);
      if (row) {
        const entry = counters.get(sub);
        if (entry?.windowStart === windowStart) entry.count++;
        else counters.set(sub, { windowStart, count: 1 });
      }
      return row;
    },
    task: async (id) => task.get(id),
    async page(userId) {
      const n = counts.get(userId) as { n0: number; n1: number };
      return { rows: page.all(userId), total: n.n0 + n.n1 };
    },
  };
}

function postgresReader(connectionString: string): Reader {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const one = async (name: string, text: string, values: unknown[]) => (await pool.query({ name, text, values })).rows;
  const counted = `with "tok" as (${TOKEN}), "hit" as (insert into "rate_limit_counters" ("bucket", "window_start", "count") select 'user:' || tok.user_id, cast($2 as bigint), 1 from "tok" where "tok"."revoked_at" is null and "tok"."user_id" = $3 on conflict ("bucket", "window_start") do update set "count" = rate_limit_counters.count + 1 returning "count") select "tok".*, (select "hit"."count" from "hit") as "hits" from "tok"`;
  return {
    token: async (jti, sub, windowStart) => (await one('floor_token', counted, [jti, windowStart, sub]))[0],
    task: async (id) => (await one('floor_task', TASK, [id]))[0],
    async page(userId) {
      const rows = await one('floor_page', `${VISIBLE} select "tasks".*, "co"."recurrence", ${COUNTS} ${PAGE_FROM}`, [userId]);
      return { rows, total: rows.length ? Number(rows[0].n0) + Number(rows[0].n1) : 0 };
    },
  };
}

const reader = url.startsWith('postgres') ? postgresReader(url) : sqliteReader(url.replace(/^sqlite:/, ''));
const signatures = new Map<string, { jti: string; sub: string }>();

/** The bearer check: the signature once per token, the token row on every request. */
async function caller(authorization: string | undefined, reply: FastifyReply): Promise<Row | undefined> {
  const token = authorization?.startsWith('Bearer ') ? authorization.slice(7) : '';
  let claims = signatures.get(token);
  if (!claims) {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] });
    claims = { jti: String(payload.jti), sub: String(payload.sub) };
    signatures.set(token, claims);
  }
  const windowStart = Math.floor(Date.now() / 60_000) * 60;
  const row = await reader.token(claims.jti, claims.sub, windowStart);
  if (!row || row.revoked_at || row.user_id !== claims.sub) return undefined;
  reply
    .header('X-Correlation-Id', randomUUID())
    .header('X-Content-Type-Options', 'nosniff')
    .header('Access-Control-Allow-Origin', '*')
    .header(
      'Access-Control-Expose-Headers',
      'ETag, Location, Retry-After, Idempotent-Replayed, X-Correlation-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, WWW-Authenticate',
    )
    .header('X-RateLimit-Limit', '10000000')
    .header('X-RateLimit-Remaining', '9999999')
    .header('X-RateLimit-Reset', String(windowStart + 60));
  return row;
}

function send(reply: FastifyReply, body: unknown) {
  const text = JSON.stringify(body);
  reply.header('Content-Type', 'application/json; charset=utf-8');
  reply.header('ETag', `W/"${createHash('sha1').update(text).digest('base64url')}"`);
  return reply.send(text);
}

// `id` first, as the API schema orders the keys: the floor answers byte for byte what the service does.
const asTask = (row: Row) => Object.assign({ id: row.id }, toTask(row as unknown as TasksTable));

const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/api/v1/tasks/:id', async (req, reply) => {
  const me = await caller(req.headers.authorization, reply);
  if (!me) return reply.code(401).send();
  const row = await reader.task(req.params.id);
  if (!row || row.user_id !== me.user_id) return reply.code(404).send();
  return send(reply, { data: asTask(row) });
});
app.get('/api/v1/tasks', async (req, reply) => {
  const me = await caller(req.headers.authorization, reply);
  if (!me) return reply.code(401).send();
  const { rows, total } = await reader.page(me.user_id as string);
  return send(reply, { data: rows.map(asTask), meta: { pagination: { limit: 50, offset: 0, total, hasMore: rows.length < total } } });
});
await app.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: (app.server.address() as { port: number }).port }));

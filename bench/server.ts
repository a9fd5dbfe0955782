/**
 * A benchmark target: the real app on DATABASE_URL (seeded with BENCH_TASKS tasks of one user), or
 * with BENCH_BARE=1 a bare Fastify route returning constant JSON (after BENCH_BARE_SPIN_US of busy CPU). Prints one JSON line with the port
 * and what the load generator needs, then serves until killed.
 */
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'kysely';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';

if (process.env.BENCH_BARE === '1') {
  const bare = Fastify({ logger: false });
  // BENCH_BARE_SPIN_US: the control for a tail at saturation, a bare route that burns as much CPU
  // per request as the measured scenario does.
  const spinMs = Number(process.env.BENCH_BARE_SPIN_US ?? 0) / 1000;
  bare.get('/bare', async () => {
    for (const end = performance.now() + spinMs; performance.now() < end; );
    return { data: { id: '00000000-0000-4000-8000-000000000000', title: 'constant', status: 'pending' } };
  });
  await bare.listen({ port: 0, host: '127.0.0.1' });
  console.log(JSON.stringify({ port: (bare.server.address() as { port: number }).port }));
} else {
  const config = loadConfig({ ...process.env, PORT: '0', LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '10000000' });
  const app = await createApp(config, { logger: false });
  const email = `bench-${Date.now()}@example.com`;
  const user = await app.services.accounts.createUser({ email, password: 'benchmark password' });
  const { token } = await app.services.accounts.issueToken(user.id, 'bench');
  const actor = { userId: user.id, email, via: 'system' as const };
  const count = Number(process.env.BENCH_TASKS ?? 10_000);
  let taskId = '';
  for (let i = 0; i < count; i++) {
    const task = await app.services.tasks.create(actor, {
      title: `Task ${i} ${['write', 'review', 'ship', 'plan'][i % 4]} the thing`,
      description: i % 3 ? `Details for task ${i}` : null,
      priority: (['low', 'medium', 'high', 'urgent'] as const)[i % 4],
      due_date: i % 5 ? new Date(Date.UTC(2026, 11, 1 + (i % 28))).toISOString() : null,
    });
    if (i === Math.floor(count / 2)) taskId = task.id;
  }
  // PostgreSQL: fresh statistics and the visibility map, as a long-running database has them
  // (autovacuum analyzes and vacuums a table within a minute of such a load); without statistics it
  // guesses a handful of rows per user, and without the map index-only scans read the heap. Not on
  // SQLite, which the service never analyzes: better-sqlite3's SQLite keeps STAT4 samples, and with
  // them every statement with a bound value on an indexed column is prepared again on each run
  // (the single read at half speed; docs/operations.md).
  if (app.database.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(app.database.db);
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  if (process.env.BENCH_PROFILE) await profileUntilStopped(process.env.BENCH_PROFILE, process.env.BENCH_PROFILE_NAME ?? 'service');
  console.log(JSON.stringify({ port: (app.server.server.address() as { port: number }).port, token, taskId }));
}

/**
 * BENCH_PROFILE=<dir>: a CPU profile of the serving only (seeding excluded), written when the
 * process is told to stop; open it in Chrome DevTools or speedscope.
 */
async function profileUntilStopped(dir: string, name: string) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  process.once('SIGTERM', async () => {
    const { profile } = await session.post('Profiler.stop');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}-${Date.now()}.cpuprofile`), JSON.stringify(profile));
    process.exit(0);
  });
}

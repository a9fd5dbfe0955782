/**
 * Messages per second through POST /intake/email (D16) for a mix of plain, HTML-only and invitation
 * mail, each with its own Message-ID (so every request really processes a message).
 *
 *   node --import tsx bench/intake.ts [--database sqlite|postgres|both] [--pg-url URL] [--seconds 10] [--connections 8]
 *
 * The service runs in this process on a fresh database (SQLite in a temp dir, or a new PostgreSQL
 * database; `both`, the default, runs one after the other); autocannon drives it over real HTTP on
 * 127.0.0.1. Messages are parsed and read in the extraction pool (D22), one worker thread per core
 * unless INTAKE_POOL_SIZE says otherwise; the report names the core count and the pool size.
 */
import os from 'node:os';
import { createScratchDatabase } from '../test/helpers/scratch-pg.js';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { nextMail } from './intake-mail.js';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const which = opt('database', 'both');
const seconds = Number(opt('seconds', '10'));
const connections = Number(opt('connections', '8'));
const secret = randomBytes(16).toString('hex');
const dialects = which === 'both' ? ['sqlite', 'postgres'] : [which];
const results: unknown[] = [];
for (const dialect of dialects) results.push(await runOne(dialect));
// The load average says how much of the machine others were using while this ran.
console.log(JSON.stringify({ cores: os.availableParallelism(), results }, null, 2));

async function runOne(dialect: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'agendum-bench-intake-'));
  let databaseUrl = `sqlite:${path.join(dir, 'bench.db')}`;
  let dropPg: (() => Promise<void>) | null = null;
  if (dialect === 'postgres') {
    const scratch = await createScratchDatabase(opt('pg-url', 'postgres://postgres@127.0.0.1:55432/postgres'), 'bench_intake');
    databaseUrl = scratch.url;
    dropPg = scratch.drop;
  }

  const app = await createApp(
    loadConfig({
      ...(process.env.INTAKE_POOL_SIZE ? { INTAKE_POOL_SIZE: process.env.INTAKE_POOL_SIZE } : {}),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      INTAKE_SECRET: secret,
      RATE_LIMIT_MAX: '10000000',
    }),
    { logger: false },
  );
  try {
    const user = await app.services.accounts.createUser({ email: 'bench@example.org', password: 'bench-password-123' });
    const address = (await app.services.accounts.getAccount(user.id)).intake_address!;
    await app.server.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.server.address() as { port: number }).port;
    const run = randomBytes(3).toString('hex');
    const statuses = new Map<number, number>();
    // Start every worker of the pool before measuring (each loads the mail libraries once).
    await Promise.all(
      Array.from({ length: app.config.intake.poolSize * 2 }, () =>
        fetch(`http://127.0.0.1:${port}/intake/email?to=${encodeURIComponent(address)}`, {
          method: 'POST',
          headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${secret}` },
          body: new Uint8Array(nextMail(address, `warm-${run}`)),
        }),
      ),
    );

    const cpuBefore = process.cpuUsage();
    const result = await autocannon({
      url: `http://127.0.0.1:${port}/intake/email?to=${encodeURIComponent(address)}`,
      connections,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          headers: { 'content-type': 'message/rfc822', authorization: `Bearer ${secret}` },
          setupRequest: (req: any) => ({ ...req, body: nextMail(address, run) }),
          onResponse: (status: number) => {
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
          },
        },
      ],
    });
    const cpu = process.cpuUsage(cpuBefore);
    const cpuMsPerMessage = (cpu.user + cpu.system) / 1000 / Math.max(1, result.requests.total);
    const made = await app.database.db
      .selectFrom('emails')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'processed')
      .executeTakeFirstOrThrow();
    return {
      database: dialect,
      connections,
      seconds,
      pool_size: app.config.intake.poolSize,
      load_average_1m: Number(os.loadavg()[0].toFixed(1)),
      messages_per_second: Math.round(result.requests.average),
      // On a busy machine the wall-clock rate says little; CPU time per message (this process and its
      // worker threads, so including autocannon's share) gives the rate one free core would sustain.
      cpu_ms_per_message: Number(cpuMsPerMessage.toFixed(2)),
      messages_per_cpu_second: Math.round(1000 / cpuMsPerMessage),
      latency_ms: { p50: result.latency.p50, p99: result.latency.p99 },
      statuses: Object.fromEntries(statuses),
      processed_emails: Number(made.n),
      errors: result.errors,
      non2xx: result.non2xx,
    };
  } finally {
    await app.close();
    await dropPg?.();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Cluster mode (WORKERS > 1): a primary process that migrates once, then forks workers that all
 * accept on one port (node:cluster hands connections round-robin), restarts a worker that dies,
 * and on SIGTERM/SIGINT lets every worker finish its requests before exiting.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { loadJwtSecret } from './secrets.js';

const log = (msg: string, extra: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ level: 30, time: Date.now(), pid: process.pid, role: 'primary', msg, ...extra }));

/** Workers that die within this long of starting count as crash-looping and are restarted more slowly. */
const QUICK_DEATH_MS = 5_000;
const SHUTDOWN_GRACE_MS = 30_000;

export async function runPrimary(config: Config): Promise<void> {
  // Before any worker opens the database: one migration run, and one generated JWT secret.
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db, config.database);
  } finally {
    await database.close();
  }
  loadJwtSecret(config.jwtSecret, config.dataDir);

  let stopping = false;
  let quickDeaths = 0;
  const started = new Map<number, number>();
  const fork = () => {
    const worker = cluster.fork();
    started.set(worker.id, Date.now());
    worker.once('online', () => log('worker online', { worker: worker.process.pid }));
  };

  cluster.on('exit', (worker: Worker, code, signal) => {
    const lived = Date.now() - (started.get(worker.id) ?? 0);
    started.delete(worker.id);
    if (stopping) return;
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const delay = Math.min(30_000, quickDeaths * 1000);
    log('worker died; starting a new one', { worker: worker.process.pid, code, signal, restartInMs: delay });
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log('shutting down', { signal });
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (workers.length === 0) process.exit(0);
    let left = workers.length;
    for (const w of workers) {
      w.once('exit', () => {
        if (--left === 0) process.exit(0);
      });
      w.process.kill('SIGTERM');
    }
    setTimeout(() => {
      log('workers did not stop in time; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));

  for (let i = 0; i < config.workers; i++) fork();
}

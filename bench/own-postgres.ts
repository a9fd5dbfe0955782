/**
 * A throwaway PostgreSQL server for a benchmark run, in a temporary directory on a free loopback
 * port, with PostgreSQL's default durability (fsync and synchronous commit on, unlike the test
 * server of scripts/pg-test-server.sh): a benchmark should pay for a commit what a deployment pays.
 * Needs Debian's postgresql package; as root the server runs as the `postgres` user.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../test/helpers/processes.js';

function pgBin(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(a) - Number(b)) : [];
  if (!versions.length) throw new Error('PostgreSQL is not installed (apt-get install postgresql), or set BENCH_PG_URL');
  return path.join(base, versions[versions.length - 1], 'bin');
}

export async function startOwnPostgres(): Promise<{ url: string; stop(): void }> {
  const bin = pgBin();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-bench-pg-'));
  const root = process.getuid?.() === 0;
  if (root) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) =>
    root
      ? execFileSync('su', ['postgres', '-s', '/bin/sh', '-c', [cmd, ...args].map((a) => `'${a}'`).join(' ')], { stdio: 'ignore' })
      : execFileSync(cmd, args, { stdio: 'ignore' });
  run(path.join(bin, 'initdb'), ['-D', dir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale']);
  const port = await freePort();
  run(path.join(bin, 'pg_ctl'), [
    '-D',
    dir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    '-t',
    '30',
    'start',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=100`,
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      run(path.join(bin, 'pg_ctl'), ['-D', dir, '-m', 'fast', '-w', 'stop']);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

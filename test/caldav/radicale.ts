/**
 * Debian's Radicale on a free loopback port with one user (alice:secret): the reference server of
 * the CalDAV client checks and of bench/caldav.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../helpers/processes.js';

export interface Radicale {
  base: string;
  /** Its storage folder (the benchmark seeds it directly). */
  dir: string;
  child: ChildProcess;
  /** What the server printed, for failure messages. */
  log: string[];
  stop(): Promise<void>;
}

async function waitForPort(port: number, child: ChildProcess, log: string[]) {
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`radicale exited: ${log.join('')}`);
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.on('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`radicale did not listen: ${log.join('')}`);
}

export async function startRadicale(prefix = 'agendum-radicale-'): Promise<Radicale> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'users'), 'alice:secret\n');
  fs.writeFileSync(
    path.join(dir, 'config'),
    [
      '[server]',
      `hosts = 127.0.0.1:${port}`,
      '[auth]',
      'type = htpasswd',
      `htpasswd_filename = ${path.join(dir, 'users')}`,
      'htpasswd_encryption = plain',
      '[storage]',
      `filesystem_folder = ${path.join(dir, 'collections')}`,
      '[rights]',
      'type = owner_only',
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const log: string[] = [];
  const child = spawn('/usr/bin/radicale', ['--config', path.join(dir, 'config')], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d) => log.push(String(d)));
  child.stderr!.on('data', (d) => log.push(String(d)));
  await waitForPort(port, child, log);
  return {
    base: `http://127.0.0.1:${port}/`,
    dir,
    child,
    log,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

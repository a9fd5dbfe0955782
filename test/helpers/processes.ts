/** Real server processes for tests that need them (several processes on one database, crashes). */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerProcess {
  child: ChildProcess;
  /** Base URL once listening, e.g. http://127.0.0.1:40123 */
  url: string;
  output: string[];
  /** Resolves with the first output line (past or future) matching `re`. */
  waitFor(re: RegExp, timeoutMs?: number): Promise<string>;
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts `node --import tsx src/main.ts` and waits until it listens: on a free port read from its
 * log, or, when `env.PORT` is given (quiet log levels), until `/healthz` answers there.
 */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const waiters: Array<{ re: RegExp; resolve: (line: string) => void }> = [];
  const onLine = (line: string) => {
    output.push(line);
    for (const w of [...waiters])
      if (w.re.test(line)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
  };
  let buffered = '';
  const onData = (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    lines.forEach(onLine);
  };
  child.stdout!.on('data', onData);
  child.stderr!.on('data', onData);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const waitFor = (re: RegExp, timeoutMs = 90_000) => {
    const seen = output.find((l) => re.test(l));
    if (seen) return Promise.resolve(seen);
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${re}; output:\n${output.slice(-20).join('\n')}`)), timeoutMs);
      waiters.push({
        re,
        resolve: (l) => {
          clearTimeout(timer);
          resolve(l);
        },
      });
      void exited.then((code) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code}) before ${re}; output:\n${output.slice(-20).join('\n')}`));
      });
    });
  };
  let url: string;
  if (env.PORT && env.PORT !== '0') {
    url = `http://127.0.0.1:${env.PORT}`;
    for (let tries = 0; ; tries++) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}); output:\n${output.slice(-20).join('\n')}`);
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (tries > 600) throw new Error(`server did not answer on ${url}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  } else {
    const line = await waitFor(/Server listening at http:\/\/127\.0\.0\.1:\d+/);
    url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(line)![1];
  }
  return {
    child,
    url,
    output,
    waitFor,
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

export async function call(
  base: string,
  method: string,
  pathname: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${pathname}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  const text = await res.text();
  let body: any = text;
  if ((res.headers.get('content-type') ?? '').includes('json') && text) body = JSON.parse(text);
  return { status: res.status, headers: res.headers, text, body };
}

/**
 * scrypt on threads of our own, at a lower scheduling priority than the request thread (D23).
 *
 * Node's asynchronous scrypt runs on libuv's pool at the same priority as the event loop, so a burst
 * of sign-ups and sign-ins keeps every core busy with hashes and the requests of everyone else wait
 * for the scheduler as well as for the queue (the burst test saw reads of 100-120 ms on 2 cores).
 * On Linux each thread here lowers its own priority (nice 10) when it starts: hashes still use every
 * idle cycle, but the event loop, the database and other processes go first when they need a core.
 * Elsewhere the priority call may fail and the threads simply run at normal priority.
 *
 * The threads start on first use, at most one per hash the gate lets run at once, and keep the
 * process alive only while they hash.
 */
import { Worker } from 'node:worker_threads';

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

interface Job {
  password: string;
  salt: Buffer;
  keylen: number;
  params: ScryptParams;
  resolve(key: Buffer): void;
  reject(err: Error): void;
}

/** Plain JavaScript, evaluated: no file to find from source or from the build, no loader needed. */
const THREAD_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
try {
  const tid = Number(require('node:fs').readlinkSync('/proc/thread-self').split('/').pop());
  require('node:os').setPriority(tid, 10);
} catch {}
parentPort.on('message', ({ password, salt, keylen, params }) => {
  try {
    const key = scryptSync(password, Buffer.from(salt), keylen, params);
    parentPort.postMessage({ key });
  } catch (err) {
    parentPort.postMessage({ error: String(err && err.message || err) });
  }
});
`;

interface Thread {
  worker: Worker;
  job: Job | null;
}

const idle: Thread[] = [];
const waiting: Job[] = [];
let started = 0;
/** Threads beyond this are not started; jobs wait for one to come free. Raised by callers' gates. */
let limit = 1;

function start(): Thread {
  const worker = new Worker(THREAD_SOURCE, { eval: true });
  const thread: Thread = { worker, job: null };
  started++;
  worker.on('message', (msg: { key?: Uint8Array; error?: string }) => {
    const job = thread.job!;
    thread.job = null;
    if (msg.key) job.resolve(Buffer.from(msg.key));
    else job.reject(new Error(msg.error ?? 'scrypt failed'));
    next(thread);
  });
  worker.on('error', (err) => {
    thread.job?.reject(err);
    thread.job = null;
  });
  worker.on('exit', () => {
    started--;
    const at = idle.indexOf(thread);
    if (at >= 0) idle.splice(at, 1);
    thread.job?.reject(new Error('scrypt thread stopped'));
    if (waiting.length) run(waiting.shift()!);
  });
  return thread;
}

function next(thread: Thread) {
  const job = waiting.shift();
  if (job) assign(thread, job);
  else {
    // An idle thread must not keep the process alive; a busy one must (a CLI awaiting a hash).
    thread.worker.unref();
    idle.push(thread);
  }
}

function assign(thread: Thread, job: Job) {
  thread.job = job;
  thread.worker.ref();
  // Copied, not transferred: the salt may be a view on a shared pool buffer.
  thread.worker.postMessage({ password: job.password, salt: job.salt, keylen: job.keylen, params: job.params });
}

function run(job: Job) {
  const free = idle.pop() ?? (started < limit ? start() : null);
  if (free) assign(free, job);
  else waiting.push(job);
}

/** Lets up to `n` hashes run at once (the hash gate's concurrency). */
export function allowScryptThreads(n: number) {
  limit = Math.max(limit, n);
}

export function scryptOnThread(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) => run({ password, salt, keylen, params, resolve, reject }));
}

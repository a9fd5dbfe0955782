/** TLS_CERT/TLS_KEY: the service (CalDAV included) answers over HTTPS with the given certificate. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-tls-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-subj',
      '/CN=localhost',
      '-days',
      '1',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
    ],
    { stdio: 'ignore' },
  );
  t = await startTestApp({ TLS_CERT: path.join(dir, 'cert.pem'), TLS_KEY: path.join(dir, 'key.pem') });
  await t.app.server.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function request(
  method: string,
  pathName: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; cert: string }> {
  const { port } = t.app.server.server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const req = https.request(
      { host: '127.0.0.1', port, method, path: pathName, headers, ca: fs.readFileSync(path.join(dir, 'cert.pem')), servername: 'localhost' },
      (res) => {
        res.resume();
        const cert = String((res.socket as import('node:tls').TLSSocket).getPeerCertificate().subject?.CN ?? '');
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, cert }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

it('serves CalDAV discovery over HTTPS with the configured certificate', async () => {
  const anonymous = await request('PROPFIND', '/.well-known/caldav', { depth: '0' });
  expect(anonymous.cert).toBe('localhost');
  expect(anonymous.status).toBe(401);
  const u = await t.user();
  const res = await request('PROPFIND', '/.well-known/caldav', {
    depth: '0',
    authorization: `Basic ${Buffer.from(`${u.email}:${u.token}`).toString('base64')}`,
  });
  expect(res.status).toBe(207);
  expect((await request('GET', '/api/v1/health')).status).toBeLessThan(500);
});

it('over HTTPS too, a 20,000-character URL is 414 and only headers past 64 KiB are 431', async () => {
  expect((await request('GET', `/api/v1/tasks?q=${'x'.repeat(20_000)}`)).status).toBe(414);
  expect((await request('GET', '/api/v1/tasks', { 'x-filler': 'z'.repeat(70_000) })).status).toBe(431);
});

it('refuses a certificate without its key, and files that do not exist', () => {
  expect(() => loadConfig({ TLS_CERT: path.join(dir, 'cert.pem') })).toThrow(/TLS_CERT and TLS_KEY must be set together/);
  expect(() => loadConfig({ TLS_CERT: path.join(dir, 'nope.pem'), TLS_KEY: path.join(dir, 'key.pem') })).toThrow(/TLS_CERT names a file that does not exist/);
});

/**
 * SSRF protection (D18): with WEBHOOK_ALLOW_PRIVATE=false, loopback, private, link-local and
 * metadata addresses are refused after DNS resolution, at registration and on every attempt,
 * before any connection is made: the receiver on 127.0.0.1 never sees a byte.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { isBlockedAddress } from '../../src/workers/address-guard.js';
import { createWebhookClient } from '../../src/workers/webhook-client.js';
import { startTestApp, type TestApp } from '../helpers/app.js';
import { startReceiver, type Receiver } from '../helpers/webhook-receiver.js';

let t: TestApp;
let rx: Receiver;
let connections = 0;
let tcp: net.Server;
let tcpPort: number;

beforeAll(async () => {
  t = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'false', WEBHOOK_POLL_MS: '50', WEBHOOK_RETRY_SCHEDULE: '0.2' });
  rx = await startReceiver();
  // Counts raw TCP connections, to prove refusal happens before connecting at all.
  tcp = net.createServer((s) => {
    connections++;
    s.destroy();
  });
  await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
  tcpPort = (tcp.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
  await new Promise((r) => tcp?.close(r));
});

describe('address guard', () => {
  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      '::',
      'fe80::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '224.0.0.1',
      '168.63.129.16',
      '64:ff9b::a9fe:a9fe',
    ]) {
      expect(isBlockedAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:1.1.1.1', '8.8.8.8']) expect(isBlockedAddress(a), a).toBe(false);
  });

  it('the client refuses names and literals that reach blocked addresses, without connecting', async () => {
    const client = createWebhookClient({ allowPrivate: false });
    try {
      for (const url of [
        `http://127.0.0.1:${tcpPort}/`,
        `http://localhost:${tcpPort}/`,
        `http://[::ffff:127.0.0.1]:${tcpPort}/`,
        `http://0x7f000001:${tcpPort}/`,
        `http://2130706433:${tcpPort}/`,
      ]) {
        const res = await client.send({ url, secret: 'x'.repeat(16) }, { id: 'msg_1', body: '{}' });
        expect(res.status, url).toBeNull();
        expect(res.error, url).toMatch(/^refused: /);
      }
      const meta = await client.send({ url: 'http://169.254.169.254/latest/meta-data/', secret: 'x'.repeat(16) }, { id: 'msg_2', body: '{}' });
      expect(meta.error).toMatch(/^refused: /);
      expect(connections).toBe(0);
    } finally {
      await client.close();
    }
    // The same request with the guard off does connect (the refusal above was the guard's doing).
    const open = createWebhookClient({ allowPrivate: true });
    try {
      const res = await open.send({ url: `http://localhost:${tcpPort}/`, secret: 'x'.repeat(16) }, { id: 'msg_3', body: '{}' });
      expect(res.status).toBeNull();
      expect(connections).toBeGreaterThan(0);
    } finally {
      await open.close();
    }
  });
});

describe('through the service', () => {
  it('refuses registration to private addresses with 422 and sends nothing', async () => {
    const u = await t.user();
    const port = new URL(rx.url).port;
    for (const url of [
      `http://127.0.0.1:${port}/hook`,
      `http://localhost:${port}/hook`,
      'http://169.254.169.254/hook',
      'http://10.0.0.1/hook',
      `http://[::1]:${port}/hook`,
    ]) {
      const res = await t.as(u).post('/webhooks', { url, events: ['task.created'] });
      expect(res.status, url).toBe(422);
      expect(res.body.message, url).toMatch(/refused/);
    }
    expect(rx.received.length).toBe(0);
    expect((await t.as(u).get('/webhooks')).body.meta.pagination.total).toBe(0);
  });

  it('refuses each attempt of a webhook registered while private addresses were allowed', async () => {
    // Registered by a process that allowed loopback, then delivered by one that does not.
    const opened: App = await createApp(loadConfig({ ...envOf(t), WEBHOOK_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'silent' }), { logger: false });
    const u = await t.user();
    let hookId: string;
    try {
      await opened.webhookWorkers.stop();
      const { token } = await opened.services.accounts.issueToken(u.id, 'test');
      const res = await opened.server.inject({
        method: 'POST',
        url: '/api/v1/webhooks',
        headers: { authorization: `Bearer ${token}` },
        payload: { url: `${rx.url}/late`, events: ['task.created'] },
      });
      expect(res.statusCode).toBe(201);
      hookId = res.json().data.id;
    } finally {
      await opened.close();
    }
    const seen = rx.received.length; // the challenge
    await t.as(u).post('/tasks', { title: 'must not leave' });
    const deadline = Date.now() + 20_000;
    let logs: any[] = [];
    while (logs.length < 2 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      logs = (await t.as(u).get(`/webhooks/${hookId}/logs`)).body.data;
    }
    expect(logs.length).toBe(2); // first attempt and the one retry
    for (const l of logs) expect(l).toMatchObject({ success: false, status_code: null });
    expect(logs[0].last_error).toMatch(/^refused: /);
    expect(rx.received.length).toBe(seen);
  }, 40_000);
});

function envOf(app: TestApp): Record<string, string> {
  const db = app.config.database;
  return { DATABASE_URL: db.dialect === 'sqlite' ? `sqlite:${db.file}` : db.url, DATA_DIR: app.config.dataDir };
}

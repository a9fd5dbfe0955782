/** A real HTTP receiver on 127.0.0.1 for webhook tests: records every request, answers as told. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  json: any;
  path: string;
}

export interface Answer {
  status?: number;
  body?: string;
  headers?: Record<string, string>;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  /** Deliveries only (not verification challenges). */
  events(): Received[];
  /** How to answer; by default the challenge is echoed and events get 200. */
  answer: (req: Received) => Answer;
  waitFor(pred: (r: Received) => boolean, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

export const echoChallenge = (req: Received): Answer =>
  req.json?.type === 'webhook.verification'
    ? { status: 200, body: JSON.stringify({ challenge: req.json.challenge }), headers: { 'content-type': 'application/json' } }
    : { status: 200, body: 'ok' };

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const receiver: Receiver = {
    url: '',
    received,
    events: () => received.filter((r) => r.json?.type !== 'webhook.verification'),
    answer: echoChallenge,
    async waitFor(pred, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = received.find(pred);
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`receiver: nothing matched within ${timeoutMs} ms; got ${received.map((r) => r.json?.type).join(', ')}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: any = null;
      try {
        json = JSON.parse(body);
      } catch {
        /* not JSON */
      }
      const r: Received = { headers: req.headers, body, json, path: req.url ?? '/' };
      received.push(r);
      const a = receiver.answer(r);
      const send = () => {
        timers.delete(timer);
        if (res.destroyed) return;
        res.writeHead(a.status ?? 200, a.headers ?? {});
        res.end(a.body ?? '');
      };
      const timer = setTimeout(send, a.delayMs ?? 0);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

/**
 * The HTTP side of webhook delivery: one signed POST with undici, 5 s for the whole exchange, no
 * redirects (undici's request follows none), at most 64 KiB of the answer read, and (unless
 * WEBHOOK_ALLOW_PRIVATE) no connection to a blocked address.
 */
import { createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import type { SendMessage, SendResult, SendTarget, WebhookClient } from '../core/webhooks/client.js';
import { BlockedAddressError, guardedLookup, ipLiteral, isBlockedAddress } from './address-guard.js';

const TIMEOUT_MS = 5_000;
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * Standard Webhooks signing key: a `whsec_<base64>` secret (what the service generates) is used
 * decoded, as the standard's libraries do; any other secret as its UTF-8 bytes (their "raw" format).
 */
function standardSigner(secret: string): Webhook {
  if (/^whsec_[A-Za-z0-9+/]+={0,2}$/.test(secret)) {
    try {
      return new Webhook(secret);
    } catch {
      // not valid base64 after all: fall through to raw
    }
  }
  return new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
}

/** Both signatures, made anew for each attempt (the timestamp moves). */
function signatureHeaders(secret: string, message: SendMessage, now = new Date()): Record<string, string> {
  return {
    'x-service-signature': `sha256=${createHmac('sha256', secret).update(message.body, 'utf8').digest('hex')}`,
    'webhook-id': message.id,
    'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
    'webhook-signature': standardSigner(secret).sign(message.id, now, message.body),
  };
}

function blockedIn(err: unknown): BlockedAddressError | null {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof BlockedAddressError) return e;
  }
  return null;
}

function describe(err: unknown, timedOut: boolean): string {
  const blocked = blockedIn(err);
  if (blocked) return blocked.message;
  if (timedOut) return `timeout: no complete answer within ${TIMEOUT_MS / 1000} s`;
  const e = err as { code?: string; message?: string };
  return `connection failed: ${e.code ?? ''} ${String(e.message ?? err).slice(0, 200)}`.trim();
}

export function createWebhookClient(opts: { allowPrivate: boolean }): WebhookClient & { close(): Promise<void> } {
  const agent = new Agent({
    connect: { timeout: TIMEOUT_MS, ...(opts.allowPrivate ? {} : { lookup: guardedLookup }) },
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
    keepAliveTimeout: 4_000,
  });

  return {
    async send(target: SendTarget, message: SendMessage): Promise<SendResult> {
      const started = performance.now();
      const elapsed = () => performance.now() - started;
      const url = new URL(target.url);
      // A literal address never goes through DNS, so the lookup guard would not see it.
      const literal = ipLiteral(url);
      if (!opts.allowPrivate && literal && isBlockedAddress(literal)) {
        return { status: null, ms: elapsed(), error: new BlockedAddressError(url.hostname, literal).message, body: '' };
      }
      const signal = AbortSignal.timeout(TIMEOUT_MS);
      try {
        const res = await request(url, {
          method: 'POST',
          dispatcher: agent,
          signal,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'Agendum-Webhooks/1',
            ...signatureHeaders(target.secret, message),
          },
          body: message.body,
        });
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of res.body) {
          const buf = chunk as Buffer;
          chunks.push(buf.subarray(0, MAX_RESPONSE_BYTES - size));
          size += buf.length;
          if (size >= MAX_RESPONSE_BYTES) break;
        }
        if (size >= MAX_RESPONSE_BYTES) res.body.destroy();
        const ok = res.statusCode >= 200 && res.statusCode < 300;
        return {
          status: res.statusCode,
          ms: elapsed(),
          body: Buffer.concat(chunks).toString('utf8'),
          error: ok ? null : res.statusCode >= 300 && res.statusCode < 400 ? `redirect ${res.statusCode} not followed` : `HTTP ${res.statusCode}`,
        };
      } catch (err) {
        return { status: null, ms: elapsed(), error: describe(err, signal.aborted), body: '' };
      }
    },
    close: () => agent.close(),
  };
}

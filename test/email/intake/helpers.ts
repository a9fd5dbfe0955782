import { existsSync, readFileSync } from 'node:fs';
import type { TestApp, TestUser } from '../../helpers/app.js';

import { CORPUS } from '../../helpers/corpus.js';
export const SECRET = 'test-intake-secret-0123456789';
export const hasCorpus = existsSync(CORPUS);
if (!hasCorpus) console.warn(`email corpus not found at ${CORPUS}: corpus-based intake tests are skipped`);

/** A corpus message with the placeholder replaced by a real intake address (never copied into the repo). */
export function corpusMail(name: string, address: string): Buffer {
  const file = readFileSync(`${CORPUS}/${name}`).toString('latin1');
  return Buffer.from(file.split('INTAKE_ADDRESS').join(address), 'latin1');
}

let counter = 0;
/** A small plain message with a fresh Message-ID unless one is given. */
export function plainMail(opts: { to?: string; subject?: string; body?: string; messageId?: string | null; headers?: Record<string, string> } = {}): Buffer {
  const headers: Record<string, string> = {
    From: 'Marcus Hale <marcus@example.org>',
    ...(opts.to ? { To: opts.to } : {}),
    Subject: opts.subject ?? 'Board prep',
    Date: 'Tue, 17 Nov 2026 16:42:00 -0800',
    'MIME-Version': '1.0',
    'Content-Type': 'text/plain; charset=utf-8',
    ...(opts.messageId === null ? {} : { 'Message-ID': `<${opts.messageId ?? `m${++counter}-${Date.now()}`}@example.org>` }),
    ...opts.headers,
  };
  const body = opts.body ?? 'Hi,\n\nPlease send me the updated investor deck by Friday.\nCan you also book the boardroom for the review?\n\nThanks';
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  return Buffer.from(`${head}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}\r\n`, 'utf8');
}

export async function intakeAddress(t: TestApp, user: TestUser): Promise<string> {
  return (await t.as(user).get('/account')).body.data.intake_address;
}

export function postMail(t: TestApp, raw: Buffer | string, opts: { to?: string; secret?: string | null; type?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': opts.type ?? 'message/rfc822' };
  if (opts.secret !== null) headers.authorization = `Bearer ${opts.secret ?? SECRET}`;
  const url = opts.to ? `/intake/email?to=${encodeURIComponent(opts.to)}` : '/intake/email';
  return t.request('POST', url, { raw, headers });
}

/** Every task and event the user has from email, to show that a rejected message made nothing. */
export async function emailItemCount(t: TestApp, user: TestUser): Promise<number> {
  const res = await t.as(user).get('/tasks?source=email&limit=1');
  return res.body.meta.pagination.total;
}

/** The line of the issue's large message (issue 16): every line a request and a meeting. */
export const BIG_LINE = (n: number) => `Please review item ${n} by Friday and call Bob tomorrow at 3pm about the meeting`;

/** A plain message of `lines` such lines, one paragraph, as a mail client would send a long list. */
export function bigMail(lines: number, to: string, subject = `Big list of ${lines}`): Buffer {
  const body = Array.from({ length: lines }, (_, i) => BIG_LINE(i + 1)).join('\n');
  return plainMail({ to, subject, body });
}

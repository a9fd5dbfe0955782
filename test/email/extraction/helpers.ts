import { readFileSync } from 'node:fs';
import { extract, parseEmail, type Extraction, type ParsedMessage } from '../../../src/doors/email/extraction/index.js';

import { CORPUS } from '../../helpers/corpus.js';

export function corpusFile(name: string): Buffer {
  return readFileSync(`${CORPUS}/${name}.eml`);
}

/** The headers of a plain-text test message from a person (`extra` adds list headers and the like). */
export const headers = (date: string, subject: string, id: string, from = 'Sam Reyes <sam@example.org>', extra: Record<string, string> = {}) => ({
  Date: date,
  From: from,
  To: 'me@intake.localhost',
  Subject: subject,
  'Message-ID': `<${id}@extraction.test>`,
  'Content-Type': 'text/plain; charset=utf-8',
  'Content-Transfer-Encoding': '8bit',
  ...extra,
});

/** The calendar day of an ISO timestamp. */
export const day = (iso: string | null | undefined) => iso?.slice(0, 10);

/** A date-only due is the end of that day where the mail was written: `localDay` reads it back there. */
export const localDay = (iso: string | null, offsetHours: number) =>
  iso ? new Date(Date.parse(iso) + offsetHours * 3600000).toISOString().slice(0, 10) : null;

/** An event's length in minutes. */
export const minutes = (e: { start_time: string; end_time: string | null }) => (Date.parse(e.end_time ?? '') - Date.parse(e.start_time)) / 60000;

/** The items' titles, in order. */
export const titles = (items: { title: string }[]) => items.map((i) => i.title);

/** Builds a small RFC 5322 message with CRLF line ends. */
export function mail(headers: Record<string, string>, body: string): Buffer {
  const head = Object.entries({ 'MIME-Version': '1.0', ...headers })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  return Buffer.from(`${head}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}`, 'utf8');
}

/**
 * The rules alone, without the item model: the rounds' tests say what the rules read from each
 * wording. What the model then keeps or drops is tested in item-model.test.ts and by the corpus
 * floors (docs/intake-quality.md, eighth round, says what it costs on these wordings).
 */
export async function run(raw: Buffer): Promise<{ parsed: ParsedMessage; out: Extraction }> {
  const parsed = await parseEmail(raw);
  return { parsed, out: extract(parsed, { model: null }) };
}

/** The whole reading: the rules, then the committed item model. */
export async function runWithModel(raw: Buffer): Promise<{ parsed: ParsedMessage; out: Extraction }> {
  const parsed = await parseEmail(raw);
  return { parsed, out: extract(parsed) };
}

/** A round's reader of made-up mail: each call a new message from `from` (a person by default), read by the rules alone. */
export function extractor(prefix: string) {
  let n = 0;
  return async (date: string, body: string, subject = 'Note', from?: string) => (await run(mail(headers(date, subject, `${prefix}-${++n}`, from), body))).out;
}

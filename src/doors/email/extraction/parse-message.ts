/** Turns raw RFC 5322 bytes into a ParsedMessage (headers, best text, calendar parts). */
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { UNSUBSCRIBE_LINE } from './classify.js';
import { EmailParseError } from './errors.js';
import { htmlToText } from './html-text.js';
import { mimeProblem } from './mime-check.js';
import type { CalendarPart, ParsedMessage } from './types.js';

const HEADER_LINE = /^[\x21-\x39\x3b-\x7e]+[ \t]*:/;
const KNOWN_HEADERS = /^(from|to|cc|subject|date|message-id|content-type|mime-version|received|delivered-to|return-path|reply-to|sender)[ \t]*:/im;

/** A message starts with header fields (an mbox "From " line is tolerated) and has a known one. */
function looksLikeMessage(raw: Buffer): boolean {
  const head = raw.subarray(0, 64 * 1024).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  const headerBlock = end >= 0 ? head.slice(0, end) : head;
  const lines = headerBlock.split(/\r?\n/).filter((l, i) => !(i === 0 && l.startsWith('From ')));
  if (!lines.length || !HEADER_LINE.test(lines[0])) return false;
  for (const l of lines) if (!(HEADER_LINE.test(l) || /^[ \t]/.test(l))) return false;
  return KNOWN_HEADERS.test(headerBlock);
}

const ZONE_NAMES: Record<string, number> = {
  UT: 0,
  UTC: 0,
  GMT: 0,
  Z: 0,
  EST: -300,
  EDT: -240,
  CST: -360,
  CDT: -300,
  MST: -420,
  MDT: -360,
  PST: -480,
  PDT: -420,
};

/** Offset in minutes east of UTC written in a Date header value. */
function dateHeaderOffset(value: string | null): number {
  if (!value) return 0;
  const v = value.replace(/\([^)]*\)/g, ' ').trim();
  const m = /([+-])(\d{2}):?(\d{2})\s*$/.exec(v);
  if (m) return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]));
  const z = /\b([A-Z]{1,3})\s*$/.exec(v);
  return z ? (ZONE_NAMES[z[1]] ?? 0) : 0;
}

/**
 * A NUL has no meaning in mail text, PostgreSQL text cannot hold one, and the extraction rules use
 * it as their own placeholder: it goes on reading, wherever a message hides it (a body, an encoded
 * header word, a calendar part).
 */
const withoutNul = (s: string) => s.replaceAll('\u0000', '');

function addresses(a: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(a) ? a : a ? [a] : [];
  const out: string[] = [];
  for (const obj of list) for (const v of obj.value) if (v.address) out.push(withoutNul(v.address).toLowerCase());
  return out;
}

function headerValues(p: ParsedMail, key: string): string[] {
  return p.headerLines.filter((h) => h.key === key).map((h) => h.line.slice(h.line.indexOf(':') + 1).trim());
}

function calendarPartsOf(p: ParsedMail): CalendarPart[] {
  const seen = new Set<string>();
  const parts: CalendarPart[] = [];
  for (const a of p.attachments) {
    const type = (a.contentType || '').toLowerCase();
    const isCal = type === 'text/calendar' || type === 'application/ics' || type === 'text/x-vcalendar' || /\.ics$/i.test(a.filename ?? '');
    if (!isCal) continue;
    const content = withoutNul(a.content.toString('utf8'));
    const key = content.replace(/\s+/g, '');
    if (seen.has(key)) continue;
    seen.add(key);
    parts.push({ content, filename: a.filename ?? null });
  }
  return parts;
}

function hasPlainTextPart(raw: string): boolean {
  if (/^content-type:[ \t]*text\/plain/im.test(raw)) return true;
  const end = raw.search(/\r?\n\r?\n/);
  return !/^content-type:/im.test(end >= 0 ? raw.slice(0, end) : raw);
}

export async function parseEmail(raw: Buffer): Promise<ParsedMessage> {
  if (!Buffer.isBuffer(raw) || raw.length === 0 || !looksLikeMessage(raw)) {
    throw new EmailParseError('input is not an RFC 5322 message');
  }
  const problem = mimeProblem(raw.toString('latin1'));
  if (problem) throw new EmailParseError(`malformed MIME: ${problem}`);
  let p: ParsedMail;
  try {
    // The engine makes its own text from HTML; mailparser's conversions (html->text, text->html with
    // linkify) would only cost time.
    p = await simpleParser(raw, { skipImageLinks: true, skipHtmlToText: true, skipTextToHtml: true, skipTextLinks: true });
  } catch (cause) {
    throw new EmailParseError('message could not be parsed', { cause });
  }
  const rawText = raw.toString('latin1');
  let text = p.text ?? '';
  if (p.html && (!text.trim() || !hasPlainTextPart(rawText))) text = htmlToText(p.html);
  text = withoutNul(text.replace(/\r\n?/g, '\n'));
  const calendarParts = calendarPartsOf(p);
  const subject = withoutNul(p.subject ?? '').trim();
  const dateValue = headerValues(p, 'date')[0] ?? null;
  const messageId = p.messageId ? withoutNul(p.messageId).replace(/^<|>$/g, '').trim() || null : null;
  // mailparser gathers the List-* headers under one "list" header ({ unsubscribe, id, ... }).
  const list = p.headers.get('list') as { unsubscribe?: unknown } | undefined;
  const listMail = p.headers.has('list-unsubscribe') || Boolean(list?.unsubscribe) || /^(bulk|list|junk)$/i.test(String(p.headers.get('precedence') ?? ''));
  const bulk =
    listMail ||
    /^(no-?reply|do-?not-?reply|notifications?|mailer-daemon)@/i.test(addresses(p.from)[0] ?? '') ||
    /\bautomated (message|email|notification)\b/i.test(text) ||
    UNSUBSCRIBE_LINE.test(text);
  const fromAddr = addresses(p.from)[0] ?? null;
  return {
    messageId,
    subject,
    from: fromAddr,
    to: addresses(p.to),
    cc: addresses(p.cc),
    deliveredTo: [...headerValues(p, 'delivered-to'), ...headerValues(p, 'x-original-to')].map((s) => s.replace(/^<|>$/g, '').toLowerCase()),
    date: p.date && !Number.isNaN(p.date.getTime()) ? p.date.toISOString() : null,
    text,
    hasContent: Boolean(subject || text.trim() || calendarParts.length),
    internal: {
      calendarParts,
      dateOffsetMinutes: dateHeaderOffset(dateValue),
      bulk,
      listMail,
      fromName: withoutNul(p.from?.value[0]?.name ?? '') || null,
    },
  };
}

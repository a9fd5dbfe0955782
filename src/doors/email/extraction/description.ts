/** "Where it came from" text for item descriptions (D16). */
import type { ParsedMessage } from './types.js';

export function provenance(parsed: ParsedMessage): string {
  const who = parsed.internal.fromName ? `${parsed.internal.fromName} <${parsed.from ?? '?'}>` : (parsed.from ?? 'unknown sender');
  const subject = parsed.subject ? `"${parsed.subject}"` : '(no subject)';
  const when = parsed.date ? ` on ${parsed.date}` : '';
  return `From email ${subject} from ${who}${when}.`;
}

export function describe(parsed: ParsedMessage, excerpt: string | null): string {
  const head = provenance(parsed);
  const body = excerpt?.replace(/\s+/g, ' ').trim();
  return body ? `${head}\n\n> ${body.slice(0, 600)}` : head;
}

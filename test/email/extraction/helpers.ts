import { readFileSync } from 'node:fs';
import { extract, parseEmail, type Extraction, type ParsedMessage } from '../../../src/doors/email/extraction/index.js';

import { CORPUS } from '../../helpers/corpus.js';

export function corpusFile(name: string): Buffer {
  return readFileSync(`${CORPUS}/${name}.eml`);
}

/** Builds a small RFC 5322 message with CRLF line ends. */
export function mail(headers: Record<string, string>, body: string): Buffer {
  const head = Object.entries({ 'MIME-Version': '1.0', ...headers })
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  return Buffer.from(`${head}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}`, 'utf8');
}

export async function run(raw: Buffer): Promise<{ parsed: ParsedMessage; out: Extraction }> {
  const parsed = await parseEmail(raw);
  return { parsed, out: extract(parsed) };
}

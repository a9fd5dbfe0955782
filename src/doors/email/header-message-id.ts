/**
 * The Message-ID read straight from the header block, for a message whose full read did not finish
 * (over its time budget, or the reader failed): the duplicate check of D16 must still know it, or a
 * redelivery with other bytes (another Received line) would be stored as a second message.
 */

/** Header blocks longer than this are not scanned (the parser's own limits are far lower). */
const MAX_HEADER_SCAN = 256 * 1024;

export function headerMessageId(raw: Buffer): string | null {
  const head = raw.subarray(0, MAX_HEADER_SCAN).toString('latin1');
  const end = head.search(/\r?\n\r?\n/);
  // Unfold continuation lines, then take the first Message-ID header.
  const headers = (end >= 0 ? head.slice(0, end) : head).replace(/\r?\n[ \t]+/g, ' ');
  const match = /^message-id[ \t]*:[ \t]*(.*)$/im.exec(headers);
  if (!match) return null;
  // As the parser gives it: without angle brackets, NULs or surrounding space.
  const id = match[1].replace(/\0/g, '').trim().replace(/^<|>$/g, '').trim();
  return id || null;
}

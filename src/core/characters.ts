/**
 * Characters as D4 and JSON Schema's `maxLength` count them: code points, not UTF-16 units, so an
 * emoji is one character in a title as it is in a description.
 */
export function longerThan(text: string, max: number): boolean {
  if (text.length <= max) return false;
  let count = 0;
  for (const _ of text) if (++count > max) return true;
  return false;
}

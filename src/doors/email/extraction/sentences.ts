/** Splitting cleaned body text into paragraphs, line units (list items, table rows) and clauses. */

export interface Unit {
  /** Text of the unit with wrapped lines joined. */
  text: string;
  /** Starts with a list marker or is a table row. */
  listItem: boolean;
  /** Index of the paragraph the unit belongs to. */
  paragraph: number;
}

const LIST_START = /^\s*(?:[-*•·▪◦]|\d{1,2}[.)]|\(\d{1,2}\)|[a-z]\))\s+\S/i;
const LABEL_START = /^\s*[\p{Lu}][\p{L}\p{N} #&/'’-]{0,30}\s*:\s+\S/u;

export function paragraphsOf(segment: string): string[] {
  return segment
    .split(/\n\s*\n/)
    .map((p) => p.replace(/^\n+|\n+$/g, ''))
    .filter((p) => p.trim());
}

export function unitsOf(paragraphs: string[]): Unit[] {
  const units: Unit[] = [];
  paragraphs.forEach((para, pi) => {
    let current: Unit | null = null;
    for (const rawLine of para.split('\n')) {
      const line = rawLine.trim();
      if (!line) continue;
      const isTable = line.includes(' | ');
      const starts = LIST_START.test(line) || isTable || LABEL_START.test(line);
      const prevEnds = current !== null && /[:]$/.test(current.text);
      if (!current || starts || prevEnds || current.listItem && isTable) {
        current = { text: line, listItem: LIST_START.test(line) || isTable, paragraph: pi };
        units.push(current);
      } else {
        current.text += ` ${line}`;
      }
    }
  });
  return units;
}

const ABBREVIATIONS = /\b(dr|mr|mrs|ms|st|sr|jr|vs|etc|e\.g|i\.e|no|approx|inc|ltd|co|corp|nr|bzw|ca|z\.b|mme|mlle|sra|sr|av|ave)\.$/i;

export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  const re = /[.!?](?=\s+[\p{Lu}¿¡"“(\d@])|[!?](?=\s)/gu;
  for (const m of text.matchAll(re)) {
    const end = (m.index ?? 0) + 1;
    const piece = text.slice(start, end);
    if (ABBREVIATIONS.test(piece)) continue;
    if (/\d\.$/.test(piece) && /^\s*\d/.test(text.slice(end))) continue;
    // German/Nordic ordinal dates: "Mittwoch, 18. November".
    if (/(^|[\s,(])\d{1,2}\.$/.test(piece) && /^\s*(jan|feb|mär|maer|apr|mai|jun|jul|aug|sep|okt|nov|dez)/i.test(text.slice(end))) continue;
    out.push(piece.trim());
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out.filter(Boolean);
}

/** Splits a sentence where a second request or proposal starts ("..., and could we ..."). */
export function clausesOf(sentence: string): string[] {
  return sentence
    .split(/;\s+|,?\s+(?:and|but|also|y|und|et)\s+(?=(?:could|can|would|will|please|let's|let us|could we|can we|¿puedes|bitte|pouvez)\b)|,\s+(?:and|then)\s+(?=(?:reply|respond|send|call|confirm|book|bring|submit|review|sign|pay|email|return|upload|complete|fill|let)\b)/i)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Splitting cleaned body text into paragraphs, line units (list items, table rows) and clauses. */

import { IMPERATIVE, REQUEST } from './action-items.js';
import { DAY_OF_NAMED_MONTH } from './month-names.js';
import { DATE_FIRST_LINE, endsWithDate } from './schedule.js';
import { opensWithImperative } from './statements.js';
import { stripLeadIns } from './titles.js';

const LEADS_TO_DAY = /(?<!\p{L})(?:by|until|before|on|due|bis|sp[äa]testens|zum|am|vom|ab|den|el|del|hasta|antes|le|au|jusqu['’]au|avant|d[eè]s)$/iu;

export interface Unit {
  /** Text of the unit with wrapped lines joined. */
  text: string;
  /** Starts with a list marker or is a table row. */
  listItem: boolean;
  /** Index of the paragraph the unit belongs to. */
  paragraph: number;
}

const LIST_START = /^\s*(?:[-–*•·▪◦]|\d{1,2}[.)]|\(\d{1,2}\)|[a-z]\))\s+\S/i;
const LABEL_START = /^\s*[\p{Lu}][\p{L}\p{N} #&/'’-]{0,44}\s*:\s+\S/u;

/**
 * Past this many characters a paragraph is cut at the next line break. Work per paragraph (date
 * parsing, the "all day" check, finding a clause's place) grows with its length, so bounding it
 * keeps a message's work linear in its size (D22); real paragraphs are far shorter.
 */
const MAX_PARAGRAPH_CHARS = 2000;

/**
 * A line that ends on a word no sentence ends on (a preposition or article before a date: "on",
 * "am", "le", "el", "zur ... am", "aura lieu le", "será el") runs on into the next line.
 */
const DANGLING =
  /(?<!\p{L})(?<!\d\s?)(?:on|at|the|for|from|to|until|by|before|bis|(?:bis\s+)?einschlie(?:ß|ss)lich|inklusive|hasta|avant|jusqu['’]au|am|um|im|zum|zur|vom|ab|f[üu]r|le|la|du|au|à|el|del|de|a las|desde)\s*$/iu;

/** A block that opens on a place's preposition in lower case: the sentence above goes on into it. */
const PLACE_GOES_ON = /^(?:à la|à l['’]|au|aux|at the|in the|en el|en la|im|in der|dans la|dans le|chez)\s/u;

/** "..., Austin, TX 78704", "..., 69003 Lyon": a line that ends on a postcode is an address, which no sentence runs on from. */
const ADDRESS_END = /(?:\b[A-Z]{2}\s+\d{5}(?:-\d{4})?|,\s*\d{4,5}\s+\p{Lu}[\p{L}-]+(?:\s+\p{Lu}[\p{L}-]+)?)$/u;
/** "... fill it out online by Friday: https://example.com/waiver" / "And we're collecting ...": a link ends its line's sentence. */
const LINK_END = /(?:https?:\/\/|www\.)\S+$/i;

export function paragraphsOf(segment: string): string[] {
  const out: string[] = [];
  for (const block of segment.split(/\n\s*\n/)) {
    const p = block.replace(/^\n+|\n+$/g, '');
    if (!p.trim()) continue;
    if (p.length <= MAX_PARAGRAPH_CHARS) {
      // "Die Probestunde findet statt am" / (blank line) / "Mittwoch, 2.12., um 16.15 Uhr": a sentence
      // cut after its preposition goes on in the next block, where the day is set apart.
      const last = out.length - 1;
      // "... le" / "mardi 15 décembre 2026 à 18h30" / "à la salle municipale ...": the place set apart goes on the same way.
      const goesOn = DANGLING.test(out[last] ?? '') || (/[^\s.!?:;]\s*$/.test(out[last] ?? '') && PLACE_GOES_ON.test(p.trimStart()));
      if (last >= 0 && goesOn && out[last].length + p.length <= MAX_PARAGRAPH_CHARS) out[last] = `${out[last]}\n${p}`;
      else out.push(p);
      continue;
    }
    let piece: string[] = [];
    let size = 0;
    for (const line of p.split('\n').flatMap(cutLongLine)) {
      if (size > 0 && size + line.length > MAX_PARAGRAPH_CHARS) {
        out.push(piece.join('\n'));
        piece = [];
        size = 0;
      }
      piece.push(line);
      size += line.length + 1;
    }
    if (piece.length) out.push(piece.join('\n'));
  }
  return out;
}

/**
 * A line longer than a paragraph may be (HTML without breaks, unwrapped text) is cut into pieces:
 * after the last sentence end before the limit, else at the last space, else at the limit.
 */
function cutLongLine(line: string): string[] {
  if (line.length <= MAX_PARAGRAPH_CHARS) return [line];
  const pieces: string[] = [];
  let start = 0;
  while (line.length - start > MAX_PARAGRAPH_CHARS) {
    const window = line.slice(start, start + MAX_PARAGRAPH_CHARS);
    let cut = -1;
    for (const m of window.matchAll(/[.!?](?=\s)/g)) cut = (m.index ?? 0) + 1;
    if (cut < MAX_PARAGRAPH_CHARS / 2) cut = Math.max(cut, window.lastIndexOf(' '));
    if (cut <= 0) cut = MAX_PARAGRAPH_CHARS;
    pieces.push(line.slice(start, start + cut));
    start += cut;
  }
  pieces.push(line.slice(start));
  return pieces;
}

export function unitsOf(paragraphs: string[]): Unit[] {
  const units: Unit[] = [];
  paragraphs.forEach((para, pi) => {
    // Lines are collected and joined once: testing a string regrown per line made this quadratic.
    let current: { lines: string[]; listItem: boolean } | null = null;
    const close = () => {
      if (current) units.push({ text: current.lines.join(' '), listItem: current.listItem, paragraph: pi });
    };
    for (const rawLine of para.split('\n')) {
      const line = rawLine.trim();
      if (!line) continue;
      const isTable = line.includes(' | ');
      const starts = LIST_START.test(line) || isTable || LABEL_START.test(line) || DATE_FIRST_LINE.test(line) || endsWithDate(line);
      const prevLine = current?.lines[current.lines.length - 1] ?? '';
      // "bis Montag," / "30. November, über das Portal", "by Friday," / "December 4: ...": a day of the month wrapped onto its line
      // is no list number, and the weekday before it no date of its own.
      // So is one after the word that leads to it ("Bitte bis spätestens" / "11. Dezember im Umschlag mitgeben").
      const wrappedDay = (prevLine.endsWith(',') || LEADS_TO_DAY.test(prevLine)) && DAY_OF_NAMED_MONTH.test(line);
      const prevEnds =
        !wrappedDay && (prevLine.endsWith(':') || endsWithDate(prevLine) || ((ADDRESS_END.test(prevLine) || LINK_END.test(prevLine)) && /^\p{Lu}/u.test(line)));
      if (!current || (starts && !DANGLING.test(prevLine) && !wrappedDay) || prevEnds || (current.listItem && isTable)) {
        close();
        current = { lines: [line], listItem: LIST_START.test(line) || isTable };
      } else {
        current.lines.push(line);
      }
    }
    close();
  });
  return units;
}

/** "2. The name of the signer.": a number's dot may end a "sentence" of its own before a list entry's first one. */
export function openingSentence(sentences: string[]): number {
  return Math.max(
    0,
    sentences.findIndex((x) => /\p{L}/u.test(x)),
  );
}

/** Words whose dot ends no sentence (titles, street nouns, "etc."), tested on a piece's end. */
export const ABBREVIATIONS =
  /\b(dr|mr|mrs|ms|st|sr|jr|vs|etc|e\.g|i\.e|no|approx|inc|ltd|co|corp|nr|bzw|ca|z\.b|mme|mlle|sra|sr|av|ave|avda|bv|blvd|bd|col)\.$/i;

const ORDINAL_AFTER = /(?:^|\s)(?:der|die|das|dem|den|des|im|am|zum|zur|vom|beim|ins|seit|ab|f[üu]rs?|ihr|ihre[mnrs]?|unser|unsere[mnrs]?)\s+\d{1,2}\.$/i;

/** Longer than any abbreviation above with the character before it, so a tail tests like the whole piece. */
const TAIL = 16;

export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  const re = /[.!?](?=\s+[\p{Lu}¿¡"“(\d@])|[!?](?=\s)/gu;
  for (const m of text.matchAll(re)) {
    const end = (m.index ?? 0) + 1;
    // Only the end of the piece decides, so only its end is tested: a piece that keeps growing past
    // abbreviations would otherwise be rescanned whole at every candidate break.
    const tail = text.slice(Math.max(start, end - TAIL), end);
    const whole = end - start <= TAIL;
    // "88 Cedar Ave. Please RSVP": an abbreviation, then a new sentence that asks.
    // "1200 Oakwood Ave. Students should arrive ...": a street's suffix, then a sentence that opens on a word and goes on in lower case.
    // "300 Shore Dr. Dinner is catered": after a house number and a street's name, "Dr." and "St." are the street's.
    const streetSuffix =
      /\b(?:ave|blvd|bd|rd)\.$/i.test(tail) || /\d+\s+\p{Lu}\p{L}+\s+(?:[Dd]r|[Ss]t|[Ll]n|[Cc]t)\.$/u.test(text.slice(Math.max(start, end - 30), end));
    const sentenceAfterStreet = streetSuffix && /^\s+\p{Lu}\p{Ll}+\s+\p{Ll}/u.test(text.slice(end, end + 40));
    if (
      ABBREVIATIONS.test(tail) &&
      !sentenceAfterStreet &&
      !/^\s+(?:please|bitte|merci|por favor|thanks|thank you|rsvp|let|reply)\b/i.test(text.slice(end, end + 20))
    )
      continue;
    // "Bake sale donations (nut-free, please!) can be dropped off": a mark inside brackets ends no sentence.
    if (/\([^)]*$/.test(text.slice(Math.max(start, end - 60), end))) continue;
    // "notre conseiller, M. Lambert, passera": the French "Monsieur", written with a capital before a name.
    if (/(?:^|[\s,(])M\.$/.test(tail) && /^\s+\p{Lu}\p{Ll}+/u.test(text.slice(end, end + 20))) continue;
    // "- 7.12. Nikolausfeier in der Turnhalle": a line that opens with a day and month is an entry, not a sentence.
    if (end - start <= 16 && /^\s*(?:[-*•]\s*)?\d{1,2}\.\d{1,2}\.(?:\d{2,4})?$/.test(text.slice(start, end))) continue;
    if (/\d\.$/.test(tail) && /^\s*\d/.test(text.slice(end, end + 40))) continue;
    // German/Nordic ordinal dates: "Mittwoch, 18. November".
    if (
      (whole ? /(^|[\s,(])\d{1,2}\.$/ : /[\s,(]\d{1,2}\.$/).test(tail) &&
      /^\s*(jan|feb|mär|maer|apr|mai|jun|jul|aug|sep|okt|nov|dez)/i.test(text.slice(end, end + 40))
    )
      continue;
    // A German ordinal after its article or preposition ("für das 4. Quartal", "im 2. Stock", "zum
    // 3. Mal"): no German sentence ends on "das 4.".
    if (ORDINAL_AFTER.test(tail)) continue;
    out.push(text.slice(start, end).trim());
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out.filter(Boolean);
}

/** Splits a sentence where a second request or proposal starts ("..., and could we ..."). */
export function clausesOf(sentence: string): string[] {
  return sentence
    .split(
      /;\s+|,?\s+(?:and|but|also|y|und|et)\s+(?=(?:(?:could|can|would|will)\s+(?:you|we|u|someone)|please|let's|let us|¿puedes|bitte|pouvez)\b)|,\s+(?:and)\s+(?=(?:reply|respond|send|call|confirm|book|bring|submit|review|sign|pay|email|return|upload|complete|fill|let)\b)/i,
    )
    .flatMap(secondRequest)
    .flatMap(requestAfterDash)
    .map((s) => s.trim())
    .filter(Boolean);
}

const WORDS = (s: string) => s.trim().split(/\s+/).length;
/** Words with letters: a list's "-" is none. */
const wordsIn = (s: string) => s.split(/\s+/).filter((w) => /\p{L}/u.test(w)).length;

const ANSWER_BACK = /^(?:please\s+)?(?:reply|respond|answer|write|email|e-mail|get back|let (?:me|us) know|contact (?:me|us)|get in touch)(?!\p{L})/iu;
const ZU_END = /(?:\p{Ll}zu\p{Ll}{3,}(?:en|ern|eln)|\szu\s+\p{Ll}{3,}(?:en|ern|eln))\s*[.!]?$/u;
/** "Need to decide on this before the cutoff - ask Priya if we still use the add-on": an imperative after a spaced dash is a request of its own. */
function requestAfterDash(clause: string): string[] {
  const dash = /\s[-–—]\s+(?=\p{Ll})/u.exec(clause);
  // A note's "Gus, plumber 828-555-0173 - call about the water heater" or "[ ] Priya - draft the plan" is one entry.
  const before = clause.slice(0, dash?.index ?? 0);
  // "Structural steel shop drawings - review comments due Dec 4" is a schedule line, one entry.
  if (!dash || wordsIn(before) < 4 || /\d|\[/.test(before) || endsWithDate(clause)) return [clause];
  const after = clause.slice(dash.index + dash[0].length);
  // "We still need two chaperones - reply to this email if you can join us": the answer asked for is about what came before.
  // "... speaker prep call in January - invite to follow": what is still to come is no ask.
  if (ANSWER_BACK.test(after) || /\bto (?:follow|come)\b/i.test(after)) return [clause];
  return WORDS(after) >= 3 && (IMPERATIVE.test(after) || opensWithImperative(after)) ? [before, after] : [clause];
}
const FEEDBACK_BACK = /^(?:send|give|email|share)\s+(?:me|us|them)\s+(?:your\s+|any\s+)?(?:comments?|feedback|thoughts|notes|edits|input|remarks)(?!\p{L})/iu;
const OWN_DEADLINE = /\b(?:by|before|until|no later than|antes del?|hasta|bis|sp[äa]testens|avant|d['’]ici)\s+\S+/i;

/**
 * "Please submit the form by Wednesday and send us a copy of your passport by December 11": a
 * request with its own deadline, "and", then a verb in the imperative mood is a second request.
 */
function secondRequest(clause: string): string[] {
  if (clause.length > 400 || !/\s(?:and|y|und|et)\s/i.test(clause)) return [clause];
  for (const m of clause.matchAll(/\s+(?:and|y|und|et)\s+(?=\p{L})/giu)) {
    const before = clause.slice(0, m.index);
    const after = clause.slice((m.index ?? 0) + m[0].length);
    if (WORDS(before) < 4 || WORDS(after) < 3) continue;
    // "bitte ich Sie, das Angebot bis Donnerstag zurückzusenden und uns auch Ihre Auswahl mitzuteilen": two zu-infinitives,
    // the first with its own deadline, are two asks.
    if (/(?<!\p{L})bitte[n]?(?!\p{L})/iu.test(before) && OWN_DEADLINE.test(before) && ZU_END.test(before) && ZU_END.test(after))
      return [before, ...secondRequest(`bitte ${after}`)];
    // Only when the first request has its own deadline: "review X and send me comments by Thursday" is one task.
    if (!OWN_DEADLINE.test(before)) continue;
    // "review the redlines by Thursday noon and send me your comments": the review's own outcome, one errand.
    if (FEEDBACK_BACK.test(after)) continue;
    const asks = REQUEST.test(before) || IMPERATIVE.test(stripLeadIns(before));
    if (asks && (IMPERATIVE.test(after) || opensWithImperative(after))) return [before, ...secondRequest(after)];
  }
  return [clause];
}

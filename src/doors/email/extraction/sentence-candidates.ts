/**
 * The ninth round's candidate source (docs/intake-quality.md, "Ninth round"): every sentence or
 * list line that names a day the date reader finds, and that no rule item comes from, yields a
 * task due that day and an event on that day, titled from the sentence's own words. The source does
 * not decide whether a sentence holds an item or which kind: the item model (item-model.ts) does,
 * from the facts read here (sentenceFacts). No phrase of any mail is listed here: only the date
 * reader, the place reader, the pipeline's sentence split and the words every request, greeting or
 * subject pronoun of the four languages is made of.
 */
import { imperativeMood, listVerb, REQUEST } from './action-items.js';
import { subjectTopic } from './asks.js';
import { stripBoilerplate } from './boilerplate.js';
import { type DateContext, type DateMention, findDates, mentionEndMs, mentionStartMs, statedDurationMinutes } from './dates.js';
import { DATEISH } from './meetings.js';
import type { Lang } from './language.js';
import { findLocation } from './places.js';
import { paragraphsOf, sentencesOf, unitsOf } from './sentences.js';
import { happening, nounPhrase } from './statements.js';
import { capitalise, contentWordCount, dueLabelTitle, finishTitle, stripDeterminers, stripLeadIns, stripListMarker } from './titles.js';

/** One day named in one sentence: the task and the event it could be, and what the model reads of it. */
export interface SentenceReading {
  sentence: string;
  fromNote: boolean;
  /** Share of the text read before this sentence (0 at the top, near 1 at the bottom). */
  position: number;
  listItem: boolean;
  task: { title: string; dueMs: number; exact: boolean } | null;
  event: { title: string; startMs: number; endMs: number; allDay: boolean; location: string | null } | null;
  facts: SentenceFacts;
}

interface SentenceFacts {
  verbFirst: boolean;
  request: boolean;
  hasTime: boolean;
  hasPlace: boolean;
  hasEnd: boolean;
  question: boolean;
  /** A rule item of the mail falls on the same day. */
  sharesRuleDay: boolean;
  /** The event's title came from the subject line (the sentence named nothing). */
  subjectTitle: boolean;
  /** How many days the sentence names. */
  days: number;
  /** The sentence tells what was done (a past form or a passive: "Order placed", "wurde versandt", "a été expédiée", "fue enviado"). */
  done: boolean;
}

/** A past or passive verb form, by its shape in each language (no verb lists): receipts and notices tell what was done. */
const DONE: Record<Lang, RegExp> = {
  en: /(?<!\p{L})(?:was|were|has been|have been|had)(?!\p{L})|(?<!\p{L})\p{L}{3,}ed(?!\p{L})/iu,
  es: /(?<!\p{L})(?:ha|han|he|hemos|fue|fueron|se ha|se han)\s+\p{L}+(?:ado|ido|ada|ida)s?(?!\p{L})|(?<!\p{L})\p{L}{3,}(?:ó|aron)(?!\p{L})/iu,
  de: /(?<!\p{L})(?:wurde|wurden|worden|hat|haben|habe|ist|sind)(?!\p{L})[^.!?]{0,60}(?<!\p{L})ge\p{L}{2,}(?:t|en)(?!\p{L})/iu,
  fr: /(?<!\p{L})(?:a|ont|avons|avez|ai|est|sont)\s+(?:bien\s+)?(?:été\s+)?\p{L}{2,}(?:é|ée|és|ées|i|ie|is|u|ue|us)(?!\p{L})/iu,
};

/**
 * Past this many sentences with a date hint, a message's sentences are not read by this source: a
 * real mail has far fewer, and a generated one (D22's 20,000 lines) must cost no more than its rules.
 */
const MAX_DATED_SENTENCES = 60;
/** Sentences longer than this are prose, not an item's line; their opening is read. */
const MAX_SENTENCE_CHARS = 400;
const TITLE_WORDS = 8;
const DAY = 86400000;
const HOUR = 3600000;

const GREETING =
  /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening)|hola|buenos d[íi]as|buenas(?: tardes| noches)?|estimad[oa]s?|querid[oa]s?|hallo|liebe[rs]?|sehr geehrte[rs]?|guten (?:morgen|tag|abend)|bonjour|bonsoir|salut|coucou|cher|ch[èe]re|chers)\b[^,!.:]{0,40}[,!:]\s*/iu;
/** "Thanks", "Gracias", "Danke", "Merci" closing a sentence, and politeness anywhere in it. */
const POLITENESS =
  /(?<!\p{L})(?:please|pls|kindly|por favor|bitte|s['’]il (?:vous|te) pla[îi]t|svp|merci d['’]avance|thanks?(?: you)?(?: in advance)?|gracias|danke(?: schön)?|merci)(?!\p{L})[,!]?/giu;
/** A subject pronoun opening the clause, with the modal or auxiliary after it ("we need to", "wir müssen", "tenemos que", "nous devons"). */
const SUBJECT_OPENING =
  /^(?:(?:i|we|you|they|he|she|someone|somebody)(?:['’](?:ll|d|re|m|ve))?\s+(?:(?:will|would|shall|should|must|can|could|need to|have to|has to|want to|are going to|am going to|is going to|are|am|is|have|has|also|still|just)\s+){0,3}|(?:ich|wir|du|ihr|sie|man)\s+(?:(?:m[üu]ssen|muss|musst|sollten|sollen|sollte|werden|wird|wirst|m[öo]chten|m[öo]chte|k[öo]nnen|kann|haben|hat|sind|ist|bitte|auch|noch)\s+){0,2}|(?:yo|t[úu]|usted|ustedes|nosotros|vosotros)\s+|(?:tenemos|tienes|tiene|tienen|ten[ée]is|hay|debemos|debes|debe|deben|necesitamos|necesitas|vamos|van)\s+(?:que\s+|a\s+)?|(?:je|j['’]|nous|vous|tu|on|il|elle)\s*(?:(?:devons|devez|dois|doit|allons|allez|vais|va|voulons|voulez|veux|pouvons|pouvez|peux|peut|avons|avez|ai|a|sommes|[êe]tes|suis|est)\s+){0,2})/iu;
/** Words that only join or hedge ("just", "also", "so", "anyway", "por cierto", "übrigens", "d'ailleurs"). */
const FILLER =
  /^(?:just|also|so|anyway|btw|by the way|oh|ok(?:ay)?|well|and|but|then|now|quick (?:note|reminder)|reminder|note|fyi|heads[- ]up|por cierto|adem[áa]s|tambi[ée]n|entonces|pues|y|pero|[üu]brigens|au[ßs]erdem|auch|also|und|aber|dann|d['’]ailleurs|aussi|donc|et|mais|alors|rappel|recordatorio|erinnerung)\b[\s,:;!.-]*/iu;
/** Prepositions and articles that only led to the day taken out ("by", "on the", "am", "bis zum", "el", "antes del", "le", "avant le"). */
const BEFORE_DAY =
  /(?:\s+(?:by|on|at|before|until|till|from|due|no later than|the|this|next|coming|el|la|los|las|del|de|a|al|antes(?: del?)?|hasta(?: el)?|para(?: el)?|desde(?: el)?|am|um|bis(?: zum)?|ab|vom|zum|zur|sp[äa]testens|der|den|dem|le|les|au|à|avant(?: le)?|d['’]ici(?: le)?|jusqu['’]au|pour(?: le)?|d[èe]s(?: le)?|du|ce))+\s*$/iu;
const AFTER_DAY = /^\s*(?:at|um|a las?|à|,)\s*$/i;
/** A copula or auxiliary left at the end once the day was taken out ("Your appointment is", "Der Termin ist"). */
const TRAILING_VERB =
  /\s+(?:is|are|was|were|will be|has been|is scheduled|is due|are due|ist|sind|wird|findet|es|son|ser[áa]|est|sont|sera|seront|a lieu|ont lieu|statt)\s*$/iu;
const MARK = '\u0001';

const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();

/** The sentence with its days taken out (and the words that only led to them), cut to the clause that held the first. */
function withoutDays(sentence: string, mentions: DateMention[]): string {
  let s = sentence;
  for (const m of [...mentions].sort((a, b) => b.index - a.index)) {
    let before = s.slice(0, m.index);
    const after = s.slice(m.end);
    before = before.replace(BEFORE_DAY, '');
    s = `${before} ${MARK} ${AFTER_DAY.test(after.slice(0, 6)) ? after.replace(/^\s*(?:at|um|a las?|à|,)\s*/i, '') : after}`;
  }
  // The clause that held the first day, unless it says too little without it.
  const clauses = s.split(/\s*(?:[;:–—]|\s-\s|,(?=\s))\s*/);
  const at = clauses.findIndex((c) => c.includes(MARK));
  const pick = at >= 0 && contentWordCount(clauses[at].replaceAll(MARK, ' ')) >= 2 ? clauses[at] : at > 0 ? `${clauses[at - 1]} ${clauses[at]}` : s;
  return tidy(pick.replaceAll(MARK, ' ').replace(/\s+([,.!?])/g, '$1'));
}

/** The title of the task a sentence could be: its verb phrase or noun phrase without the day, greetings, politeness, subject pronoun and filler. */
function taskTitle(core: string): string {
  let s = core;
  for (let i = 0; i < 4; i++) {
    const before = s;
    s = stripLeadIns(s.replace(GREETING, '').replace(FILLER, '').replace(SUBJECT_OPENING, ''));
    if (s === before) break;
  }
  s = tidy(s.replace(POLITENESS, ' ').replace(/[?¿¡!]/g, ' '))
    .replace(/[\s,;:.]+$/, '')
    .replace(TRAILING_VERB, '');
  return finishTitle(capitalise(s), TITLE_WORDS);
}

/** The title of the event a sentence could be: what happens (the noun phrase before its verb), else the task's words, else the subject's topic. */
function eventTitle(
  core: string,
  task: string,
  sentence: string,
  ctx: DateContext,
  subject: string,
  place: string | null,
): { title: string; fromSubject: boolean } {
  // What happens is read in the clause that held the day ("Also a heads-up: the kickoff is on Monday" -> "the kickoff is").
  const h = happening(core, ctx.lang) ?? happening(sentence, ctx.lang);
  const named = h?.subject ? nounPhrase(h.subject.replace(GREETING, '').replace(FILLER, ''), ctx.lang) : null;
  if (named && contentWordCount(named) >= 1) return { title: finishTitle(capitalise(stripDeterminers(named)), TITLE_WORDS), fromSubject: false };
  // A street address is no part of a name; a named place may be what the event is ("in den Zoo").
  let t = place && /\d/.test(place) ? core.replace(place, ' ') : core;
  t = taskTitle(t.replace(/\s+(?:at|in|au|à|en|im|in der|bei|chez)\s*$/i, ''));
  const words = contentWordCount(t);
  if (words >= 1 && words <= TITLE_WORDS) return { title: finishTitle(stripDeterminers(t), TITLE_WORDS), fromSubject: false };
  if (task && contentWordCount(task) >= 1) return { title: task, fromSubject: false };
  return { title: subject ? subjectTopic(subject) : '', fromSubject: true };
}

export interface RuleTrace {
  /** The excerpts of the rules' items (clauses or sentences), lower-cased and trimmed. */
  excerpts: Set<string>;
  /** The calendar days (YYYY-MM-DD in the mail's offset) the rules' items fall on. */
  days: Set<string>;
}

export function dayKey(ms: number, offsetMinutes: number): string {
  return new Date(ms + offsetMinutes * 60000).toISOString().slice(0, 10);
}

const excerptKey = (s: string) => tidy(s).toLowerCase();

/** Sentences with a day in the text that no rule item comes from, as task and event candidates. */
export function sentenceCandidates(text: string, ctx: DateContext, subject: string, rules: RuleTrace, fromNote: boolean): SentenceReading[] {
  const out: SentenceReading[] = [];
  const total = Math.max(1, text.length);
  let read = 0;
  let cursor = 0;
  const seen = new Set<string>();
  for (const segment of stripBoilerplate(text)) {
    for (const unit of unitsOf(paragraphsOf(segment))) {
      if (rules.excerpts.has(excerptKey(unit.text))) continue;
      for (const raw of sentencesOf(unit.text)) {
        if (!DATEISH.test(raw)) continue;
        if (++read > MAX_DATED_SENTENCES) return out;
        const sentence = raw.length > MAX_SENTENCE_CHARS ? raw.slice(0, MAX_SENTENCE_CHARS) : raw;
        if (coveredByRule(sentence, rules)) continue;
        const found = text.indexOf(raw.slice(0, 40), cursor);
        if (found >= 0) cursor = found;
        const mentions = findDates(sentence, ctx);
        const days = mentions.filter((m) => m.hasDay);
        if (!days.length) continue;
        const body = stripListMarker(sentence);
        const shift = sentence.length - body.length;
        const shifted = mentions.map((m) => ({ ...m, index: m.index - shift, end: m.end - shift })).filter((m) => m.index >= 0);
        const core = withoutDays(body, shifted);
        const bare = stripLeadIns(body.replace(GREETING, ''));
        const place = findLocation(sentence);
        // Only the first two days of a sentence: a third is a list, read line by line elsewhere.
        for (const m of days.slice(0, 2)) {
          const sameDay = rules.days.has(dayKey(mentionStartMs(m, ctx, false), m.zone ?? ctx.offset));
          // "Due: Dec 3": a label names nothing, the subject does.
          const task = dueLabelTitle(taskTitle(core), subject);
          const key = `${task}|${m.year}-${m.month}-${m.day}|${m.hour}:${m.minute}`;
          if (seen.has(key)) continue;
          seen.add(key);
          const ev = eventTitle(core, task, body, ctx, subject, place);
          const startMs = m.hasTime ? mentionStartMs(m, ctx, false) : Date.UTC(m.year, m.month - 1, m.day);
          const lastDay = m.endDay ? Date.UTC(m.endDay.year, m.endDay.month - 1, m.endDay.day) : null;
          const duration = m.hasTime ? statedDurationMinutes(sentence) : null;
          const end = m.hasTime
            ? (mentionEndMs(m, ctx) ?? (duration ? startMs + duration * 60000 : startMs + HOUR))
            : (lastDay && lastDay > startMs && lastDay - startMs < 31 * DAY ? lastDay : startMs) + DAY;
          out.push({
            sentence,
            fromNote,
            position: cursor / total,
            listItem: unit.listItem,
            task:
              contentWordCount(task) >= 1
                ? { title: task, dueMs: mentionStartMs({ ...m, hasTime: m.hasTime && !m.endOfDay }, ctx, true), exact: m.hasTime && !m.endOfDay }
                : null,
            event: ev.title
              ? { title: ev.title, startMs, endMs: end > startMs ? end : startMs + HOUR, allDay: !m.hasTime, location: m.hasTime || place ? place : null }
              : null,
            facts: {
              verbFirst: imperativeMood(bare, ctx.lang) || listVerb(bare, ctx.lang),
              request: REQUEST.test(sentence),
              hasTime: m.hasTime,
              hasPlace: place !== null,
              hasEnd: m.endTime !== null || m.endDay !== undefined || duration !== null,
              question: /\?/.test(sentence),
              sharesRuleDay: sameDay,
              subjectTitle: ev.fromSubject,
              days: days.length,
              done: DONE[ctx.lang].test(body),
            },
          });
        }
      }
    }
  }
  return out;
}

/** Past this many rule items, only exact excerpts are compared (a generated message has thousands: D22 wants linear work). */
const MAX_CONTAINMENT_CHECKS = 200;

/** A rule item came from this sentence: a rule item's excerpt is the sentence, holds it, or is part of it. */
function coveredByRule(sentence: string, rules: RuleTrace): boolean {
  const key = excerptKey(sentence);
  if (rules.excerpts.has(key)) return true;
  if (rules.excerpts.size > MAX_CONTAINMENT_CHECKS) return false;
  for (const e of rules.excerpts) if (e.length >= 12 && (e.includes(key) || key.includes(e))) return true;
  return false;
}

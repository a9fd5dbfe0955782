/**
 * An event told by a sentence whose subject is a pronoun ("It will be made up on Wednesday 16 ...",
 * "Er wird am 16. Dezember nachgeholt", "Il sera rattrapé le mercredi 16", "Se recuperará el
 * miércoles 16") is named by the subject of the sentence before ("The pottery class on Wednesday,
 * December 2 is cancelled", "Der Töpferkurs am Mittwoch ... fällt aus", "Le cours de poterie du
 * mercredi 2 décembre est annulé"): a noun phrase that opens with a determiner, up to its date or
 * its verb. Reads the clause and the one sentence before it (kept as the loop passes).
 */
import type { TextTask } from './action-items.js';
import { findDates, type DateContext } from './dates.js';
import type { TextEvent } from './meetings.js';
import { capitalise, contentWordCount, finishTitle } from './titles.js';

const PRONOUN_SUBJECT =
  /^(?:it|this|they|he|she|il|elle|ils|elles|er|sie|es|ello|[ée]l|ella|ellos|ellas)\s+(?:will|is|are|shall|sera|seront|aura|est|wird|werden|ist|findet|ser[áa]|tendr[áa]|va|se)(?!\p{L})|^se\s+\p{L}+(?:r[áa]|r[áa]n)(?!\p{L})/iu;
const DETERMINER_LED =
  /^(?:(?:hallo|hello|hi|bonjour|hola)[^,]{0,30},\s*)?(?:the|our|your|this|le|la|les|l['’]|notre|votre|ce|cette|der|die|das|unser|unsere|euer|eure|el|los|las|nuestro|nuestra|vuestro|vuestra)\s+\S/iu;
const VERB_AFTER_SUBJECT =
  /\s(?:is|are|was|were|will|has|have|had|est|sont|sera|a|ont|ist|sind|wird|werden|fällt|f[äa]llt|entf[äa]llt|findet|war|es|son|est[áa]|queda|quedan|ha|han|se)(?!\p{L})/iu;
const TRAILING_LINK =
  /(?:\s+(?:on|of|for|this|next|du|de|des|del|le|ce|am|vom|von|heute|today|tonight|ce soir|esta|este|de esta|d['’]aujourd['’]hui|,))+\s*$/iu;

export function opensWithPronoun(clause: string): boolean {
  return PRONOUN_SUBJECT.test(clause.trim());
}

/** The event named by the subject of the sentence before, when that sentence opens with a noun phrase. */
export function namedByAntecedent(ev: TextEvent, previous: string, ctx: DateContext): TextEvent {
  const sentence = previous.trim();
  if (!DETERMINER_LED.test(sentence)) return ev;
  const date = findDates(sentence, ctx)[0];
  let subject = date ? sentence.slice(0, date.index) : sentence;
  const verb = VERB_AFTER_SUBJECT.exec(subject);
  if (verb) subject = subject.slice(0, verb.index);
  subject = subject
    .replace(/^(?:(?:hallo|hello|hi|bonjour|hola)[^,]{0,30},\s*)/i, '')
    .replace(TRAILING_LINK, '')
    .replace(
      /^(?:the|our|your|this|le|la|les|l['’]|notre|votre|ce|cette|der|die|das|unser|unsere|euer|eure|el|los|las|nuestro|nuestra|vuestro|vuestra)\s+/i,
      '',
    )
    .trim();
  if (contentWordCount(subject) < 1 || subject.split(/\s+/).length > 6) return ev;
  return { ...ev, title: finishTitle(capitalise(subject), 8), excerpt: `${sentence} ${ev.excerpt}` };
}

/** "Sign and return it", "Get them to me: <subject>": an ask whose object is a pronoun. */
/** "Go through them", "look over it", "send them back": a verb, its particle, then the pronoun. */
export const PRONOUN_OBJECT = /^(\p{L}+(?:\s+(?:through|over|back|out|up|off|into|in|on))?(?:\s+(?:and|&)\s+\p{L}+)?)\s+(it|them|both)(?!\p{L})([^:]*)/iu;
/** A noun phrase led by a determiner, up to the preposition, verb or mark after it. */
const OBJECT_PHRASE =
  /(?<!\p{L})(?:the|an?|your|our|my|his|her|their|this|these|those|no|any|some|both|all|two|three)\s+((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]{3,})(?=\s+(?:with|for|to|from|on|in|at|by|of|and|or|this|that|which|who|is|are|was|were|will|has|have|so|before|after|until|as|please|can|could)(?!\p{L})|\s*[,.;:!?)–—-]|\s*$)/giu;
const NOT_A_THING = /^(?:week|weekend|day|time|morning|afternoon|evening|moment|meantime|end|way|chance|holidays?)$/i;

/**
 * "The city reviewer needs the revised calcs this week - can you get them to me by Thursday?": the
 * pronoun an ask points with stands for the object named just before (the sentence's own words
 * first, then the sentence before), not for the sentence's subject, and agrees with it in number.
 */
export function withAntecedent(t: TextTask, upToClause: string, previous: string): TextTask {
  const p = PRONOUN_OBJECT.exec(t.title);
  if (!p) return t;
  const plural = p[2].toLowerCase() === 'them';
  // "We're missing the hotel folio and the receipt ... Can you send both": "both" names the first of two things, either number.
  const either = p[2].toLowerCase() === 'both';
  // The sentence's own words up to the ask's verb ("... needs the revised calcs this week - can you get").
  const verb = new RegExp(`(?<!\\p{L})${p[1].split(/\s+/)[0]}(?!\\p{L})`, 'iu').exec(upToClause);
  const ownWords = verb ? upToClause.slice(0, verb.index) : '';
  for (const text of [ownWords, previous]) {
    for (const m of text.matchAll(OBJECT_PHRASE)) {
      const head = m[1].split(/\s+/).pop() ?? '';
      const atStart = /(?:^|[.!?:]\s+|\s[-–—]\s+)$/.test(text.slice(0, m.index));
      // "($640, adds one day to the schedule)": an aside in brackets names nothing asked for.
      const aside = /\([^)]*$/.test(text.slice(Math.max(0, m.index - 80), m.index));
      if (atStart || aside || NOT_A_THING.test(head) || (!either && (/s$/i.test(head) !== plural || /ss$/i.test(head)))) continue;
      return { ...t, title: finishTitle(`${p[1]} the ${m[1].toLocaleLowerCase()}${p[3]}`, 14), excerpt: `${text} ${t.excerpt}` };
    }
  }
  return t;
}

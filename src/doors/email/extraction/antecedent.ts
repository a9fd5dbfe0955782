/**
 * An event told by a sentence whose subject is a pronoun ("It will be made up on Wednesday 16 ...",
 * "Er wird am 16. Dezember nachgeholt", "Il sera rattrapé le mercredi 16", "Se recuperará el
 * miércoles 16") is named by the subject of the sentence before ("The pottery class on Wednesday,
 * December 2 is cancelled", "Der Töpferkurs am Mittwoch ... fällt aus", "Le cours de poterie du
 * mercredi 2 décembre est annulé"): a noun phrase that opens with a determiner, up to its date or
 * its verb. Reads the clause and the one sentence before it (kept as the loop passes).
 */
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

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
export const PRONOUN_OBJECT =
  /^(\p{L}+(?:\s+(?:through|over|back|out|up|off|into|in|on))?(?:\s+(?:and|&)\s+\p{L}+)?)\s+(it|them|both|yours|ours)(?!\p{L})([^:]*)/iu;
/** A noun phrase led by a determiner, up to the preposition, verb or mark after it. */
const OBJECT_PHRASE =
  /(?<!\p{L})(?:the|an?|your|our|my|his|her|its|their|this|these|those|no|any|some|both|all|two|three)\s+((?:[\p{L}'’-]+\s+){0,3}?[\p{L}'’-]{3,})(?=\s+(?:with|for|to|from|on|in|at|by|of|and|or|this|that|which|who|is|are|was|were|will|has|have|so|before|after|until|as|please|can|could)(?!\p{L})|\s*[,.;:!?)–—-]|\s*$)/giu;
const NOT_A_THING = /^(?:week|weekend|day|time|morning|afternoon|evening|moment|meantime|end|way|chance|holidays?)$/i;

/**
 * "The city reviewer needs the revised calcs this week - can you get them to me by Thursday?": the
 * pronoun an ask points with stands for the object named just before (the sentence's own words
 * first, then the sentence before), not for the sentence's subject, and agrees with it in number.
 */
export function withAntecedent(t: TextTask, upToClause: string, previous: string, subject: string): TextTask {
  const p = PRONOUN_OBJECT.exec(t.title);
  if (!p) return withCliticAntecedent(t, previous, subject);
  const plural = p[2].toLowerCase() === 'them';
  // "We're missing the hotel folio and the receipt ... Can you send both": "both" names the first of two things, either number.
  // "The self-assessment is required ... Please submit yours": "yours" too.
  const either = /^(?:both|yours|ours)$/i.test(p[2]);
  // The sentence's own words up to the ask's verb ("... needs the revised calcs this week - can you get").
  const verb = new RegExp(`(?<!\\p{L})${p[1].split(/\s+/)[0]}(?!\\p{L})`, 'iu').exec(upToClause);
  const ownWords = verb ? upToClause.slice(0, verb.index) : '';
  for (const text of [ownWords, previous]) {
    for (const m of text.matchAll(OBJECT_PHRASE)) {
      const head = m[1].split(/\s+/).pop() ?? '';
      // "Also the car needs its smog check": a sentence's subject, after any word that only links it, is not what is asked for.
      const atStart = /(?:^|[.!?:]\s+|\s[-–—]\s+)(?:(?:also|and|but|so|plus|oh|btw)\s+)?$/i.test(text.slice(0, m.index));
      // "($640, adds one day to the schedule)": an aside in brackets names nothing asked for.
      const aside = /\([^)]*$/.test(text.slice(Math.max(0, m.index - 80), m.index));
      if (atStart || aside || NOT_A_THING.test(head) || (!either && (/s$/i.test(head) !== plural || /ss$/i.test(head)))) continue;
      return { ...t, title: finishTitle(`${p[1]} the ${m[1].toLocaleLowerCase()}${p[3]}`, 14), excerpt: `${text} ${t.excerpt}` };
    }
  }
  return t;
}

/** "Vous pouvez le retirer jusqu'au 9 décembre", "Merci de la renvoyer signée": a French object pronoun before its infinitive. */
const FRENCH_CLITIC = /^(?:le|la|les|l['’])\s*(\p{L}{2,}(?:er|ir|re))(?!\p{L})(.*)$/iu;
/** A sentence or subject that opens on its topic: "Votre colis n° 6A21 est disponible", "Votre colis vous attend". */
const FRENCH_TOPIC = /^(?:votre|vos|le|la|les|l['’]|ce|cette|ces|notre|nos)\s*(\p{L}[\p{L}'’-]{2,})/iu;

/**
 * "Votre colis ... est disponible. Vous pouvez le retirer jusqu'au mercredi 16": the pronoun stands for the
 * topic the sentence before opens on, else the one the subject line opens on. The day's "inclus" and the
 * manner ("muni d'une pièce d'identité") are how, not what.
 */
function withCliticAntecedent(t: TextTask, previous: string, subject: string): TextTask {
  const g = GERMAN_PRONOUN.exec(t.title);
  if (g) return withGermanAntecedent(t, g, previous);
  const e = SPANISH_ENCLITIC.exec(t.title);
  if (e) return withSpanishAntecedent(t, e, previous);
  const c = FRENCH_CLITIC.exec(t.title);
  if (!c) return t;
  const topic = FRENCH_TOPIC.exec(previous.trim()) ?? FRENCH_TOPIC.exec(subject.trim());
  if (!topic) return t;
  const rest = c[2].replace(/^\s*(?:(?:à partir d(?:e|u)|dès)\s[^,]*?\s+et\s+)?inclus\p{L}*/iu, '').replace(/,?\s*muni(?:\(e\)|e|s|es)?\s+d.*$/iu, '');
  const article = /^[aeiouhéè]/i.test(topic[1]) ? "l'" : 'le ';
  return { ...t, title: finishTitle(capitalise(`${c[1]} ${article}${topic[1].toLocaleLowerCase()}${rest}`), 14) };
}

/** "Bitte schicken Sie diese bis Freitag zurück" -> "Diese ... zurückschicken": a German pronoun object before its infinitive. */
const GERMAN_PRONOUN = /^(diese|sie|es|dieses|ihn|diesen)\s+(.*\p{Ll}(?:en|ern|eln))$/iu;
/** A German noun phrase: its article, lower-case adjectives, then the capitalised noun. */
const GERMAN_PHRASE =
  /(?<!\p{L})(die|der|das|den|eine|ein|einen|ihre|ihren|ihr|unsere|unseren|unser|deine|deinen|dein|eure|euren|euer)\s+((?:\p{Ll}[\p{L}-]*\s+){0,2}\p{Lu}[\p{L}-]+)/gu;
const AGREES: Record<string, RegExp> = {
  diese: /^(?:die|eine|ihre|unsere|deine|eure)$/i,
  sie: /^(?:die|eine|ihre|unsere|deine|eure)$/i,
  es: /^(?:das|ein|ihr|unser|dein|euer)$/i,
  dieses: /^(?:das|ein|ihr|unser|dein|euer)$/i,
  ihn: /^(?:der|den|einen|ihren|unseren|deinen|euren)$/i,
  diesen: /^(?:der|den|einen|ihren|unseren|deinen|euren)$/i,
};

/**
 * "Außerdem fehlt uns noch die unterschriebene Vollmacht. Bitte schicken Sie diese bis Freitag ...
 * zurück": the pronoun stands for the first noun phrase of the sentence before that agrees with it.
 */
function withGermanAntecedent(t: TextTask, g: RegExpExecArray, previous: string): TextTask {
  const agrees = AGREES[g[1].toLowerCase()];
  for (const m of previous.matchAll(GERMAN_PHRASE)) {
    if (!agrees.test(m[1])) continue;
    // The object is in the accusative: "der Vertrag" is sent back as "den Vertrag".
    const article = /^der$/i.test(m[1]) ? 'den' : m[1].toLowerCase();
    return { ...t, title: finishTitle(capitalise(`${article} ${m[2]} ${g[2]}`), 14) };
  }
  return t;
}

/**
 * "Entregadla al tutor", "Envíanoslas antes del viernes", "Mándalo firmado": a Spanish imperative
 * carries its object pronoun at its end. The imperative is the vosotros form (-ad/-ed/-id) or a
 * stressed tú form, which is written with its accent once a pronoun is joined to it.
 */
export const SPANISH_ENCLITIC = /^(\p{L}*[áéíó]\p{L}*?|\p{L}+?[aei]d)(?:me|nos|te|os|se)?(lo|la|los|las)(?!\p{L})(.*)$/iu;
const SPANISH_PHRASE =
  /(?<!\p{L})(el|la|los|las|un|una|unos|unas|su|sus|tu|tus|vuestro|vuestra|vuestros|vuestras|nuestro|nuestra|nuestros|nuestras)\s+(\p{L}{3,}(?:\s+(?:de|del)\s+\p{L}{3,})?)/giu;
const SPANISH_AGREES: Record<string, RegExp> = {
  lo: /^(?:el|un|su|tu|vuestro|nuestro)$/i,
  la: /^(?:la|una|su|tu|vuestra|nuestra)$/i,
  los: /^(?:los|unos|sus|tus|vuestros|nuestros)$/i,
  las: /^(?:las|unas|sus|tus|vuestras|nuestras)$/i,
};
const UNACCENTED: Record<string, string> = { á: 'a', é: 'e', í: 'i', ó: 'o' };

/** The pronoun stands for the first noun phrase of the sentence before that agrees with it; the verb becomes its infinitive. */
function withSpanishAntecedent(t: TextTask, e: RegExpExecArray, previous: string): TextTask {
  const agrees = SPANISH_AGREES[e[2].toLowerCase()];
  const plain = e[1].toLowerCase().replace(/[áéíó]/g, (v) => UNACCENTED[v]);
  const verb = /[aei]d$/.test(plain) ? `${plain.slice(0, -1)}r` : /a$/.test(plain) ? `${plain}r` : plain;
  for (const m of previous.matchAll(SPANISH_PHRASE)) {
    // "aparecer en la grabación necesitamos la autorización": what follows a preposition is not what is handed over.
    const governed = /(?<!\p{L})(?:en|a|al|de|del|con|por|para|sobre|desde|hasta)\s+$/iu.test(previous.slice(0, m.index));
    if (governed || !agrees.test(m[1]) || /^(?:que|cual|semana|vez|año|mes|día)$/i.test(m[2].split(/\s+/)[0])) continue;
    return { ...t, title: finishTitle(capitalise(`${verb} ${m[1].toLowerCase()} ${m[2]}${e[3]}`), 14), excerpt: `${previous.trim()} ${t.excerpt}` };
  }
  return t;
}

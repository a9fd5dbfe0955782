/** German asks told by their verb's form: separable verbs with their particle at the clause end. */
import type { DateMention } from './dates.js';
import { finishTitle } from './titles.js';

/**
 * German separable verbs put their particle at the clause end: "holen Sie Ihre Sendung bis zum 5.
 * Dezember ab", "tragt euch bitte bis Freitag in die Liste ein", "ruf morgen den Vermieter an". A
 * clause that opens with a verb form (not a pronoun, article or preposition), has an addressee or
 * object next, and closes with a particle is an imperative; its title is the object and the joined
 * infinitive ("Sendung abholen").
 */
const DE_PARTICLE = 'ab|an|auf|aus|bei|ein|mit|nach|vor|weg|zu|zurück|fest|her|hin|los|vorbei|durch|um';
const DE_SEPARABLE = new RegExp(
  `^([a-zäöüß]{2,})\\s+((?:(?:sie|euch|dich|mir|uns|ihm|ihr|bitte|doch|mal|noch)\\s+){0,3})(.+?)\\s+(${DE_PARTICLE})\\s*[.!]?$`,
  'i',
);
const DE_NOT_VERB =
  /^(?:ich|du|er|sie|es|wir|ihr|man|der|die|das|den|dem|des|ein|eine|einen|einem|dies\w*|jede\w*|alle|am|im|um|an|auf|in|bis|ab|mit|nach|vor|von|zu|zum|zur|für|bei|wenn|dass|weil|ob|und|oder|aber|heute|morgen|dann|danach|so|da|hier|dort|bitte|nicht|kein\w*|unser\w*|euer|eure\w*|ihre?\w*|sein\w*|mein\w*|dein\w*|wo|wie|was|wann|wer|auch|nur|noch|hiermit|deshalb|daher|gern|gerne|jetzt|dazu|damit|außerdem|zudem|zuerst|anschließend|danach)$/i;
const DE_FILLER = /\b(?:bitte|doch|mal|noch|morgen|heute|übermorgen|unbedingt|rechtzeitig|sp[äa]testens|bis(?:\s+(?:zum|zur|spätestens))?|vor(?:\s+dem)?)\b/gi;

const TOLD = /^\s*,\s*((?:ob|wann|wie|welche[nmrs]?|wer|was|wo|dass)\s.+?)\s*[.!]?$/i;

export function separableAsk(stripped: string, clause: string, mentions: DateMention[], subject: string): string | null {
  let text = stripped.trim();
  for (const m of mentions) text = text.replace(clause.slice(m.index, m.end), ' ');
  // "Meldet eure Kinder ... bei Trainer Sven an (kurze Nachricht genügt), damit ...": an aside in brackets is no part of the clause.
  text = text.replace(/\s*\([^)]{0,120}\)/g, ' ').replace(/^(?:und|aber|au(?:ß|ss)erdem|dann|zudem)\s+/i, '');
  text = text.replace(/\s+/g, ' ').replace(/\s+,/g, ',').replace(/,\s*,/g, ',');
  const fronted = objectFirst(text);
  if (fronted) return fronted;
  // The particle closes its own clause: "holen Sie das Paket ab, danach geht es ... zurück".
  // So does a second ask joined by "und": "meldet euch ... an und tragt euch ... ein".
  const ends = [...text.matchAll(/,|\s[–—-]\s|\s+und\s+/g)].map((x) => x.index ?? 0);
  let m: RegExpExecArray | null = null;
  for (const end of [...ends, text.length]) {
    m = DE_SEPARABLE.exec(text.slice(0, end).trim());
    if (m) break;
  }
  // "Hiermit laden wir Sie ... ein": a subject pronoun after the first word is a statement (verb second).
  if (!m || DE_NOT_VERB.test(m[1]) || /^\S+\s+(?:wir|ich|er|es|man)\b/i.test(text)) return null;
  const object = m[3]
    .replace(DE_FILLER, ' ')
    .replace(/[,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:(?:die|der|das|den|dem|ihre[nmrs]?|eure[nmrs]?|deine[nmrs]?|unsere[nmrs]?|meine[nmrs]?)\s+)/i, '')
    .replace(/^(?:sie|es|ihn|ihm|ihnen)$/i, '')
    // "holen Sie sie ... in unserer Filiale ab": after the pronoun only where, no object.
    .replace(/^(?:sie|es|ihn|ihm|ihnen)\s+(?=(?:in|im|bei|an|am|auf|zu|zum|zur|vor|unter)\s)/i, '')
    .replace(/^(?:in|im|bei|an|am|auf|zu|zum|zur|vor|unter|mit)\s.*$/i, '');
  // "teilen Sie uns bis 4.12. mit, ob Sie an der Versammlung teilnehmen": what is to be told is the
  // indirect question after the particle, as in "let us know whether you will attend".
  const told = /^(?:uns|mir|ihm|ihr|ihnen)?$/i.test(object) ? TOLD.exec(text.slice(text.indexOf(m[0]) + m[0].length)) : null;
  if (told) {
    const verb = `${m[4].toLowerCase()}${m[1].toLowerCase().replace(/(?:en|et|t|e)$/, '')}en`;
    return finishTitle(`${verb.charAt(0).toLocaleUpperCase()}${verb.slice(1)}, ${told[1]}`, 14);
  }
  // "Bitte geben Sie sie bis Freitag wieder ab": the pronoun object stays for the sentence before to name (antecedent.ts).
  const pronoun = /^sie\s+(sie|es|ihn)$/i.exec(m[2].trim());
  if (pronoun && /^(?:wieder|erneut|ausgef[üu]llt|unterschrieben)$/i.test(object)) {
    return `${pronoun[1].toLowerCase()} ${object.toLowerCase()} ${m[4].toLowerCase()}${m[1].toLowerCase().replace(/(?:en|et|t|e)$/, '')}en`;
  }
  // "Bitte holen Sie sie bis 9. Dezember ab": the object is a pronoun; the subject line names it ("Ihre Sendung liegt ... bereit").
  if (!object && (m[2].trim().split(/\s+/).length >= 2 || /^(?:sie|es|ihn|ihm|ihnen)\s/i.test(m[3]))) {
    const noun = (subject.match(/\p{Lu}[\p{Ll}ß-]{2,}/gu) ?? []).find((w) => !/^(?:ihre?|die|der|das|deine?|unsere?|eure?|wir|sie)$/i.test(w));
    if (noun) return finishTitle(`${noun} ${m[4].toLowerCase()}${m[1].toLowerCase().replace(/(?:en|et|t|e)$/, '')}en`, 14);
  }
  const verb = m[1].toLowerCase();
  const stem = verb.replace(/(?:en|et|t|e)$/, '');
  const infinitive = `${m[4].toLowerCase()}${stem}${/(?:el|er)$/.test(stem) ? 'n' : 'en'}`;
  // "meldet euch bis Sonntag bei mir an", "tragt euch in die Liste ein": a reflexive verb needs no
  // object; the errand is its infinitive, after where it is done.
  if (!object && /(?:^|\s)(?:euch|dich|sich|mich)\s/i.test(m[2])) {
    const where = m[3].replace(DE_FILLER, ' ').replace(/[,]/g, ' ').replace(/\s+/g, ' ').trim();
    const said = where && where.split(' ').length <= 8 ? `${where} ${infinitive}` : infinitive;
    return finishTitle(`${said.charAt(0).toLocaleUpperCase()}${said.slice(1)}`, 14);
  }
  if (!object || object.split(' ').length > 10) return null;
  const what = object.replace(/^sich\s+/i, '');
  return finishTitle(`${what.charAt(0).toLocaleUpperCase()}${what.slice(1)} ${infinitive}`, 14);
}

/**
 * "Einwände teilen Sie uns bitte bis 15. Dezember schriftlich mit", "Die Nachzahlung überweisen Sie bitte
 * bis zum 11. Dezember": German may put the object first and the polite verb after it. The title is the
 * object, a one-word manner, and the infinitive (the polite form is the infinitive, its particle joined).
 */
const OBJECT_FIRST = new RegExp(
  String.raw`^(\p{Lu}[\p{L}-]+(?:\s+(?!Sie\s)(?:\d+,\d+|[^\s,]+)){0,6}?)\s+(\p{Ll}{3,}(?:en|ern|eln))\s+Sie\s+(?:(?:uns|mir|bitte|noch)\s+){0,3}(.*?)\s*(?:(?<!\p{L})(${DE_PARTICLE}))?\s*[.!]?$`,
  'u',
);
/** "Die Rechnung finden Sie im Anhang", "Unterlagen können Sie ... abgeben": told or offered, not asked. */
const NOT_ASKING = /^(?:k[öo]nnen|m[üu]ssen|sollen|d[üu]rfen|m[öo]chten|werden|finden|erhalten|bekommen|sehen|haben|wissen|kennen|brauchen)$/i;

function objectFirst(text: string): string | null {
  // Only an ask says "bitte" there ("Einwände teilen Sie uns bitte ... mit").
  if (!/(?<!\p{L})bitte(?!\p{L})/iu.test(text)) return null;
  const m = OBJECT_FIRST.exec(
    text
      .replace(DE_FILLER, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/^(?:die|der|das|den|ihre[nmrs]?|eure[nmrs]?)\s+/i, ''),
  );
  if (!m || DE_NOT_VERB.test(m[1].split(' ')[0]) || NOT_ASKING.test(m[2])) return null;
  const manner = /^\p{Ll}+$/u.test(m[3]) ? `${m[3]} ` : '';
  return finishTitle(`${m[1]} ${manner}${m[4] ?? ''}${m[2]}`, 14);
}

/** "Vereinbaren Sie einen Termin", "Überweisen Sie den Betrag": the polite imperative titled like a to-do ("Termin vereinbaren"). */
/** "Meldet euch über das Formular an", "Tragen Sie sich in die Liste ein": a reflexive verb with its prefix at the end. */
const REFLEXIVE_SEPARABLE =
  /^(\p{L}{3,}?)(?:et|t|en|e)?\s+(?:euch|dich|Sie\s+sich)\s+(?:bitte\s+)?(?:(?:auch|ebenfalls|noch)\s+)?(\S.{2,80}?)\s+(an|ein|ab|zur[üu]ck)(?:\s+und\s+\S.*)?$/u;

export function germanPoliteTitle(title: string): string {
  // German to-do entries put the verb last, in the infinitive: "Über das Formular anmelden".
  const reflexive = REFLEXIVE_SEPARABLE.exec(title);
  if (reflexive) return `${reflexive[2].charAt(0).toUpperCase()}${reflexive[2].slice(1)} ${reflexive[3]}${reflexive[1].toLowerCase()}en`;
  const m = /^(\p{L}+(?:en|ern|eln))\s+Sie\s+(?:bitte\s+)?(?:den|die|das|einen|eine|ein|ihre?n?|ihr)?\s*(\S.{2,80})$/u.exec(title);
  // "Sorgen Sie dafür, dass ...": a clause for an object is no noun to put first.
  return m && !/\s(?:und|oder)\s|,/.test(m[2]) ? `${m[2].charAt(0).toUpperCase()}${m[2].slice(1)} ${m[1].toLowerCase()}` : title;
}

/**
 * "(bitte ich Sie,) das Angebot unterschrieben zurückzusenden", "das Formular auszufüllen": the polite ask's
 * zu-infinitive is the to-do's verb ("Angebot unterschrieben zurücksenden", "Formular ausfüllen").
 */
const ASKED_TO = /^(?:(?:ich|wir)\s+(?:sie|dich|euch)|sie|dich|euch)\s*,\s*/iu;
const ZU_INFINITIVE = new RegExp(String.raw`(?<!\p{L})(?:(${DE_PARTICLE})zu|zu\s+)(\p{Ll}{3,}(?:en|ern|eln))(?=\s*(?::|[.!]?\s*$))`, 'u');
export function zuInfinitiveTitle(title: string): string {
  const zu = ZU_INFINITIVE.exec(title);
  if (!zu || /\s(?:und|oder)\s/.test(title.slice(0, zu.index))) return title;
  const object = title
    .slice(0, zu.index)
    .replace(ASKED_TO, '')
    .replace(/^(?:uns|mir)\s+/i, '')
    .replace(/(?<!\p{L})(?:bis dahin|auch|ebenfalls|noch)(?!\p{L})\s*/giu, '')
    .replace(/^(?:der|die|das|den|dem|ihre[nmrs]?|eure[nmrs]?|deine[nmrs]?|ihr|euer|dein)\s+/iu, '')
    .trim();
  // A statement with its own verb ("Die Wohnung muss ... übergeben werden, alle Dübellöcher sind ...") is no object.
  if (!object || !/^\p{Lu}/u.test(object) || /,/.test(object) || FINITE.test(object)) return title;
  return `${object} ${zu[1] ?? ''}${zu[2]}${title.slice(zu.index + zu[0].length)}`;
}

/**
 * A German to-do entry puts its verb last, in the infinitive, and German writes only nouns with a
 * capital: "Angebot für Müller fertigstellen", "Reisekosten abrechnen", "Kundentermin vorbereiten".
 * A lowercase last word ending like an infinitive is the entry's verb.
 */
const FINITE =
  /(?<!\p{L})(?:wird|werden|wurde|wurden|ist|sind|war|waren|hat|haben|hatte|kann|k[öo]nnen|muss|m[üu]ssen|soll|sollen|will|wollen|m[öo]chte|wir|ich)(?!\p{L})/iu;

export function endsWithInfinitive(text: string): boolean {
  // "Die Fassadenfarbe wird im Januar entschieden": a finite verb makes it a statement, its last word a participle.
  return /(?<![\p{L}-])\p{Ll}{2,}(?:en|ern|eln)\s*[.!]?\s*$/u.test(text) && /\s/.test(text.trim()) && !FINITE.test(text);
}

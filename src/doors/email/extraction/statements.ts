/**
 * Sentence structure beyond meeting words: "X is/will be held/takes place <when>" (something
 * happens), "we leave/irán/ira <when>" (people go somewhere), "X must be paid / is due / müssen bis
 * <date>" (an obligation with a deadline), and schedule lines ("Nov 30 - Intent to submit form").
 * English noun phrases and imperatives are read with compromise; Spanish, German and French with
 * per-language cue lists (no model exists for them in the packages we use).
 */
import nlp from 'compromise';
import type { Lang } from './language.js';
import { germanDueTitle, germanPassiveTitle, passiveTitle, romancePassiveTitle } from './passive-titles.js';

const HAPPENS: Record<Lang, RegExp> = {
  en: /(?:\s(?:is|are|will be|was moved to|has been moved to|is moved to|is now|has been rescheduled (?:to|for)|is rescheduled (?:to|for)|is postponed to|will now be)|(?<=\b(?:it|that|this|there|here|what|which|who|he|she))['’]s)\s+(?:being\s+)?(?:held\s+|scheduled\s+(?:for\s+)?|set\s+for\s+|planned\s+for\s+|happening\s+)?(?=\S)|\s(?:takes place|will take place|kicks off|starts|begins|opens|will come|will call round|will visit|will be round)\b/i,
  es: /\s(?:pasar[áa]|vendr[áa]|acudir[áa]|ser[áa]n?|ser[íi]an?|es|son|se celebrar[áa]n?|se realizar[áa]n?|se llevar[áa]n? a cabo|tendr[áa]n? lugar|comenzar[áa]n?|empezar[áa]n?|est[áa]n? previst[ao]s?|queda fijad[ao])(?!\p{L})/iu,
  de: /\s(?:findet|finden|beginnt|beginnen|startet|starten|erfolgt|ist|sind|wird|werden)\b(?=.*\b(?:statt|stattfinden|beginnen|sein|am|um)\b)/i,
  fr: /\s(?:passera|viendra|auront lieu|aura lieu|ont lieu|a lieu|se tiendront|se tiendra|se d[ée]rouleront|se d[ée]roulera|commenceront|commencera|sont|seront|est|sera|(?:est|sont) pr[ée]vue?s?|(?:est|sont) fix[ée]e?s?)(?!\p{L})/iu,
};

const GOES: Record<Lang, RegExp> = {
  en: /\b(?:we|they|you|students|the (?:class|group|team|kids|children)) (?:will )?(?:leave|depart|head out|go|travel|meet)\b|\bwe(?:['’]re| are|['’]ll be| will be) (?:heading|going|off) to\b|\b(?:we['’]ve got you|we have you|you['’]re|you are) (?:down|booked(?: in)?|scheduled|all set) for\b|\bwill be (?:visiting|going to|travell?ing to|heading to|attending)\b|\bwill (?:visit|attend)\b|\bwe(?:['’]re| are| will be|['’]ll be) (?:hosting|having|throwing|organi[sz]ing|holding)\b|\bwe (?:will )?(?:host|organi[sz]e|hold)\b|\b(?:required|expected|asked|invited|summoned) to (?:report|attend|appear|come|be present)\b/i,
  es: /(?<!\p{L})(?:ir[áa]n|iremos|asistir[áa]n?|asistiremos|visitar[áa]n?|visitaremos|se desplazar[áa]n?|vamos a ir|saldremos|saldr[áa]n?|nos vemos|nos reuniremos|quedamos|organizamos|organizaremos|celebramos|celebraremos|tenemos|tendremos|haremos)(?!\p{L})/iu,
  de: /\b(?:fahren|gehen|treffen uns|treffen wir uns|brechen .* auf|geht es|veranstalten|organisieren|feiern wir|wir feiern)\b/i,
  fr: /(?<!\p{L})(?:ira|iront|irons|partira|partiront|partirons|assistera|assisteront|assisterons|visitera|visiteront|se rendra|se rendront|nous rendrons|nous retrouverons|rendez-vous est|(?:nous )?organisons|organiserons|on organise|nous f[êe]terons|f[êe]terons)(?!\p{L})/iu,
};

// "Tom and I are getting married", "Mi marido y yo ...": the people, not what happens.
const PRONOUN_SUBJECT =
  /^(?:it|this|that|these|they|we|this one|which|eso|esto|ella?|es|er|sie|das|dies|il|elle|ce|cela|ça)$|\s(?:and|und|y|et)\s+(?:i|me|ich|yo|moi)$/i;
/** A deadline named, or told by its verb ("ist ... abzugeben", "se entrega el", "est à rendre le"): something due, not something happening. */
const DEADLINE_NOUN =
  /\b(deadline|due date|cut-?off|last day|closing date|fecha l[íi]mite|plazo|frist|stichtag|abgabe|date limite|[ée]ch[ée]ance|abzugeben|einzureichen|se entregan?|(?:est|sont) à (?:rendre|remettre))\b/i;

const DAY_FIRST =
  /^\s*(?:am|im|um|ab|heute|morgen|[üu]bermorgen)(?!\p{L})|\d{1,2}\.\s*(?:\d{1,2}\.|\p{L}{3,})|\d{1,2}[:.]\d{2}|(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)/iu;

/**
 * "Holiday book sale: Saturday, December 12, 9 AM - 3 PM in the library lobby": a line labelled by
 * what happens, its value a day and an hour. Labels of a time or a deadline name no event.
 */
const LABELLED_HAPPENING =
  /^\s*(?:[-*•]\s*)?(\p{Lu}[\p{L}\p{N}'’&/ -]{2,40}?)\s*:\s+(?=\d|(?:mon|tue|wed|thu|fri|sat|sun|lun|mar|mi[ée]|jeu|jue|ven|vie|s[áa]b|sam|dom|dim|die|don|fre|son)\p{L}*|(?:jan|feb|f[ée]v|m[äa]r|apr|avr|abr|may|mai|jun|jui|jul|aug|ao[ûu]|ago|sep|oct|okt|nov|dec|d[ée]c|dez|dic|ene)\p{L}*\.?\s+\d|(?:the|le|el|am)\s+\d)/iu;
const NOT_AN_EVENT_LABEL =
  /^(?:sent|from|to|cc|subject|envoy[ée]|enviado|gesendet|von|de|an|para|[àa]|objet|asunto|betreff|ps|nb)$|(?<!\p{L})(?:when|date|time|day|hours?|opening|open|drop-?off|pick-?up|check-?in|check-?out|arrival|departure|start|end|doors|due|until|by|before|closes?|ends?|fecha|hora|d[íi]a|datum|uhrzeit|zeit|tag|heure|jour|bis|f[äa]llig|vence|l[íi]mite|[ée]ch[ée]ance|reminder|note|update|wichtig|important|importante|achtung|hinweis|attention|aller|retour|hinfahrt|r[üu]ckfahrt|ida|vuelta|outbound|return|flight|vuelo|vol|flug|zug|train)(?!\p{L})/iu;
/** A span of hours ("9 AM - 3 PM", "15-17 Uhr") or an hour and a place after it: a single hour alone may be a deadline's. */
const SPAN_OR_PLACE =
  /\d(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?|uhr|h)?\s*(?:[-–]|to|bis|a|à|hasta)\s*\d{1,2}(?::\d{2})?\s*(?:a\.?m\.?|p\.?m\.?|uhr|h)?(?!\s*[./]\d)(?!\d)|\d(?::\d{2}|\s*(?:a\.?m\.?|p\.?m\.?|uhr|h(?!\p{L})))[,\s]+(?:in|at|im|in der|en|au|à la|à l'|at the|in the|bei uns im|bei uns in der|bei|chez|dans la|dans le)\s+(?:the\s+|der\s+|la\s+|el\s+)?\p{Lu}/iu;

const ONLINE_MEETING =
  /(?<!\p{L})(?:zoom|teams|google meet|meet link|webex|dial-in|calendar (?:hold|invite)|same link|mismo enlace|gleicher link|m[êe]me lien)(?!\p{L})/iu;
const AN_HOUR = /\d{1,2}(?::\d{2}\s*(?:[ap]\.?m\.?|uhr|h)?|\s*(?:[ap]\.?m\.?|uhr)(?!\p{L}))/iu;

/** The label of a line that says what happens on its day and hours, or null. */
export function labelledHappening(clause: string): string | null {
  const labelled = LABELLED_HAPPENING.exec(clause);
  if (!labelled || DEADLINE_NOUN.test(labelled[1])) return null;
  // "Next check-in: Wed 12/2, 2:00-2:30 pm": the next of a series is an event whatever its noun.
  const next = /^(?:next|n[äa]chste[rsn]?|prochaine?|pr[óo]xim[oa])\s/i.test(labelled[1]);
  const rest = clause.slice(labelled[0].length);
  // "Next check-in: Wed 12/2, 11:00 ET", "Go/no-go decision: Thursday Dec 3, 9:00 AM (Zoom link in the calendar hold)":
  // one hour is enough when the line is the next of a series or says how to join.
  const joined = (next || ONLINE_MEETING.test(rest)) && AN_HOUR.test(rest);
  if (!SPAN_OR_PLACE.test(rest) && !joined) return null;
  return next || !NOT_AN_EVENT_LABEL.test(labelled[1]) ? labelled[1] : null;
}

/** A label that says only what kind of note follows: "Reminder", "Quick note", "FYI", "Heads-up", "Erinnerung". */
export const GENERIC_LABEL =
  /^(?:(?:quick|friendly|small|short|gentle|little|petit|pequeño|kleine|kurze|kurzer|important|wichtig|wichtiger)\s+)?(reminder|note|fyi|update|save the date|heads[- ]up|recordatorio|nota|erinnerung|hinweis|rappel|important|when|date|time|next|up next|coming up|pr[óo]xim[oa]|n[äa]chste[sr]?|prochaine?|(?:y |and |und |et )?(?:one more thing|another thing|otra cosa|noch etwas|noch was|autre chose))$/i;
/**
 * Words that lead in to a sentence rather than name anything: "Also a heads-up", "Let's celebrate",
 * "Und nicht vergessen", "Don't forget", "Y recuerden", "Reminder": a conjunction or adverb first,
 * a verb of reminding or cheering, or a generic note. "Jingle Jog: our fun 5K is ..." names its event.
 */
const LEAD_IN =
  /^(?:(?:also|and|plus|oh|btw|ps|p\.s\.|und|auch|übrigens|y|adem[áa]s|tambi[ée]n|et|aussi|enfin)(?!\p{L})|.*(?<!\p{L})(?:let['’]?s|let us|don['’]t forget|do not forget|remember|vergiss|vergesst|vergessen|denkt daran|lasst uns|olviden|olvides|recuerden|recuerda|n['’]oubliez|oubliez pas)(?!\p{L})|(?:(?:so|well|ok|okay|alors|bon|pues|bueno|also|gut)[\s,]+)?(?:(?:it['’]s|it is|that['’]s)\s+(?:official|settled|confirmed|decided|a go)|(?:ya\s+)?es oficial|(?:ya\s+)?est[áa] (?:confirmado|decidido)|c['’]est (?:officiel|confirm[ée]|d[ée]cid[ée])|es ist (?:offiziell|beschlossen|entschieden))$)/iu;
export function leadsIn(label: string): boolean {
  return LEAD_IN.test(label) || GENERIC_LABEL.test(label);
}

export interface Happening {
  /** Text before the verb ("The November campout"); nounPhrase() reads it only once an event is made. */
  subject: string | null;
  /** People go somewhere: the title is better taken from the subject line. */
  motion: boolean;
  /** The subject is a label that names the event as it stands ("Holiday book sale:"). */
  named?: boolean;
}

/**
 * "Le club organise son stage de Noël ...", "we're having our end-of-season banquet", "The PTA is
 * hosting its winter fair", "los alumnos presentarán su obra": a host and the event it puts on, named
 * by the verb's object up to its audience, its day or its place.
 */
const HOSTS =
  /(?<!\p{L})(?:organise|organisent|organisons|organiza|organizan|organizamos|veranstaltet|veranstalten|is hosting|are hosting|will host|hosts|is holding|are holding|will hold|(?:we['’]re|we are|we['’]ll be|we will be|we['’]ll|we will) (?:having|have|hold|host)|pr[ée]senteront|presentar[áa]n|pr[äa]sentieren)\s+(?:(?:son|sa|ses|leur|leurs|notre|nos|su|sus|nuestr[oa]s?|our|its|their|the|a|an|un|une|una|el|la|le|les|seine?n?|ihre?n?|unsere?n?|einen?|eine)\s+)?(\p{L}.*)$/iu;
const OBJECT_END =
  /\s(?:pour|for|para|f[üu]r|le|on|el|am|at|au|aux|à|in|im|en|this|next|ce|cette|ces|este|esta|diesen|dieses|from|de\s+\d|von|with|avec|con|mit|:)(?=\s|$)|[,:;.!?(]/iu;
export function hostedEvent(clause: string): string | null {
  const m = HOSTS.exec(clause.trim());
  if (!m) return null;
  const end = OBJECT_END.exec(m[1]);
  const object = (end ? m[1].slice(0, end.index) : m[1]).trim();
  return object.split(/\s+/).length <= 6 && /\p{L}{3}/u.test(object) ? object : null;
}

/** Whether a clause states that something happens (as opposed to asking for something). */
export function happening(clause: string, lang: Lang): Happening | null {
  if (DEADLINE_NOUN.test(clause)) return null;
  const hosted = hostedEvent(clause);
  if (hosted) return { subject: hosted, motion: false };
  const labelled = labelledHappening(clause);
  if (labelled) return { subject: labelled, motion: false, named: true };
  const goes = GOES[lang].exec(clause) ?? (lang === 'en' ? null : GOES.en.exec(clause));
  const copula = HAPPENS[lang].exec(clause) ?? (lang === 'en' ? null : HAPPENS.en.exec(clause));
  // "Your group is required to report ...": an obligation to go somewhere, told by a copula.
  const cop = copula && goes && goes.index <= copula.index + copula[0].length + 2 ? null : copula;
  // "am Donnerstag, den 10. Dezember, finden ... die Elternsprechtage statt": German puts the day first and the subject after the verb.
  // A house number before the verb ("Die Ablesung in der Ahornstraße 9 erfolgt am ...") is no day.
  // So does a lead-in ("wie telefonisch besprochen findet die Übergabe ... statt"): a German subject opens on a capital.
  if (lang === 'de' && cop && (DAY_FIRST.test(clause.slice(0, cop.index)) || /^\s*(?:wie|hiermit|nun|leider|zudem|au(?:ß|ss)erdem)\s/iu.test(clause))) {
    // "findet um 16:30 Uhr unser traditionelles Weihnachtssingen ... statt": adjectives may stand before the noun.
    const after =
      /^\s*\S+\s+(?:.*?\s)?(?:der|die|das|unser\p{L}*|eure?\p{L}*)\s+(?:\p{Ll}+\s+){0,2}(\p{Lu}[\p{L}-]+(?:\s+(?:der|des)\s+\p{Lu}[\p{L}-]+)?)/u.exec(
        clause.slice(cop.index),
      );
    if (after) return { subject: after[1], motion: false };
  }
  // "The main parking lot will be repaved on Wednesday from 7 to 5", "la piscina será vaciada el lunes": work done
  // to a place that day; the place is not the event's name, the subject line ("Parking lot repaving") is.
  if (cop && cop.index > 0 && WORK_DONE.test(clause.slice(cop.index + cop[0].length))) return { subject: null, motion: true };
  if (cop && cop.index > 0 && (!goes || cop.index < goes.index)) {
    // "Let's celebrate: our end-of-season party is ...": the words before a colon only lead in.
    const before = clause
      .slice(0, cop.index)
      .replace(/^\s*(?:[-*•]\s*)?/, '')
      .replace(/^([^:]*):\s+(?=\p{L})/u, (whole, lead: string) => (leadsIn(lead.trim()) ? '' : whole))
      // "Si está todo bien, la firma del contrato sería ...": a condition before the subject is no part of it.
      .replace(/^(?:si|if|wenn|falls|s['’]il|si tout)\b[^,]{0,40},\s*/iu, '')
      .trim();
    return { subject: before || null, motion: false };
  }
  if (goes) return { subject: null, motion: true };
  // "am Donnerstag, 10. Dezember, werden zwischen 8 und 12 Uhr ... die Heizkostenverteiler abgelesen": a
  // passive says what will be done there that day, and names no doer; the subject line names it.
  if (lang === 'de' && DAY_FIRST.test(clause) && GERMAN_PASSIVE.test(clause)) return { subject: null, motion: true };
  // "Our pest control vendor will treat all units in Building B on Tuesday between 9:00 AM and 1:00 PM": a
  // visit to the reader's home in a window of hours, named by the subject line ("Pest control treatment").
  if (SERVICE_VISIT.test(clause) && HOUR_WINDOW.test(clause)) return { subject: null, motion: true };
  return null;
}
const SERVICE_VISIT =
  /(?<!\p{L})(?:will|is going to|are going to)\s+(?:\p{Ll}+\s+){0,1}?(?:treat|service|inspect|clean|spray|repair|replace|test|read|check|paint|visit|enter)\s+(?:all|every|each|your|the|our)\s+(?:\p{Ll}+\s+)?(?:units?|apartments?|homes?|flats?|houses?|suites?|residences?|meters?|smoke detectors?|windows?)(?!\p{L})/u;
const HOUR_WINDOW = /(?<!\p{L})(?:between|from)\s+\d{1,2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?\s+(?:and|to|-|–)\s+\d{1,2}/iu;
const WORK_DONE =
  /^\s*(?!(?:held|hosted|organi[sz]ed|scheduled|planned|located|given|offered|run|open|opened|closed|moved|postponed|rescheduled|cancell?ed|celebrated|staged|served|celebrad[oa]s?|realizad[oa]s?|organizad[oa]s?|llevad[oa]s?|programad[oa]s?|cancelad[oa]s?|organis[ée]e?s?|c[ée]l[ée]br[ée]e?s?|tenue?s?|annul[ée]e?s?|report[ée]e?s?)(?!\p{L}))\p{Ll}{3,}(?:ed|en|ad[oa]s?|id[oa]s?)(?!\p{L})/u;
const GERMAN_PASSIVE = /(?:^|\s)(?:wird|werden)\s.*\s\p{Ll}*ge\p{Ll}{2,}(?:t|en)\s*[.!]?$/u;

/** The noun phrase heading a clause, without determiners and possessives, or null. */
export function nounPhrase(text: string, lang: Lang): string | null {
  const t = text
    .replace(/^(?:so|and|also|but|plus|then|y|und|et|pues|donc|also)\s*,?\s+/i, '')
    .replace(/\s*\(.*?\)\s*/g, ' ')
    .trim();
  if (!t || PRONOUN_SUBJECT.test(t) || t.split(/\s+/).length > 9) return null;
  // "Sprint 49 planning", "Budget planning", "Wine tasting": a gerund that ends a subject names the happening (the tagger reads a verb).
  if (lang === 'en' && /^(?:[\p{L}\d'’&-]+\s+){1,4}\p{L}{3,}ing$/u.test(t) && !/\b(?:i|you|we|they|he|she|it|is|are|will|be)\b/i.test(t))
    return t.replace(/^(?:the|a|an|our|your|my|their|this|next)\s+/i, '');
  if (lang === 'en' && takeNlpLook()) {
    const doc = nlp(t);
    if (!doc.has(HAS_NOUN) || doc.has(PRONOUN_ONLY)) return null;
    // A clause that is a whole sentence ("I think the party") is not a noun phrase.
    if (doc.has(HAS_VERB) && !doc.has(NOUN_PHRASE)) {
      const lead = doc.match(LEADING_NOUN_PHRASE).text();
      if (!lead) return null;
      return lead.replace(/^(?:the|a|an|our|your|my|their|this|next)\s+/i, '');
    }
    return t.replace(/^(?:the|a|an|our|your|my|their|this|next)\s+/i, '');
  }
  if (/^(?:yo|t[úu]|nosotros|ich|du|wir|je|tu|nous|on)$/i.test(t)) return null;
  if (lang === 'en')
    return /\b(?:i|you|we|they|he|she|think|hope|know|said|says|told)\b/i.test(t) ? null : t.replace(/^(?:the|a|an|our|your|my|their|this|next)\s+/i, '');
  return t.replace(/^(?:el|la|los|las|un|una|der|die|das|den|dem|ein|eine|unser|unsere|le|la|les|l['’]|un|une|notre|votre|nuestro|nuestra)\s+/i, '');
}

/**
 * A place closed for a day is a day to plan around: "The school will be closed on Friday, December
 * 18", "No school on Monday", "Die Praxis bleibt am 24.12. geschlossen", "La oficina estará cerrada
 * el 8 de diciembre", "La médiathèque sera fermée le 12 décembre", "Pas d'école vendredi". The
 * closing verb in the four languages; what is closed is the noun phrase before it.
 */
const CLOSED =
  /\s(?:will be|is|are|remains?|will remain|stays?|will stay|shall be)\s+(?:closed|shut)(?!\p{L})|\s(?:estar[áa]n?|permanecer[áa]n?|est[áa]n?|permanece)\s+cerrad[oa]s?(?!\p{L})|\s(?:bleibt|bleiben|ist|sind)\s(?:[^!?]{0,60}\s)?geschlossen(?!\p{L})|\s(?:sera|seront|est|sont|restera|resteront)\s+ferm[ée]e?s?(?!\p{L})/iu;
/** No lessons on a day: "no school", "no classes", "kein Unterricht", "schulfrei", "no hay clases", "pas d'école". */
const NO_LESSONS =
  /(?<!\p{L})(?:no (?:school|classes)|kein(?:e)? (?:schule|unterricht)|schulfrei|unterrichtsfrei|no (?:hay|habr[áa]) (?:clases?|colegio|escuela)|pas d['’](?:[ée]cole|cours)|pas de (?:cours|classe))(?!\p{L})/iu;

/** What a closure statement says is closed ("Oak Hill Middle School closed", "No school"), or null. */
export function closure(clause: string): string | null {
  const none = NO_LESSONS.exec(clause);
  if (none) return none[0];
  const m = CLOSED.exec(clause);
  if (!m) return null;
  const tidy = (t: string) =>
    t
      .replace(/^.*[,:;]\s*/, '')
      // "Les informamos de que nuestras oficinas ...", "Please note that the library ...": what follows the complementizer.
      .replace(/^.*(?<!\p{L})(?:that|que|qu['’]|dass)\s+/iu, '')
      .replace(/^(?:(?:also|and|please note|note that|y|und|et|aussi|también|auch)\s+)+/i, '')
      .replace(/^(?:the|our|el|la|los|las|nuestr[oa]s?|der|die|das|unsere?|le|la|les|l['’]|notre|nos)\s+/i, '')
      .trim();
  const lead = clause.slice(0, m.index);
  // "Practice is moved to Wednesday because the field is closed on Tuesday": a closure given as a reason is not the news.
  if (/(?<!\p{L})(?:because|since|as|weil|da|denn|porque|ya que|parce que|parce qu['’]|car|puisque)(?!\p{L})/iu.test(lead)) return null;
  let what = tidy(lead);
  // "Little Sprouts will close early at 3 PM on Thursday and will be closed on Friday": the clause's own subject.
  if ((!what || what.split(/\s+/).length > 6 || /\d/.test(what)) && /(?<!\p{L})(?:and|und|y|et)(?!\p{L})/iu.test(lead))
    what = tidy(/^(.{2,60}?)\s+(?:will|is|are|wird|ist|bleibt|est|sera|estar[áa]n?|permanecer[áa]n?)\b/i.exec(clause)?.[1] ?? '');
  if (!what || what.split(/\s+/).length > 6 || PRONOUN_SUBJECT.test(what) || /\d/.test(what)) return null;
  return `${what} ${/(?:closed|shut|cerrad[oa]s?|geschlossen|ferm[ée]e?s?)$/iu.exec(m[0])?.[0].toLowerCase() ?? ''}`.trim();
}

const OBLIGATION: Record<Lang, RegExp> = {
  en: /\b(?:must|need(?:s)? to|has to|have to|should|is due|are due|due|is required|are required|required|payable|to be (?:paid|returned|submitted|sent)|(?:is|are) open (?:now )?(?:through|until|till|thru))\b/i,
  es: /\b(?:hay que|debe(?:n|s)?|deber[áa]n?|tiene(?:n)? que|es necesario|es imprescindible|es indispensable|hace falta|se debe|vence|obligatorio|se (?:entrega|presenta|paga|abona|env[íi]a)n?)(?!\p{L})/iu,
  de: /\b(?:m[üu]ss(?:en|t|e)?|ist\b.*\bzu \p{L}+en|sind\b.*\bzu \p{L}+en|sollte(?:n)?|f[äa]llig|einzureichen|abzugeben|zu [üu]berweisen|zu zahlen)\b/iu,
  fr: /\b(?:doi(?:t|vent|s)|devra(?:ient|it)?|il faut|est [àa] (?:rendre|r[ée]gler|payer)|sont [àa] (?:rendre|r[ée]gler)|[àa] rendre|[àa] r[ée]gler|obligatoire)\b/i,
};

/** "The $40 camp fee must be paid by ...", "Permission slips are due ...", "Die Testfälle müssen bis ...". */
export function obligation(clause: string, lang: Lang): boolean {
  return OBLIGATION[lang].test(clause) || (lang !== 'en' && OBLIGATION.en.test(clause));
}

/**
 * "Les questions ... doivent nous parvenir au plus tard le ...", "Entries must reach us by ...", "Los
 * documentos deben llegarnos antes del ...": what must arrive is what to send; the verb is the sender's.
 */
const REACH_US =
  /^(.{3,90}?)\s+(?:doi(?:t|vent)\s+nous\s+(?:parvenir|être\s+(?:adress|envoy|transmis)\p{L}*)|must\s+(?:reach|be\s+with)\s+us|must\s+be\s+received|deben?\s+llegarnos|deben?\s+(?:llegar|ser\s+recibid\p{L}+)|m[üu]ss(?:en|t)?\s+(?:bei\s+uns|uns)\s+(?:\p{L}+\s+)?(?:eingehen|vorliegen|erreichen))(?!\p{L})/iu;
const SEND: Record<string, string> = { en: 'Send', fr: 'Envoyer', es: 'Enviar', de: 'Einreichen:' };

/** What an obligation asks for: "Each patrol needs to submit its menu" -> "submit its menu"; "The fee must be paid" -> "The fee". */
export function obligationTitle(clause: string, lang: Lang): string | null {
  if (lang === 'fr' || lang === 'es') {
    const passive = romancePassiveTitle(clause);
    if (passive) return `${passive.charAt(0).toUpperCase()}${passive.slice(1)}`;
  }
  if (lang === 'de') {
    const passive = germanPassiveTitle(clause) ?? germanDueTitle(clause);
    if (passive) return passive;
  }
  // "Order forms are due back by December 8": to be returned.
  const dueBack = /^(.{2,60}?)\s+(?:is|are)\s+due\s+back\b/i.exec(clause.trim());
  if (dueBack) return `Return ${dueBack[1].replace(/^(?:the|all|your|our)\s+/i, '').replace(/^\p{Lu}(?!\p{Lu})/u, (c) => c.toLowerCase())}`;
  // "Max is due for his rabies vaccination", "Your car is due for service": what is due is after "for".
  const dueFor =
    /^(.{1,40}?)\s+(?:is|are)\s+(?:now\s+|over)?due\s+for\s+(?:(?:his|her|its|their|your|our|a|an|the)\s+)?([^,.;]{3,60}?)(?:\s+(?:on|by|before|this|next)\b.*)?[.!]?$/i.exec(
      clause.trim(),
    );
  if (dueFor) return `${dueFor[2].charAt(0).toUpperCase()}${dueFor[2].slice(1)} for ${dueFor[1].replace(/^(?:the|your|our)\s+/i, (d) => d.toLowerCase())}`;
  if (lang === 'en' || /^[\x00-\x7f]*$/.test(clause)) {
    const passive = passiveTitle(clause);
    if (passive) return passive;
  }
  const reaching = REACH_US.exec(clause.trim());
  if (reaching) return `${SEND[lang] ?? SEND.en} ${reaching[1].replace(/^\p{Lu}(?!\p{Lu})/u, (c) => c.toLowerCase())}`;
  const need =
    /\b(?:need(?:s)? to|has to|have to|must|should|hay que|tiene(?:n)? que|debe(?:n)?|es (?:necesario|imprescindible|indispensable|obligatorio)|hace falta|il faut|il est (?:n[ée]cessaire|obligatoire|indispensable) d['’e]\s*|doi(?:t|vent))\s+(?!be\b|ser\b|être\b)(\p{L}.*)$/iu.exec(
      clause,
    );
  if (need) return need[1];
  const m = OBLIGATION[lang].exec(clause) ?? OBLIGATION.en.exec(clause);
  if (!m || m.index === 0) return null;
  let before = clause
    .slice(0, m.index)
    .replace(/\s+(?:is|are|ist|sind|est|sont|es|son|must|muss|müssen|must be|will be)\s*$/i, '')
    .trim();
  before = before.replace(/\s+(?:bis|by|before|avant|antes)\b.*$/i, '').trim();
  return before || null;
}

const HAS_NOUN = nlp.parseMatch('#Noun');
const PRONOUN_ONLY = nlp.parseMatch('^#Pronoun$');
const HAS_VERB = nlp.parseMatch('#Verb');
const NOUN_PHRASE = nlp.parseMatch('^#Determiner? #Adjective* #Noun+ #Verb? #Noun*$');
const LEADING_NOUN_PHRASE = nlp.parseMatch('^#Determiner? (#Adjective|#Noun|#Value|#Hyphenated)+');

/** compromise costs one to two milliseconds per sentence: a message gets a bounded number of looks, then regexes alone. */
const NLP_LOOKS_PER_MESSAGE = 60;
let nlpLooks = 0;
function takeNlpLook(): boolean {
  return ++nlpLooks <= NLP_LOOKS_PER_MESSAGE;
}

const LEXICON = (nlp.world() as { model: { one: { lexicon: Record<string, string | string[] | undefined> } } }).model.one.lexicon;
const tagsOf = (word: string): string[] => {
  const t = LEXICON[word.toLowerCase()];
  return t === undefined ? [] : Array.isArray(t) ? t : [t];
};

/**
 * Does an English clause open with a verb in the imperative mood? compromise's lexicon says whether
 * the first word is a verb's base form ("renew", "collect"); a word it knows as a noun counts when a
 * determiner, a number or an object pronoun follows ("draft the sheet", "book a table"), as a noun rarely is. A copula
 * later on makes the clause a statement ("Refund endpoint latency is 1.8s"). Dictionary look-ups
 * only: full tagging costs milliseconds per sentence.
 */
export function opensWithImperative(clause: string): boolean {
  const words = clause.trim().split(/\s+/, 12);
  if (words.length < 2 || !/^[A-Za-z][a-z-]+$/.test(words[0])) return false;
  if (/\b(?:is|are|was|were|will be|has been|have been)\b/i.test(words.join(' '))) return false;
  const tags = tagsOf(words[0]);
  if (tags.includes('Infinitive') || tags.includes('Imperative')) return true;
  // "click through the staging site", "look over the draft": a particle may stand between the verb and its object.
  const object = /^(?:through|over|up|out|off|back|down)$/i.test(words[1]) && words[2] ? words[2] : words[1];
  const nextTags = tagsOf(object.replace(/[^\p{L}'’-]+$/u, ''));
  const determinerNext =
    /^(the|a|an|this|that|these|those|my|your|our|their|his|her|its|all|some|two|three|four|five|\d+)$/i.test(object) ||
    nextTags.includes('Determiner') ||
    nextTags.includes('Possessive') ||
    // "Venmo me $85", "Text us when ...": an object pronoun after the first word makes it a verb.
    /^(?:me|us|him|them)$/i.test(object.replace(/[^\p{L}]+$/u, ''));
  return determinerNext && (tags.length === 0 || tags.includes('Singular') || tags.includes('Uncountable'));
}

/** Resets the per-message budget of compromise look-ups. */
export function newMessage(): void {
  nlpLooks = 0;
}

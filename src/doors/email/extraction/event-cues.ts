/**
 * Cues around an event sentence: an invitation (which also names the event by what it invites to),
 * and what makes a dated meeting word not one event of its own (opening hours and weekly habits, a
 * request due "before our call").
 */
import { IMPERATIVE, REQUEST } from './action-items.js';
import type { DateContext } from './dates.js';
import { hasMeetingWord } from './meeting-words.js';
import { subjectParts, subjectTitle } from './subject.js';
import { capitalise, finishTitle, stripDeterminers, stripLeadIns } from './titles.js';

const PRONOUN_TITLE = /^(?:it|this|that|these|they|we|he|she|es|esto|eso|er|sie|das|dies|il|elle|ce|cela|ça|on|nous|wir|nos)\b/i;

/** An invitation to attend makes the sentence an event even without an event noun ("join us", "os invitamos", "laden Sie ... ein"). */
export const INVITED =
  /\b(?:(?:are|is|you're) (?:cordially |warmly )?invited|invites? (?:you|all|everyone|families|parents)\b|join us|come (?:and )?join|hope to see you|(?:os|les|te|le) invit(?:amos|o)|invitamos a|est[áa]is invitad|est[áa]n invitad|acomp[áa][ñn]anos|(?:laden|lade|lädt) (?:sie|euch|dich|wir|ich|alle)\b.*\bein\b|(?:laden|lade|lädt)\s+(?:[a-zäöüß]+\s+){0,3}zu[mr]?\s[^.!?]*\bein\b|(?:sind|seid|bist) (?:herzlich )?eingeladen|nous vous invitons|vous invit(?:ons|e)|t['’]invite|(?:[êe]tes|es) (?:cordialement |chaleureusement )?invit[ée]s?|venez nombreux)/i;
/**
 * "We've also booked you in for the final measure ... on Tuesday, December 8 at 4:30 PM", "Te hemos
 * reservado cita para el lunes", "Wir haben Sie für die Abnahme am ... eingetragen", "Nous vous avons
 * inscrit pour ...": the reader is booked, so the thing booked is an appointment.
 */
export const BOOKED_YOU =
  /^(?:(?:also|additionally|adem[áa]s|asimismo|tambi[ée]n|au[ßs]erdem|zudem|de plus|par ailleurs|en outre),?\s+)?(?:(?:we|i)(?:['’]ve| have)?\s+(?:also\s+|now\s+|already\s+)?(?:booked|scheduled|reserved|pencil+ed|put)\s+you\s+(?:in\s+|down\s+)?for\s+|(?:te|le|os|les)\s+(?:hemos|he)\s+(?:reservado|agendado|programado|apuntado)\s+(?:(?:una\s+)?(?:cita|hora|turno)\s+)?(?:para\s+)?|(?:wir haben|ich habe)\s+(?:sie|dich|euch)\s+(?:auch\s+)?f[üu]r\s+|nous vous avons\s+(?:également\s+|aussi\s+)?(?:réservé|inscrite?s?|programmé)\s+(?:(?:un créneau|une place)\s+)?(?:pour\s+)?)/iu;
/**
 * "El lunes 7 a las 8:30 revisamos el cierre con gerencia", "On Monday at 10 we go over the budget",
 * "Am Montag um 10 Uhr besprechen wir den Abschluss", "Lundi à 10h, nous passons en revue le budget":
 * work done together at an hour is a meeting (clauseEvent asks for the hour).
 */
export const WORK_TOGETHER =
  /(?<!\p{L})(?:revisamos|repasamos|revisaremos|repasaremos|analizamos|discutimos|comentamos|presentamos|firmamos|planificamos|we(?:['’]ll| will)? (?:review|go over|go through|walk through|discuss|present|sign|plan)|besprechen wir|pr[äa]sentieren wir|unterschreiben wir|nous (?:passons en revue|examinerons|examinons|pr[ée]sentons|signons|faisons le point)|on (?:passe en revue|fait le point|signe))(?!\p{L})/iu;
/** "revisamos el cierre con gerencia en la sala de juntas" -> "Revisar el cierre con gerencia": the work, up to its place or day. */
export function workTitle(blanked: string): string | null {
  const m = WORK_TOGETHER.exec(blanked);
  if (!m) return null;
  const verb = m[0]
    .replace(/^we(?:['’]ll| will)?\s+/i, '')
    .replace(/^(\p{L}+?)(?:ar|er|ir)?(a|e|i)(?:re)?mos$/iu, (_w, stem: string, v: string) => `${stem}${v}r`);
  const rest = blanked
    .slice(m.index + m[0].length)
    .split(/\u0000|[,.;:!?(]|\s(?:en|in|at|à|im|dans)\s+(?:la|el|the|der|dem|le)?\s*(?:sala|salle|room|raum|office|oficina|bureau)/iu)[0];
  const title = finishTitle(capitalise(`${verb}${rest}`.replace(/\s+/g, ' ').trim()), 10);
  return title.split(' ').length >= 2 ? title : null;
}
/** "Let's do a dry run on Tuesday at 3pm", "Shall we have a quick sync on Monday at 10?": a time proposed for something done together (English). */
/** "Saturday works! Let's do 7:30 at Nopalito": a proposal of an hour alone, the thing proposed said before (or in the subject). */
export const PROPOSED_HOUR = /(?<!\p{L})(?:let['’]s|let us)\s+(?:do|say|make it)\s+(?:\p{L}+\s+)?\d/iu;
export const PROPOSED = new RegExp(
  String.raw`(?<!\p{L})(?:let['’]s|let us|shall we|why don['’]t we)\s+(?:do|have|hold|run|schedule|set up|book|plan)\s+(?:a|an|the|our)\s+(?:quick\s+|short\s+|final\s+)?\p{L}{3,}|${PROPOSED_HOUR.source}`,
  'iu',
);
/**
 * What an invitation invites to names the event: "we invite you to our winter concert", "laden wir
 * zum Weihnachtsbasteln ein", "os invitamos a la fiesta de fin de curso", "nous vous invitons à la
 * kermesse". The words after the preposition, up to a date, a place preposition or punctuation.
 */
/** The verbs an invitation is made with, in the four languages (German's "laden ... ein" is added where it is read). */
const INVITE_VERB = String.raw`invit\p{L}*|convo(?:qu|c)\p{L}*|convi(?:er|ons|ez|e|ent)(?!\p{L})|assister|participer`;
const INVITED_TO = new RegExp(
  String.raw`(?:${INVITE_VERB}|laden|lade|lädt|einladung)(?:\s+(?:you|all|everyone|families|parents|sie|euch|dich|wir|ich|alle|herzlich|a todos|à tous))*\s+(?:to|zu[mr]?|a la|al|a|à la|au|aux|à l['’]|à)\s+(?:(?:our|the|a|an|this year['’]s|unserem|unserer|unser|einem|einer|nuestra|nuestro|la|el|notre|nos|le|les)\s+)?([^\s.,;:!?()]+(?:\s+[^\s.,;:!?()]+){0,4})`,
  'iu',
);
const INVITED_STOP = /\s(?:on|at|in|from|this|next|el|en|del|a las?|desde|am|im|um|in|von|ab|ein|le|à|au|dans|ce|cette|\u0000)(?:\s.*)?$/iu;

export function invitedTo(clause: string, lang: DateContext['lang']): string | null {
  // "Vous êtes convoqué(e) à l'assemblée": the written gender mark is no word between the verb and its object.
  const m = INVITED_TO.exec(clause.replace(/(?<=\p{L})\((?:e|es|s|x|ne)\)/gu, ''));
  if (!m) return null;
  let phrase = m[1].replace(INVITED_STOP, '').trim();
  // German names the event with capitalised nouns: "zum Weihnachtsbasteln ein" -> "Weihnachtsbasteln".
  if (lang === 'de') phrase = (phrase.match(/^(?:\p{Lu}[\p{L}-]*(?:\s+|$))+/u)?.[0] ?? '').trim();
  if (!phrase || /^\d/.test(phrase) || PRONOUN_TITLE.test(phrase) || /^(?:join|come|attend|celebrate|participate|participer|asistir|teilnehmen)$/i.test(phrase))
    return null;
  return finishTitle(capitalise(phrase), 8);
}

/** "review section 3 before our call on Thursday": the meeting is when something is due, not what the clause tells. */
const BEFORE_MEETING =
  /(?<!\p{L})(?:before|ahead of|prior to|in time for|vor|avant|antes de)\s+(?:(?:our|the|your|my|this|next|dem|der|unserem|unserer|eurem|notre|votre|la|le|l['’]|nuestra|nuestro|la|el)\s+)?(\p{L}+)/iu;

/** The text before opens with an ask ("Also, please review section 3", "Send me the slides"), not with the meeting. */
function asksFirst(text: string): boolean {
  const t = stripLeadIns(text.replace(/^\s*(?:also|and|so|then|además|außerdem|aussi)\s*,?\s*/i, ''));
  return REQUEST.test(text) || IMPERATIVE.test(t);
}

/** Opening hours and weekly habits ("Monday to Friday, 9am to 5pm", "every Tuesday at 6") are not one event. */
const RECURRING =
  /\b(?:office|opening|business|support|store|shop|service) hours\b|\bhorarios?\b|[öo]ffnungszeiten|sprechzeiten|horaires\b|heures d['’]ouverture|\b(?:every|each)\s+(?:mon|tue|wed|thu|fri|sat|sun|day|week|morning|evening)|\b(?:jeden|jede)\s+(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|tag|woche)|\bcada\s+(?:lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo|d[íi]a|semana)|\b(?:chaque|tous les)\s+(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|jour|semaine|matin|soir)s?|\bmonday\s+(?:to|through|thru|-|–)\s+friday|\blunes a viernes|\bmontags?\s+bis\s+freitags?|\bdu lundi au vendredi/i;

/**
 * The clause says its event is called off ("fällt heute aus", "will not take place", "n'aura pas
 * lieu", "no se celebrará", "queda suspendida", "is cancelled"): nothing to put in a calendar.
 */
const CALLED_OFF =
  /\b(?:will not|won['’]t|does not|doesn['’]t|cannot|can['’]t) take place\b|\b(?:is|are|has been|have been|was|were) (?:cancel+ed|called off)\b|(?<!\p{L})f[äa]ll(?:t|en)\s(?:[^.;]{0,80}\s)?aus(?!\p{L})|(?<!\p{L})entf[äa]ll(?:t|en)(?!\p{L})|\b(?:wurde|wird|ist|sind|werden) abgesagt\b|\bfinde[nt]\s(?:[^.;]{0,60}\s)?nicht statt\b|\bn['’]aura(?:nt)? pas lieu\b|(?<!\p{L})(?:est|sont|a été|ont été) annul[ée]e?s?(?!\p{L})|\bno se (?:celebrar[áa]n?|realizar[áa]n?|impartir[áa]n?)\b|\b(?:queda|quedan|ha sido|han sido) (?:suspendid[oa]s?|cancelad[oa]s?)\b|\bse (?:suspende|cancela)n?\b/iu;

/** A cheap look for the words the full pattern needs; most clauses have none of them. */
const CALLED_OFF_HINT = /cancel|called off|take place|f[äa]ll|entf[äa]ll|abgesagt|statt|lieu|annul|celebrar|realizar|impartir|suspend/i;

export function calledOff(clause: string): boolean {
  return CALLED_OFF_HINT.test(clause) && CALLED_OFF.test(clause);
}

/** A clause with a day, an hour and a meeting word that is still not one event to make. */
export function notOneEvent(clause: string): boolean {
  if (RECURRING.test(clause) || calledOff(clause)) return true;
  const before = BEFORE_MEETING.exec(clause);
  return before !== null && hasMeetingWord(before[1]) && asksFirst(clause.slice(0, before.index));
}

/**
 * "your upcoming visit at Northside Physical Therapy", "Ihr Termin bei Zahnarztpraxis Dr. Weber",
 * "votre rendez-vous chez Optique Lumière", "su cita en Clínica Dental Sonrisa": the named place
 * that gives the appointment says what it is for. Only a capitalised name follows (not "at 10:00"),
 * or a doctor's lower-case degree within it ("Dr. med. Sabine Kühn").
 */
const NOUN_AT =
  /\b(?:[Aa]ppointment|[Vv]isit|[Cc]ita|[Cc]onsulta|[Tt]ermin|[Rr]endez-vous|[Rr]dv)\s+(?:at|with us at|bei|chez|en|in der|im|à la|au)\s+((?:[\p{Lu}][\p{L}.'’&-]*)(?:\s+(?:[\p{Lu}][\p{L}.'’&-]*|&|de|del|la|of|für|f[üu]r|med\.|dent\.|vet\.))*)/u;
/** "Visit at Northside Physical Therapy": the appointment named by the place that gives it, or null. */
export function appointmentAtPlace(text: string): string | null {
  const at = NOUN_AT.exec(text);
  if (!at) return null;
  const space = at[0].indexOf(' ');
  return finishTitle(`${capitalise(at[0].slice(0, space).toLowerCase())}${at[0].slice(space)}`, 12);
}

/**
 * "An engineer will visit ... to service the boiler", "Un technicien passera ... pour l'entretien de
 * la chaudière", "Ein Techniker kommt ... zur Wartung der Heizung", "Un técnico pasará ... para
 * revisar la caldera": a tradesperson's visit is named by what they come to do.
 */
const VISITOR =
  /(?<!\p{L})(?:technicians?|engineers?|plumbers?|vendors?|contractors?|crews?|exterminators?|cleaners|movers|painters?|roofers?|adjusters?|electricians?|fitters?|installers?|inspectors?|surveyors?|\p{L}*techniker(?:in)?|monteur(?:in)?|handwerker|meister(?:in)?|installateur(?:in)?|elektriker(?:in)?|\p{L}*schornsteinfeger(?:in)?|ableser(?:in)?|(?<!(?:equipo|departamento|[áa]rea|soporte|personal)\s)t[ée]cnic[oa]s?|fontaner[oa]s?|electricistas?|instalador(?:a|es)?|technicien(?:ne)?s?|plombiers?|[ée]lectricien(?:ne)?s?|ramoneurs?|releveurs?)(?!\p{L})/iu;
const PURPOSE =
  /(?<!\p{L})(?:to|in order to|pour|afin de|para|zur|zum|um)\s+((?:(?:l['’]|la\s+|le\s+|les\s+|el\s+|los\s+|las\s+|die\s+|den\s+|das\s+|the\s+|your\s+|votre\s+|su\s+|ihre[nrs]?\s+))?[\p{L}'’-]{3,}(?:\s+(?:(?:de la|de l['’]|du|des|de|del|der|of the|of|the|your|votre|vos|su|sus|ihrer|ihres|la|el|los|las|le|les|d['’])\s*)?[\p{L}'’-]{3,}){0,3})/iu;

const COMES =
  /(?<!\p{L})(?:come|comes|coming|arrive|arrives|stop by|drop by|bring (?:\p{L}+ ){1,2}(?:by|over|round)|be there|be on site|visit|kommt|kommen|vorbeikommen|pasar[áa]n?|vendr[áa]n?|viendra|viendront|passera|passeront)(?!\p{L})/iu;

/** "our technician will test the alarms ...", "der Techniker wird ... prüfen": what the visitor will do there. */
const VISITOR_WILL = new RegExp(`${VISITOR.source}\\s+(?:will|is going to|is scheduled to|wird|va a|va|viendra)(?!\\p{L})`, 'iu');

/**
 * "I'd like to stop by Tuesday at 9am to take final measurements", "pasaré el martes a las 10": the writer
 * comes over; "could you come over tomorrow at 6:30pm so I can give you the key": the reader does.
 */
const WRITER_COMES =
  /(?<!\p{L})(?:could|can|would)\s+you\s+(?:come|stop|swing|pop)\s+(?:by|over|round|around)(?!\p{L})|(?<!\p{L})(?:i|we)(?:['’](?:d|ll)|\s+(?:will|can|could|would|shall))?(?:\s+(?:also|then|just|still))?(?:\s+(?:like|love|need|want|plan|hope|be able)\s+to)?\s+(?:stop|drop|swing|pop|come)\s+(?:by|over|round|around)(?!\p{L})|(?<!\p{L})(?:pasar[ée]|pasaremos|je passerai|nous passerons)(?!\p{L})|(?<!\p{L})(?:ich komme|wir kommen)(?!\p{L})[^.!?]{0,50}(?<!\p{L})vorbei(?!\p{L})/iu;

/** "Our technician can come on Thursday ... between 1:00 and 3:00 PM": a tradesperson's visit is an event without a meeting word. */
export function visitorComes(clause: string): boolean {
  return (VISITOR.test(clause) && (COMES.test(clause) || VISITOR_WILL.test(clause))) || WRITER_COMES.test(clause);
}

const VISIT_NOUN =
  /(?<!\p{L})(?:inspections?|visit|maintenance|service|repairs?|readings?|inspektion|wartung|ablesung|reparatur|revisi[óo]n|inspecci[óo]n|visita|mantenimiento|visite|entretien|contr[ôo]le|relev[ée])(?!\p{L})/iu;

/**
 * How a tradesperson's visit is titled: by what they come to do, unless only the subject names it as
 * a visit ("Annual Smoke & CO Detector Inspection"; of "Unit 3B - pest control visit and lease
 * renewal", the part that does). Null for a clause that tells no visit; a null title keeps the one read.
 */
export function visitTitle(clause: string, blanked: string, subject: string): { title: string | null; fromSubject: boolean } | null {
  const purpose = visitPurpose(blanked);
  if (!purpose && !visitorComes(clause)) return null;
  const named = subjectTitle(subject)
    .split(/\s+[-–—|]\s+|:\s+/)
    .find((part) => VISIT_NOUN.test(part) && part.trim().split(/\s+/).length >= 2);
  if (named && !(purpose && VISIT_NOUN.test(purpose))) return { title: finishTitle(capitalise(named), 10), fromSubject: true };
  return { title: purpose, fromSubject: false };
}

export function visitPurpose(clause: string): string | null {
  const comes = VISITOR.test(clause) ? COMES.exec(clause) : WRITER_COMES.exec(clause);
  if (!VISITOR.test(clause) && !comes) return null;
  // "I'd like to stop by ... to take final measurements", "like to bring my plumber by ... to check
  // the drain line": the purpose is after the coming, not in "like to".
  const m = PURPOSE.exec(comes ? clause.slice(comes.index + comes[0].length) : clause);
  // "Water to the building will be shut off": "to" before an article leads to a place, not a purpose.
  if (!m || /^to\s+(?:the|a|an|your|our)\s/i.test(m[0])) return null;
  const phrase = m[1].replace(/^(?:l['’]|la\s+|le\s+|les\s+|el\s+|los\s+|las\s+|die\s+|den\s+|das\s+|the\s+|your\s+|votre\s+|su\s+)/i, '').trim();
  // One word only when it is a noun that says it all ("zur Hausbegehung"), not a bare verb ("to check").
  if (phrase.split(/\s+/).length < 2 && !/^\p{Lu}\p{Ll}{5,}$/u.test(phrase)) return null;
  // "Plumber: check the drain line": who comes is what a calendar entry is looked up by.
  const visitor = VISITOR.exec(clause)?.[0];
  return visitor && !phrase.toLowerCase().includes(visitor.toLowerCase())
    ? finishTitle(`${capitalise(visitor)}: ${phrase}`, 10)
    : finishTitle(capitalise(phrase), 8);
}

/**
 * "Party is still Saturday Dec 12 at 5pm" under "Re: Grandma's 90th - slideshow": a bare gathering
 * says less than the personal occasion the subject names; the entry gets both ("Party: Grandma's 90th").
 */
// "Gift exchange party" under "Your Secret Santa match": a gathering named by up to two words of what happens there.
const GATHERING =
  /^(?:\p{L}+\s+){0,2}(?:party|dinner|lunch|brunch|drinks|celebration|fiesta|cena|comida|almuerzo|feier|essen|f[êe]te|d[îi]ner|d[ée]jeuner|soir[ée]e)$/iu;
/** Someone's occasion: "Grandma's 90th", "Mom's 70th", "cumple de papá", "Papas Geburtstag". */
const PERSONAL_OCCASION =
  /\p{L}['’]s\s|\d+(?:st|nd|rd|th|er|e)?\b|birthday|cumple\p{L}*|geburtstag|anniversaire|aniversario|jubil\p{L}*|retirement|secret santa|wichteln|amigo invisible|farewell|despedida|abschied|pot de d[ée]part|housewarming|baby shower|graduation|reunion/iu;

export function withOccasion(title: string, subject: string): string {
  if (!GATHERING.test(title)) return title;
  let occasion = subjectParts(subjectTitle(subject))[0].trim();
  const named = PERSONAL_OCCASION.exec(occasion);
  // "Secret Santa 2026 🎁 tirage fait !": a long subject gives only its words up to the occasion (and its year).
  if (named && occasion.split(/\s+/).length > 6) {
    const end = named.index + named[0].length;
    occasion = occasion.slice(0, end) + (/^\s+\d{4}(?!\d)/.exec(occasion.slice(end))?.[0] ?? '');
  }
  if (!named || occasion.split(/\s+/).length > 6 || occasion.toLowerCase().includes(title.toLowerCase())) return title;
  // A title of several words ("Trampoline birthday party") takes only an occasion named in words, and only when it names none itself.
  if (/\s/.test(title.trim()) && (!/\p{L}{3}/u.test(named[0]) || PERSONAL_OCCASION.test(title))) return title;
  return finishTitle(`${title}: ${occasion}`, 12);
}

/**
 * "treffen wir uns zur Abstimmung der Details am ...", "we'll meet to go over the budget on ...",
 * "nos reunimos para revisar el presupuesto el ...", "te esperamos en la gestoría el ... para firmar las
 * cuentas": what a meeting is for names it, up to its day
 * (a date blanked to U+0000 in `blanked`).
 */
const MEET_FOR =
  /(?<!\p{L})(?:treffen wir uns|wir treffen uns|we(?:['’]ll| will| can)? meet(?: up)?|let['’]s meet|nos reunimos|nos reuniremos|nos veamos|nos reunamos|on se retrouve|(?:grab|find|block|set aside|take|have)\s+(?:\d+|half an?|an?)\s+(?:minutes|mins|hours?)[^.;!?\u0000]{0,40}?(?:\u0000[^.;!?]{0,20}?)?|nous nous retrouverons|(?:(?:te|le|os|les) esperamos|vernos|wir erwarten (?:sie|dich|euch)|nous vous attendons)[^.;!?]{0,120}?)\s+(?:zur|zum|for|to|para|pour)\s+([^\u0000,.;:!?(]{3,60})/iu;
export function meetingPurpose(blanked: string): string | null {
  const m = MEET_FOR.exec(blanked);
  if (!m) return null;
  const what = stripDeterminers(m[1].trim().replace(/\s+(?:am|um|on|at|el|le|la|a las|à|the)$/i, ''));
  return what.split(/\s+/).length >= 2 ? finishTitle(capitalise(what), 8) : null;
}

/**
 * "la abuela tiene la revisión de la vista a las 11:30", "Grandma has her eye check-up on Thursday",
 * "Oma hat am Donnerstag ihre Augenuntersuchung", "mamie a son rendez-vous chez l'ophtalmo": whose
 * appointment it is belongs in its title, as people write it in a family calendar.
 */
const KIN =
  'abuela|abuelo|abuelita|abuelito|mam[áa]|pap[áa]|t[íi]a|t[íi]o|grandma|grandpa|granny|nana|mom|mum|dad|aunt|uncle|oma|opa|mama|papa|tante|onkel|mamie|papi|papy|tatie|tonton';
const WHOSE = new RegExp(
  `(?:^|[\\s,:])(?:(?:(?:la|el|mi|tu|my|our|unsere?|meine?|ma|mon|notre)\\s+)?(${KIN})|(?<!(?:the|la|el|der|die|das|le|les|los|las)\\s)(\\p{Lu}\\p{Ll}+))\\s+(?:tiene|has|hat|a)\\s+(?:la|el|su|una?|her|his|their|a|an|the|seine?n?|ihre?n?|son|sa|une?)\\s`,
  'iu',
);
const NOT_A_PERSON =
  /^(?:que|who|which|wer|qui|quien|it|es|er|sie|il|elle|she|he|they|we|you|ich|ella|[ée]l|this|that|everyone|todos|everybody|nobody|school|team|class)$/iu;
export function withWhose(title: string, clause: string): string {
  const m = WHOSE.exec(clause);
  // The pattern is case-insensitive for the kin words; a name must really open on a capital.
  const who = m ? (m[1] ?? (/^\p{Lu}/u.test(m[2]) ? m[2] : null)) : null;
  if (!who || NOT_A_PERSON.test(who) || title.split(/\s+/).length > 4 || title.toLowerCase().includes(who.toLowerCase())) return title;
  return finishTitle(`${capitalise(who)}: ${title.charAt(0).toLowerCase()}${title.slice(1)}`, 10);
}

/** "Open enrollment is open now through Friday, December 4": a window that closes, a deadline, not an event. */
export const OPEN_UNTIL = /\b(?:is|are) open (?:now )?(?:through|until|till|thru)\b/i;
/** The verbs an invitation is made with: a title that keeps one has not found what it invites to. */
export const INVITING_VERB = new RegExp(String.raw`(?<!\p{L})(?:${INVITE_VERB}|einladen|laden)(?!\p{L})`, 'iu');

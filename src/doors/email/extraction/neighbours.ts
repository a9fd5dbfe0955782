/**
 * Readings of a clause that lean on what is around it, each reading only the clause and one
 * neighbour kept as the loop passes (seventh round): the sentence before ("Friday works for me."
 * before an hour; "that day"), the neighbouring line's label (a schedule without list marks), the
 * events already made (a place that counts them, a generic name and the subject), and the parts of a
 * clause that tell another thing (a reason, a replaced hour).
 */
import { ASKED_KINDS, type TextTask } from './action-items.js';
import { SPANISH_ENCLITIC } from './antecedent.js';
import { GENERIC_EVENT_TITLE } from './calibrate.js';
import { findDates, mentionStartMs, type DateContext } from './dates.js';
import type { Unit } from './sentences.js';
import { fieldsOf } from './appointments.js';
import { clauseEvent, type TextEvent } from './meetings.js';
import { INVITED } from './event-cues.js';
import { hasMeetingWord } from './meeting-words.js';
import { hostedEvent } from './statements.js';
import { capitalise, contentWordCount, DUE_LABEL, finishTitle } from './titles.js';
import { outingWithPlace, subjectParts } from './subject.js';
import { escapeRegExp } from './regexp.js';

/**
 * A label and its value on one line; a mail header of a forward ("Gesendet: Montag, 30. November")
 * is none, nor a journey's departure and arrival (a ticket bought, not an appointment).
 */
export const LABEL_DAY =
  /^(?!\s*(?:from|to|sent|date|subject|cc|von|an|gesendet|datum|betreff|de|para|enviado(?: el)?|fecha|asunto|objet|à|envoy[ée]|date d['’]envoi|departure|arrival|check-?in|check-?out|boarding|abfahrt|ankunft|abflug|salida|llegada|d[ée]part|arriv[ée]e)\s*:)\s*[\p{Lu}][^:\n]{2,50}:\s+\S.{0,60}$/iu;

/**
 * A meeting sentence with an hour but no day ("Let's meet at the Blue Bottle café at 10:30", "On se
 * retrouve à 10h30 au café") after a sentence that names the day ("Friday works for me", "Vendredi
 * me va"): the day is written in before the hour and the sentence read again. One more date parse,
 * only for such sentences.
 */
/** "Weekly status call on Thursdays, 9:30-10:00", "donnerstags um 18 Uhr": a weekly slot has no one day to borrow. */
const EVERY_WEEKDAY =
  /(?<!\p{L})(?:(?:mon|tues|wednes|thurs|fri|satur|sun)days|every (?:mon|tue|wed|thu|fri|sat|sun)\p{L}*|(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)s|(?:los|cada) (?:lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bados?|domingos?)|(?:tous )?les (?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s)(?!\p{L})/iu;

export function dayFromSentenceBefore(clause: string, previous: string, paragraph: string, ctx: DateContext, subject: string): TextEvent | null {
  if (EVERY_WEEKDAY.test(clause)) return null;
  const own = findDates(clause, ctx);
  const hour = own.find((m) => m.hasTime && !m.hasDay);
  if (!hour || own.some((m) => m.hasDay)) return null;
  const day = findDates(previous, ctx).find((m) => m.hasDay && !m.hasTime && !m.likelyPast);
  if (!day) return null;
  const dated = `${clause.slice(0, hour.index)}${previous.slice(day.index, day.end)} ${clause.slice(hour.index)}`;
  return clauseEvent(dated, paragraph, ctx, subject);
}

/**
 * "wir laden herzlich zu unserer Weihnachtsfeier ein:" over "Freitag, 11. Dezember, 15 bis 17:30 Uhr
 * in der Turnhalle", "Join us for the winter open house:" over "Saturday, December 12, 2-5 pm": an
 * invitation that ends on a colon, its day and hour on the line below it. Read as one clause.
 */
export function announcedAbove(intro: string, below: string, ctx: DateContext, subject: string): TextEvent | null {
  if (!/:\s*$/.test(intro)) return null;
  const hosted = hostedEvent(intro.replace(/:\s*$/, ''));
  // An invitation over its day and hour; a booking confirmed over them is the appointment's (appointments.ts).
  // "im Auftrag der Firma ... findet die jährliche Ablesung der Heizkostenverteiler statt:": what takes place names it.
  // "... kündigen wir die jährliche Ablesung der Heizkostenverteiler an:" announces it the same way.
  const takesPlace =
    /(?<!\p{L})(?:findet|finden|kündigen wir|k[üu]ndigt)\s+(?:die|der|das|den|unser\p{L}*|eine?n?)?\s*(?:\p{Ll}+\s+)?(\p{Lu}[\p{L}-]+(?:\s+(?:der|des)\s+\p{Lu}[\p{L}-]+)?)[^:]*\b(?:statt|an)\s*:\s*$/u.exec(
      intro,
    );
  const announces =
    (hasMeetingWord(intro) || INVITED.test(intro) || hosted !== null || takesPlace !== null) && !/(?<!\p{L})(?:best[äa]tig|confirm)/iu.test(intro);
  if (!announces || findDates(intro, ctx).some((m) => m.hasDay)) return null;
  const when = findDates(below, ctx)[0];
  if (!when?.hasDay || !when.hasTime || when.index > 4) return null;
  const told = `${intro.replace(/:\s*$/, '')} ${below}`;
  const found = clauseEvent(told, told, ctx, subject);
  // "L'association organise son assemblée générale :", "The PTA is hosting its winter fair:": the host's object names it.
  const named = hosted ?? takesPlace?.[1] ?? null;
  const event = found && named ? { ...found, title: finishTitle(capitalise(named), 10) } : found;
  // What follows the hour on those lines is the place, whole ("salle polyvalente du collège, 21 rue de Lille").
  const rest = below
    .slice(when.end)
    .replace(/^[\s,;–-]*(?:(?:in der|in the|at the|en el|en la|à la|à l['’]|dans la|dans le|in|at|im|en|au)\s+)?/iu, '')
    .replace(/[\s.]+$/, '');
  const place = rest.length >= 4 && rest.length <= 120 && !/[.!?]\s/.test(rest) && /^\p{L}/u.test(rest) ? rest : null;
  return event && place ? { ...event, location: place } : event;
}

/**
 * "Rendez-vous le samedi 19 décembre à 14h30 ...", "Treffpunkt: ...", "Meet at ...": an event named
 * only by the kind of meeting takes the subject's name when the subject says more ("Atelier cuisine
 * de Noël").
 */
/** A class or club going out: told by what it does ("will visit the museum"), named by the subject. */
export const OUTING =
  /(?<!\p{L})(?:(?:field\s+)?trips?|excursions?|outings?|camps?|campouts?|retreats?|sorties?|voyages? scolaires?|classes? (?:verte|de neige|de mer)|s[ée]jours?|ausfl[üu]ge?|exkursion(?:en)?|klassenfahrt|wandertag|ferienlager|zeltlager|excursi[óo]n(?:es)?|campamentos?|salidas?)(?!\p{L})/iu;

/** "will visit the Museum of Science", "besuchen das Deutsche Museum", "visitarán el Museo del Prado": where the outing goes. */
export const VISITED =
  /(?<!\p{L})(?:visit|visits|visiting|besuchen|besucht|visitar[áa]n?|visiteront|visiter)\s+(?:the\s+|das\s+|den\s+|die\s+|el\s+|la\s+|le\s+|les\s+|l['’])?([\p{Lu}][\p{L}'’-]+(?:\s+(?:of|de|del|des|du|der|de la)?\s*[\p{Lu}][\p{L}'’-]+){0,4})/u;

const NEXT_OF_SERIES =
  /^(?:next|the next|our next|prochain(?:e)?|pr[óo]xim[oa]|n[äa]chste[rsn]?)\s+(meeting|sync|call|check-?in|session|review|r[ée]union|point|reuni[óo]n|llamada|sitzung|besprechung|termin|treffen)$/iu;
const GENERIC_MEETING = /^(?:meeting|r[ée]union|reuni[óo]n|sitzung|besprechung|treffen|call|llamada|session)$/i;
const NOTES_WORDS =
  /(?<!\p{L})(?:notes?|minutes|minuta|recap|summary|actions?|& actions|and actions|compte[- ]rendu|acta|resumen|protokoll|notizen)(?!\p{L})|^\s*(?:&|and|y|et|und)(?!\p{L})\s*|\s*(?<!\p{L})(?:&|and|y|et|und)\s*$/giu;
/** One of the words above, tested (NOTES_WORDS is global, to remove them all). */
const NOTES_WORD = new RegExp(NOTES_WORDS.source, 'iu');
/** Only for telling whether a subject part is a date: any reference day will do. */
const NO_CONTEXT: DateContext = { refMs: 0, offset: 0, lang: 'en' };

const GATHERING_ABOUT =
  /(?<!\p{L})(?:r[ée]union|meeting|reuni[óo]n|junta|sitzung|besprechung|versammlung|elternabend|infoabend|assembl[ée]e|asamblea)(?!\p{L})/iu;
export function namedBySubject(events: TextEvent[], subject: string): TextEvent[] {
  if (!subject || GENERIC_EVENT_TITLE.test(subject.trim())) return events;
  // "Grade 3 field trip – Museum of Science, Thu Dec 10" over "Our class will visit the Museum of Science on ...".
  const head = subjectParts(subject)[0].trim();
  // A meeting about the outing ("Réunion d'information" under "Séjour ski 2027") keeps its own name.
  if (events.length === 1 && OUTING.test(head) && !OUTING.test(events[0].title) && !GATHERING_ABOUT.test(events[0].title) && contentWordCount(head) >= 2) {
    const visited = events[0].location ? null : VISITED.exec(events[0].excerpt);
    const location = visited ? visited[1] : events[0].location;
    return [
      {
        ...events[0],
        title: finishTitle(outingWithPlace(subject, OUTING, events[0].excerpt) ?? head, 14),
        location,
        weak: { ...events[0].weak, subjectTitle: true },
      },
    ];
  }
  const words = contentWordCount(subject);
  // "Next meeting:" in "Notes: Platform weekly - Dec 1": the notes' meeting, named by the subject without "notes" and the date.
  const notes = NOTES_WORD.test(subject);
  const series = (noun: string) =>
    subjectParts(subject)
      .map((p) =>
        p
          .replace(NOTES_WORDS, '')
          .replace(/\s*\([^)]*\)\s*$/, '')
          // "Relaunch check-in notes 11/25": the day of these notes, not part of the series' name.
          .replace(/\s+\d{1,2}[./]\d{1,2}(?:[./]\d{2,4})?\.?$/, '')
          .replace(/\s+/g, ' ')
          .trim(),
      )
      .find(
        (p) =>
          contentWordCount(p) >= 2 &&
          /^\p{L}/u.test(p) &&
          // "Next meeting:" under "Notes + action items: website relaunch weekly": a meeting of the series the notes are of.
          (p.toLowerCase().split(' ').includes(noun) || (GENERIC_MEETING.test(noun) && notes)) &&
          !findDates(p, NO_CONTEXT).length,
      );
  // "Party" under "Carraway Homes holiday party - timeline": the subject's part that holds the one word says which.
  // "Feier" under "Jahresabschlussfeier Handball – Anmeldung bis 6.12.": a German compound ends on the word.
  const holds = (w: string, word: string) => w === word || (w.length > word.length + 3 && w.endsWith(word));
  const part = (word: string) =>
    subjectParts(subject).find(
      (p) =>
        p
          .toLowerCase()
          .split(/\s+/)
          .some((w) => holds(w, word.toLowerCase())) && p.split(/\s+/).length > 1,
    );
  return events.map((e) => {
    const next = NEXT_OF_SERIES.exec(e.title.trim());
    const named = next ? series(next[1].toLowerCase()) : undefined;
    // A series found without the noun keeps it: "Website relaunch weekly: next meeting".
    const title = named && next && !named.toLowerCase().split(' ').includes(next[1].toLowerCase()) ? `${named}: ${e.title.trim().toLowerCase()}` : named;
    if (title) return { ...e, title: finishTitle(capitalise(title), 12), weak: { ...e.weak, subjectTitle: true } };
    const fuller = /^\p{L}+$/u.test(e.title.trim()) ? part(e.title.trim()) : undefined;
    if (fuller && contentWordCount(fuller) <= 6) return { ...e, title: finishTitle(capitalise(fuller), 10) };
    // "Saturday Dec 19" under "Re: Baby shower - Dec 19": a day names nothing; the subject's words do.
    const topic = onlyADay(e.title) ? subjectParts(subject).find((p) => /^\p{L}/u.test(p.trim()) && !findDates(p, NO_CONTEXT).length) : undefined;
    if (topic) return { ...e, title: finishTitle(capitalise(topic.trim()), 12), weak: { ...e.weak, subjectTitle: true } };
    // "How about Thursday at 12:30 at Dishoom?" under "Re: Lunch?": a proposal names nothing; the subject does.
    if ((PROPOSAL_ONLY.test(e.title.trim()) || AVAILABILITY_ONLY.test(e.title.trim())) && words >= 1)
      return { ...e, title: finishTitle(subject, 12), weak: { ...e.weak, subjectTitle: true } };
    // "Call" under "Re: Label design quote": the kind of event and what it is about ("Call: Label
    // design quote"); a gathering ("Treffen", "Rendez-vous") is named by the subject alone. Weighed as the generic title was (-0.08 in calibrate.ts): a better name, on no better evidence.
    if (GENERIC_EVENT_TITLE.test(e.title.trim()) && words >= 2) {
      const title = CALL_KIND.test(e.title.trim()) ? `${capitalise(e.title.trim())}: ${subject}` : subject;
      return { ...e, title: finishTitle(title, 14), confidence: e.confidence - 0.08 };
    }
    return e;
  });
}
function onlyADay(title: string): boolean {
  const days = findDates(title, NO_CONTEXT);
  return days.length > 0 && days.reduce((rest, m) => rest.replace(m.text, ' '), title).replace(/[\s,.;:–—-]+/g, '') === '';
}
/** Kinds of event a title keeps before the subject: how people meet, not that they do. */
const CALL_KIND =
  /^(?:call|phone call|video call|meeting|reuni[óo]n|r[ée]union|besprechung|sitzung|sync|chat|catch[- ]?up|visio|appel|anruf|telefonat|videocall|llamada|videollamada)$/i;
const PROPOSAL_ONLY =
  /^(?:how about|what about|shall we say|qu[ée] tal|wie w[äa]re es(?: mit)?|was h[äa]ltst du von|que dirais-tu de|que diriez-vous de|et si on disait|(?:[\p{L}!¡]+[,!]?\s+)?(?:see you|nos vemos|on se voit|wir sehen uns))$/iu;

/** "Hamish and his team can meet", "they could do it": who is free says nothing of what the meeting is. */
const AVAILABILITY_ONLY = /^[\p{L}'’ ]{1,40}?\s+(?:can|could|is able to|are able to|would be able to)\s+(?:meet|do it|make it|join|talk)$/iu;

/**
 * "Both shifts are at ...", "All sessions will be held at ...", "Les deux créneaux ont lieu à ...",
 * "Beide Termine sind in der ...", "Los dos turnos son en ...": a sentence without a date whose
 * subject counts the events gives the place of each; what follows the preposition is the place.
 */
export const SHARED_PLACE =
  /^(?:both|all(?: the| of the| our)?|each of the|the two|beide|alle|die beiden|ambos|ambas|los dos|las dos|todos los|todas las|tous les|toutes les|les deux)\s+\p{L}+\s+(?:are|will be|take place|will take place|sind|finden|son|ser[áa]n|tendr[áa]n lugar|sont|seront|auront lieu|ont lieu)\s+(?:held\s+)?(?:at|in|en|à|au|dans|in der|im|en el|en la)\s+(?:the\s+|el\s+|la\s+|der\s+|dem\s+|le\s+|l['’])?(\S.{2,100}?)\s*(?:statt\s*)?[.!]?$/iu;

export function withSharedPlace(events: TextEvent[], shared: string[]): TextEvent[] {
  if (shared.length !== 1) return events;
  return events.map((e) => (e.location ? e : { ...e, location: shared[0], weak: { ...e.weak, unreadPlace: false } }));
}

/**
 * "Practice is moved to 9am (instead of 10) because of the tournament in the afternoon": the reason
 * and the replaced time are no part of the event the clause tells, and their nouns and hours would
 * be read as another.
 */
// German puts the reason inside the clause, before its verb: only the other languages' trailing reason is cut.
const REASON_TAIL =
  /\s*[,;]?\s*(?<!\p{L})(?:because of|due to|owing to|on account of|à cause d(?:u|e la|e l['’]|es|e)|en raison d(?:u|e la|e l['’]|es|e)|debido a|a causa de|por culpa de)(?!\p{L}).*$/iu;
const INSTEAD = /\s*\((?:instead of|rather than|statt|anstatt|au lieu de|en lugar de|en vez de)\b[^)]*\)/gi;
export function withoutReason(clause: string): string {
  return clause.replace(INSTEAD, '').replace(REASON_TAIL, '');
}

export const THAT_DAY =
  /\b(?:that day|the same day|on the day)\b|\bce jour-l[àa]\b|\ble m[êe]me jour\b|\ban (?:dem|diesem) tag\b|\bam selben tag\b|\bese d[íi]a\b|\bel mismo d[íi]a\b|\bese mismo d[íi]a\b/i;

/** The clause gives an hour and no day ("ab 9 Uhr", "at 3:30"). */
export function hourOnly(clause: string, ctx: DateContext): boolean {
  const own = findDates(clause, ctx);
  return own.some((m) => m.hasTime && !m.hasDay) && !own.some((m) => m.hasDay);
}

/** The task's own hour (or none) on the last day the sentence before names. */
export function onThatDay(task: TextTask, clause: string, previous: string, ctx: DateContext): TextTask {
  // "If you cannot provide access on that day, please contact the office by Friday, December 4": its own day stands.
  if (findDates(clause, ctx).some((x) => x.hasDay)) return task;
  const day = findDates(previous, ctx)
    .filter((x) => x.hasDay && !x.likelyPast)
    .pop();
  if (!day) return task;
  const hour = findDates(clause, ctx).find((x) => x.hasTime && !x.hasDay);
  const at = hour ? { ...day, hasTime: true, hour: hour.hour, minute: hour.minute, zone: hour.zone ?? day.zone } : { ...day, hasTime: false };
  // "ab 9 Uhr beim Tragen helfen": the hour's preposition stays behind when the hour is taken out.
  const title = finishTitle(
    task.title
      .replace(THAT_DAY, ' ')
      .replace(/\s+(?:a|à)(?=\s*$)/i, '')
      .replace(/^(?:ab|at|um|à|from|von|dès)\s+/i, ''),
    14,
  );
  return { ...task, title, dueMs: mentionStartMs(at, ctx, true), dueIsExact: Boolean(hour) };
}

/**
 * "I need that by Tuesday noon", "If you can send those by Wednesday", "Lo necesito antes del lunes",
 * "La necesitamos firmada como muy tarde el jueves": an ask whose object points back. A clitic
 * ("la necesito", "j'en ai besoin") carries its object, so nothing need follow it.
 */
const POINTS_BACK = new RegExp(
  String.raw`^(?:(?:and|also|please|bitte|y|et)\s+)?(?:if\s+you\s+(?:can\s+|could\s+)?|(?:can|could)\s+you\s+)?` +
    String.raw`(?:(?:(?:lo|la|los|las)\s+necesit\p{L}+|(?:lo|la|los|las)\s+quiero|j['’]en\s+ai\s+besoin|nous\s+en\s+avons\s+besoin|ich\s+brauche\s+(?:es|sie|das)|wir\s+brauchen\s+(?:es|sie|das))` +
    String.raw`|(?:(?:(?:i|we)(?:['’]d| would| will)?\s+need|(?:send|get|have|bring|return|submit|upload|hand in|turn in|finish|sign)|(?:venmo|zelle|paypal|pay|bizum)(?:\s+(?:me|us|@\S+))?|ich\s+brauche|wir\s+brauchen)` +
    String.raw`\s+(?:(?:me|us)\s+)?(?:it|that|them|this|those|these|das|es|sie|(?:your|any)\s+(?:comments|feedback|notes|thoughts|edits|changes|input|corrections))?))(?!\p{L})`,
  'iu',
);
/**
 * "The showroom needs the order by Wednesday", "I need the file by Thursday", "Necesitan saber a más
 * tardar el lunes", "Die Agentur braucht die Freigabe bis Freitag": a need told right after an undated
 * ask is that ask's deadline. "I need you to ..." and "we need to order ..." ask for something new.
 */
const NEED_AFTER_ASK =
  /^(?:(?:and|also|but|so|y|pero|und|aber|et|mais)\s+)?(?:[\p{L}'’]+\s+){0,3}?(?:needs?|necesit(?:o|a|as|amos|an|áis|aríamos|aría)|brauch(?:e|t|en)|ben[öo]tig(?:e|t|en)|(?:a|ont|avons|avez|ai)\s+besoin\s+d(?:e|u|es)?)(?:\s+(?:the|your|this|that|those|these|el|la|los|las|tu|tus|su|sus|der|die|das|den|deine|ihre|eure|le|la|les|votre|vos|ton|ta|tes|l['’])(?=[\s\p{L}])|\s+(?:to\s+know|to\s+have|saber|tener|recibir|wissen|savoir)(?!\p{L}))/iu;
/** "..., en cuanto lo tengas, y como tarde el 8 de enero", "as soon as you have it, and by Friday at the latest". */
const ONCE_YOU_HAVE_IT =
  /^(?:(?:and|y|und|et)\s+)?(?:en\s+cuanto|tan\s+pronto\s+como|apenas|as\s+soon\s+as|once|sobald|d[èe]s\s+que)\s+(?:lo|la|los|las|you|it|du|ihr|sie|es|tu|vous|l['’])\s*\p{L}+/iu;
function pointsBack(clause: string): boolean {
  const c = clause.trim();
  // "Envíanoslas como muy tarde el viernes 4": an imperative whose object is the pronoun joined to it.
  return (
    POINTS_BACK.test(c) ||
    ONCE_YOU_HAVE_IT.test(c) ||
    SPANISH_ENCLITIC.test(c) ||
    (NEED_AFTER_ASK.test(c) && !/\bneeds?\s+(?:you|someone|somebody|everyone)\b/i.test(c))
  );
}

/** Words around a day that say nothing else: "on", "by", "am", "antes del", "como muy tarde el", "au plus tard le". */
const DAY_WORDS =
  /(?<!\p{L})(?:at|on|the|from|to|by|before|until|no later than|due|am|um|zum|von|bis|sp[äa]testens|el|la|de|del|a las|antes|hasta|a m[áa]s tardar|como muy tarde|le|à|au|avant|au plus tard|d['’]ici)(?!\p{L})/giu;

/** "A) Tuesday, Dec 15 at 12:30", "Antes del 4 de diciembre.": a clause that is only a day (and an hour). */
export function onlyADate(clause: string, ctx: DateContext): boolean {
  let rest = clause.replace(/^\s*(?:[-*•]|\(?[a-z\d]{1,2}[.)])\s*/i, '');
  for (const m of findDates(rest, ctx)) rest = rest.replace(m.text, ' ');
  return contentWordCount(rest.replace(/[^\p{L}\s]/gu, ' ').replace(DAY_WORDS, ' ')) === 0;
}

/**
 * "2. The name of the person who will sign. I need that by Tuesday noon.": a later sentence of a list
 * entry that points back gives its day to the entry's errand instead of making one of its own.
 * Returns the task to keep (null when the day went to the entry's first task).
 */
export function dayForEntry(task: TextTask, clause: string, tasks: TextTask[], entryStart: number, ctx: DateContext): TextTask | null {
  const entry = tasks[entryStart];
  if (!entry || entryStart !== tasks.length - 1 || task.dueMs === null) return task;
  // "Confirmar el camión para el sábado 12. Necesitan saber a más tardar el lunes": the day the thing is
  // for is not the day to answer by; an earlier need is the errand's deadline.
  const earlierNeed = entry.dueMs !== null && task.dueMs < entry.dueMs && NEED_AFTER_ASK.test(clause.trim());
  if (entry.dueMs !== null && !earlierNeed) return task;
  // "1. El contrato firmado. Antes del 4 de diciembre.": a sentence that is only the day.
  if (!onlyADate(clause, ctx) && !pointsBack(clause)) return task;
  tasks[entryStart] = { ...entry, dueMs: task.dueMs, dueIsExact: task.dueIsExact };
  return null;
}

/** "... así que hazlo como muy tarde el viernes", "so please do it by Friday": the ask before, dated. */
const DO_IT = /(?<!\p{L})(?:hazlo|h[áa]ganlo|hacedlo|do it|do that|get it done|fais-le|faites-le|mach das|macht das)(?!\p{L})/iu;

/**
 * "Can you send me the report? I need it by Friday.", "¿Puedes llamar al restaurante? ... hazlo
 * como muy tarde el viernes": in prose too, a dated sentence that points back gives its day to the
 * undated ask before it in the paragraph. Returns the task to keep (null when the day went back).
 */
export function dayForAskBefore(task: TextTask | null, clause: string, paragraph: string, tasks: TextTask[], ctx: DateContext): TextTask | null {
  const last = tasks[tasks.length - 1];
  if (!last || last.dueMs !== null || !paragraph.includes(last.excerpt.slice(0, 40)) || last.excerpt === clause.trim()) return task;
  // "They want it Thursday arvo, so if you can get me your comments by 12pm Thursday ...": the ask after "so" points back.
  const after = clause.replace(/^[^,]{3,80},\s*(?:so|and|but|then)\s+/i, '');
  if (!pointsBack(after) && !DO_IT.test(clause)) return task;
  const day = findDates(after, ctx).find((m) => m.hasDay && !m.likelyPast);
  if (!day) return task;
  const exact = day.hasTime && !day.endOfDay;
  tasks[tasks.length - 1] = { ...last, dueMs: mentionStartMs({ ...day, hasTime: exact }, ctx, true), dueIsExact: exact };
  return null;
}

/**
 * "1. Final copy for the About page / Owner: Aisha / Due: Wed 2 Dec": a due line under a list entry
 * gives that entry's errand its day. True when the line was read so (and so makes nothing itself).
 */
export function dueLineOfEntry(line: Unit, above: Unit[], tasks: TextTask[], ctx: DateContext): boolean {
  const [field] = fieldsOf(line.text);
  const last = tasks[tasks.length - 1];
  if (!field || !DUE_LABEL.test(field.label) || !last || last.dueMs !== null) return false;
  if (!above.some((u) => u.paragraph === line.paragraph && u.listItem && u.text.includes(last.excerpt.slice(0, 40)))) return false;
  const due = findDates(field.value, ctx).find((m) => m.hasDay);
  if (!due) return false;
  const exact = due.hasTime && !due.endOfDay;
  tasks[tasks.length - 1] = { ...last, dueMs: mentionStartMs({ ...due, hasTime: exact }, ctx, true), dueIsExact: exact };
  return true;
}

/**
 * "Necesitaría el diseño final para el viernes. Y la factura proforma a más tardar el martes 8.", "I need
 * the floor plan by Friday. And the signed quote by Monday.": a noun phrase with its own deadline after an
 * ask continues that ask; the thing named is the errand.
 */
const ALSO_NEEDED =
  /^(?:and|also|plus|y|adem[áa]s|und|au[ßs]erdem|et|ainsi que)\s+(?:(?:also|tambi[ée]n|auch|noch|aussi)\s+)?((?:(?:the|your|a|an|el|la|los|las|tu|su|sus|die|der|das|den|eine?n?|le|les|votre|vos)\s+|l['’]\s*)\p{L}[\p{L}\p{N}'’ -]{2,60}?)\s*,?\s+(?:by|before|no later than|not later than|a m[áa]s tardar|como muy tarde|antes del?|para el|bis|sp[äa]testens|au plus tard|avant|d['’]ici)(?!\p{L})/iu;
export function alsoNeeded(clause: string, paragraph: string, tasks: TextTask[], ctx: DateContext): TextTask | null {
  const last = tasks[tasks.length - 1];
  // "... die finalen Texte bis Montag und die Freigabe ... bis spätestens Donnerstag": the sentence was cut at its "und".
  const cutAtAnd =
    last !== undefined &&
    new RegExp(`${escapeRegExp(last.excerpt.trim().slice(-20))}[\\s,]*(?:and|und|y|et)\\s+${escapeRegExp(clause.trim().slice(0, 20))}`, 'i').test(paragraph);
  const m = ALSO_NEEDED.exec(cutAtAnd ? `und ${clause.trim()}` : clause.trim());
  if (!m || !last || !ASKED_KINDS.has(last.kind) || !paragraph.includes(last.excerpt.slice(0, 40))) return null;
  const due = findDates(clause, ctx).find((x) => x.hasDay && !x.likelyPast && x.index > m[1].length);
  if (!due) return null;
  const exact = due.hasTime && !due.endOfDay;
  return {
    kind: last.kind,
    title: capitalise(finishTitle(m[1], 12)),
    excerpt: clause.trim(),
    dueMs: mentionStartMs({ ...due, hasTime: exact }, ctx, true),
    dueIsExact: exact,
    confidence: last.confidence,
    rule: last.rule,
  };
}

/** "Te he reservado cita", "I've booked you a slot": a booking told without what it is for. */
const BOOKED_ONLY =
  /^(?:(?:te|le|os|les)\s+(?:he|hemos)\s+(?:reservado|pedido|dado)|(?:i|we)(?:['’]ve| have)?\s+(?:booked|reserved)(?:\s+(?:you|for you))?|wir haben (?:ihnen|dir|euch))\s+(?:(?:una|un|a|an|einen)\s+)?(?:cita|hora|turno|appointment|slot|time|termin)\b/iu;
/** "- Renovación del certificado digital: ... Te he reservado cita el miércoles ...": the entry's label names the booking. */
export function namedByEntryLabel(ev: TextEvent, u: Unit): TextEvent {
  const label = u.listItem ? /^\s*(?:[-*•]\s*|\d{1,2}[.)]\s+)?([^:.!?]{3,60}):\s/u.exec(u.text) : null;
  return label && BOOKED_ONLY.test(ev.title.trim()) ? { ...ev, title: finishTitle(label[1].trim(), 10) } : ev;
}

/**
 * A mail about one event that gives its place or its length in a field of its own ("Location:
 * Lincoln Elementary" a few lines under the hours, "Durée prévue : 45 minutes" at the end): the
 * field belongs to that event. With several events or several such fields, which goes with which
 * is not known, and nothing is guessed. A length replaces only the one-hour default.
 */
export function withFields(events: TextEvent[], places: string[], durations: number[]): TextEvent[] {
  if (events.length !== 1) return events;
  let ev = events[0];
  if (places.length === 1 && !ev.location) ev = { ...ev, location: places[0], weak: { ...ev.weak, unreadPlace: false } };
  if (durations.length === 1 && !ev.allDay && ev.endMs - ev.startMs === 3600000) ev = { ...ev, endMs: ev.startMs + durations[0] * 60000 };
  return [ev];
}

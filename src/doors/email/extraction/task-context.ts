/**
 * What a task takes from the rest of the mail once everything is read: the event it is for, the
 * event it is due before, and which tasks the others make redundant.
 */
import { ASKED_KINDS, type TextTask } from './action-items.js';
import type { TextEvent } from './meetings.js';
import { subjectTopic } from './asks.js';
import { findDates, mentionStartMs, type DateContext } from './dates.js';
import { contentWordCount, finishTitle, stripListMarker } from './titles.js';

/** "Let us know if you're coming", "Geben Sie uns Bescheid, ob Sie kommen", "meldet euch ... an", "confirmad asistencia". */
const ATTENDANCE_ASK =
  /(?<!\p{L})(?:rsvp|how\s+many\s+(?:people|guests|of\s+you)|mit\s+wie\s+vielen\s+personen|wie\s+viele\s+personen|cu[áa]nt[oa]s\s+(?:personas|invitados|vendr[áa]n)|combien\s+de\s+personnes|(?:let|tell)\s+(?:\S+\s+){1,3}know\b[^.?!]{0,40}?\b(?:if|whether)|sign[\s-]+up|register|bescheid|meldet\s+euch|melden\s+sie\s+sich|melde\s+dich|anmeld\p{L}*|tragen\s+sie\s+sich|tragt\s+euch|trag\s+dich|eintrag\p{L}*|confirm\p{L}*\s+(?:\p{L}+\s+)?(?:asistencia|attendance|pr[ée]sence)|inscr[ií]b\p{L}*|inscri(?:vez|s-toi|re|ption)|inscripci[óo]n|registration|ap[úu]nt\p{L}*|(?:if|whether|ob|si)\s+(?:\p{L}+\s+){1,3}(?:attend\p{L}*|teilnehm\p{L}*|participe\p{L}*|particip\p{L}*|asist\p{L}*|venir|come|coming|kommen))(?!\p{L})/iu;

const words = (s: string) =>
  new Set(
    s
      .toLocaleLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 4),
  );

/** "Send out the bake sale sign-up sheet": making the sheet others sign is the organiser's errand, not an answer. */
const MAKES_THE_SHEET =
  /(?<!\p{L})(?:send out|sends out|create|make|print|post|set up|circulate|share|prepare|draft)\s+(?:the\s+|a\s+)?(?:[\p{L}-]+\s+){0,3}sign[\s-]?up\s+(?:sheets?|forms?|lists?)/iu;

/**
 * A dated ask to say whether you come, in a mail about one event, is about that event: its title
 * names it ("Geben Sie uns Bescheid, ob Sie kommen: Elternabend") unless it already does.
 */
function namedByTheirEvent(tasks: TextTask[], events: TextEvent[]): TextTask[] {
  // "Die Kita ist vom 24. Dezember bis 1. Januar geschlossen": a closure is no event anyone answers for.
  const attended = events.filter((e) => e.rule !== 'closedDay');
  return attended.length === 1 ? tasks.map((t) => namedByEvent(t, attended[0])) : tasks;
}

/** The same for an ask told right after its event, in a mail of several ("2. Die Versammlung ... Bitte teilen Sie uns bis ... mit, ob Sie teilnehmen"). */
export function namedByEvent(t: TextTask, event: TextEvent): TextTask {
  const named = words(event.title);
  return t.dueMs !== null &&
    t.dueMs <= event.startMs &&
    ATTENDANCE_ASK.test(t.excerpt) &&
    !MAKES_THE_SHEET.test(t.excerpt) &&
    ![...words(t.title)].some((w) => named.has(w))
    ? { ...t, title: finishTitle(`${finishTitle(t.title, 10)}: ${event.title}`, 16) }
    : t;
}

/** "Here are the dates we need your selections by:", "Die Fristen im Überblick": a sentence that announces deadlines. */
export const ANNOUNCES_DATES =
  /(?<!\p{L})(?:(?:the|these|our|your|key)\s+(?:\w+\s+)?(?:dates|deadlines|timeline)|due dates|(?:las|estas|nuestras)\s+fechas|(?:los|estos)\s+plazos|(?:die|diese|folgende)n?\s+(?:fristen|termine)|(?:les|ces)\s+(?:dates|[ée]ch[ée]ances))(?!\p{L})/iu;

const THE_FOLLOWING =
  /(?<!\p{L})(?:the following|(?:die|den|der)\s+folgenden|(?:los|las)\s+siguientes|(?:les|des)\s+\p{L}+\s+suivante?s)(?!\p{L})[^.!?]*:\s*$/iu;

/**
 * The undated sentence that announces a schedule of deadlines is not an errand of its own: the
 * dated entries right after it are.
 */
function withoutScheduleIntros(tasks: TextTask[]): TextTask[] {
  // "Below is the internal timeline for your resubmission (sponsor deadline February 16):": an aside's day does not make the intro an errand.
  // "... bitten wir Sie, uns die folgenden Unterlagen zu den genannten Terminen zukommen zu lassen:": the things follow, each with its day.
  const intro = (t: TextTask) => (ANNOUNCES_DATES.test(t.excerpt) || THE_FOLLOWING.test(t.excerpt)) && (t.dueMs === null || /:\s*$/.test(t.excerpt));
  // A table's rows (Due | What) are 'section' entries: the intro above them announces them just the same.
  const entry = (t: TextTask | undefined) => (t?.kind === 'schedule' || t?.kind === 'section' || t?.kind === 'deadline') && t.dueMs !== null;
  return tasks.filter((t, i) => !(intro(t) && entry(tasks[i + 1])));
}

/** "Please complete the online waiver before attending", "vor dem Termin", "avant la séance": due when the mail's one event starts. */
const BEFORE_THE_EVENT =
  /\b(?:before (?:attending|arriving|you (?:arrive|come|attend)|the (?:event|session|appointment|visit|class|meeting))|vor dem (?:termin|besuch|kurs)|vor (?:ihrem|deinem) (?:termin|besuch)|avant (?:la s[ée]ance|le rendez-vous|votre (?:venue|rendez-vous|visite))|antes de (?:la cita|la sesi[óo]n|venir|asistir|su (?:cita|visita)))\b/i;

/** "un RIB, au plus tard le jour de la signature", "collect the cake on the morning of Mam's party": due the day the mail's one event is. */
const ON_THE_EVENT_DAY =
  /(?<!\p{L})(?:le jour (?:de la|du|de l['’]|des)|(?:on )?the (?:day|morning|afternoon|evening|night) of(?: the)?|el d[íi]a de la|el d[íi]a del|am tag de[rs])\s*\p{L}{3,}/iu;

/** How a title says when ("..., au plus tard le jour de la signature"): cut, once the day is the event's. */
const WHEN_TAIL =
  /,?\s*(?:(?:au plus tard|at the latest|no later than|a m[áa]s tardar|sp[äa]testens)(?!\p{L})|(?:le jour|(?:on )?the (?:day|morning|afternoon|evening|night) of|el d[íi]a|am tag)(?!\p{L})).*$/iu;

/** "We'll need the kitchen cleared out the day before", "la veille", "el día anterior", "am Vortag": the day before the mail's one event. */
const DAY_BEFORE =
  /(?<!\p{L})(?:the (?:day|night|evening) before|el d[íi]a (?:anterior|antes)|la noche anterior|la veille|am vortag|am abend davor|am tag davor)(?!\p{L})/iu;

function dueBeforeTheEvent(tasks: TextTask[], events: TextEvent[]): TextTask[] {
  if (events.length !== 1 || events[0].allDay) return tasks;
  return tasks.map((t) => {
    if (t.dueMs !== null) return t;
    if (BEFORE_THE_EVENT.test(t.excerpt)) return { ...t, dueMs: events[0].startMs };
    if (DAY_BEFORE.test(t.excerpt)) return { ...t, dueMs: events[0].startMs - 86400000, dueIsExact: false };
    // The title keeps what to bring, not when ("Un RIB pour le versement du prix, au plus tard le jour ...").
    if (ON_THE_EVENT_DAY.test(t.excerpt)) return { ...t, dueMs: events[0].startMs, title: finishTitle(t.title.replace(WHEN_TAIL, ''), 14) };
    return t;
  });
}

const firstWord = (title: string) => title.toLowerCase().split(/[^\p{L}]+/u)[0] ?? '';

/**
 * "Book an appointment before December 31" and, under it, a link "Book online or call ...": an
 * undated bare imperative with the same verb as a dated task in the mail is the same errand again.
 */
function withoutUndatedEchoes(tasks: TextTask[]): TextTask[] {
  const datedVerbs = new Set(tasks.filter((t) => t.dueMs !== null).map((t) => firstWord(t.title)));
  return tasks.filter((t) => t.dueMs !== null || (t.kind !== 'imperative' && t.kind !== 'list') || !datedVerbs.has(firstWord(t.title)));
}

/**
 * "Open enrollment ... closes on Friday, December 11 at 5:00 PM" and "Complete your enrollment in
 * Workday by December 11": a deadline told as a fact and an ask about the same thing on the same
 * day are one errand, the ask.
 */
function withoutStatedDeadlines(tasks: TextTask[]): TextTask[] {
  const asked = tasks.filter((t) => ASKED_KINDS.has(t.kind) && t.dueMs !== null);
  if (!asked.length) return tasks;
  return tasks.filter((t) => {
    if (t.kind !== 'deadline' || t.dueMs === null) return true;
    const own = words(t.title);
    return !asked.some((a) => Math.abs(a.dueMs! - t.dueMs!) <= 18 * 3600000 && [...words(a.title)].some((w) => w.length >= 5 && own.has(w)));
  });
}

const MONEY = /(?<!\p{L})(?:money|cash|geld|dinero|plata|argent)(?!\p{L})/iu;
const COLLECTED_FOR =
  /(?<!\p{L})(?:collect\p{L}*|sammeln|sammelt|recaud\p{L}*|juntamos|cotis\p{L}*|collectons)(?!\p{L})[^.!?]{0,30}?(?<!\p{L})(?:for|für|para|pour)\s+(?:(?:the|a|das|den|die|el|la|los|las|le|la|les|un|une)\s+)?([^.,;!?]{3,50})/iu;
const NOT_A_MODIFIER =
  /^(?:the|this|that|these|those|your|our|their|his|her|its|my|any|each|every|one|new|old|same|other|attached|signed|completed|filled|printed|blank|paper|online)$/i;

/**
 * "... every student needs a signed permission slip ... Please return the slip by Friday": the thing
 * asked for, named as the sentence before named it ("Return the permission slip").
 */
export function namedAsBefore(t: TextTask, before: string): TextTask {
  // "Wir sammeln für das Weihnachtsgeschenk 5 € pro Kind. Bitte geben Sie das Geld ... ab": the money is for what was collected for.
  if (MONEY.test(t.title)) {
    const purpose = COLLECTED_FOR.exec(before)?.[1]
      ?.replace(/\s+\d.*$/u, '')
      .trim();
    return purpose ? { ...t, title: finishTitle(`${t.title}: ${purpose}`, 16) } : t;
  }
  // "Return the form: Note": a subject line added for want of an object goes once the object is named.
  const short = /^(\p{L}+(?:\s+\p{L}+)?\s+the)\s+(\p{L}{3,})(?::\s.*)?$/iu.exec(t.title);
  if (!short) return t;
  const noun = short[2];
  const named = new RegExp(`(?<!\\p{L})(\\p{L}{3,})\\s+${noun}(?!\\p{L})`, 'iu').exec(before);
  return named && !NOT_A_MODIFIER.test(named[1]) ? { ...t, title: `${short[1]} ${named[1].toLocaleLowerCase()} ${noun}` } : t;
}

/** The tasks as the whole mail reads them: echoes and schedule intros gone, dues before the event, asks named by it. */
export function inMailContext(tasks: TextTask[], events: TextEvent[]): TextTask[] {
  return namedByTheirEvent(dueBeforeTheEvent(withoutScheduleIntros(withoutStatedDeadlines(withoutUndatedEchoes(tasks))), events), events);
}

/** A deadline named by reference to the sentence before: "before then", "bis dahin", "avant cette date", "antes de esa fecha". */
export const THEN_REF =
  /\b(?:before|by|until) (?:then|that date|this date|that day|the same (?:date|day|deadline))\b|\bbefore (?:it|they|this|that) (?:expires?|ends?|closes?|runs? out)\b|\bvor (?:dem )?ablauf\b|\bavant (?:son |l['’])?(?:expiration|[ée]ch[ée]ance)\b|\bantes de que (?:caduque|venza|expire|termine)\b|\bbis dahin\b|\brechtzeitig\b|\bfristgerecht\b|\bdentro del plazo\b|\bdans les d[ée]lais\b|\bbis zu diesem (?:datum|tag|termin)\b|\bavant cette date\b|\bd['’]ici l[àa]\b|\bavant ce jour\b|\bantes de (?:esa|esta) fecha\b|\bpara entonces\b|\bhasta entonces\b|\bantes de ese d[íi]a\b/i;

/** "Your password expires on December 10. Please change it before then.": the day of the sentence before. */
export function thenDue(task: TextTask, previous: string, subject: string, ctx: DateContext): TextTask {
  const days = previous ? findDates(previous, ctx).filter((x) => x.hasDay && !x.likelyPast) : [];
  const m = days[days.length - 1];
  if (!m) return task;
  // "vom 1. Dezember bis 15. Januar möglich ... fristgerecht": a range's last day.
  const last = m.endDay ? { ...m, ...m.endDay } : m;
  let title = finishTitle(task.title.replace(THEN_REF, ' ').replace(/\s+(?:too|as well)\s*$/i, ''), 14);
  if (contentWordCount(title) < 2 && subject) title = finishTitle(`${title}: ${subjectTopic(subject)}`, 16);
  return {
    ...task,
    title,
    excerpt: `${previous} ${task.excerpt}`,
    dueMs: mentionStartMs({ ...last, hasTime: last.hasTime && !last.endOfDay && !m.endDay }, ctx, true),
  };
}

/**
 * "PTA Board Meeting - Thursday, December 3" atop the minutes of that meeting: a dated line whose words
 * are all the subject's, on the mail's own day or before, is the mail's heading, not an errand.
 */
export function headsTheMail(task: TextTask, subject: string, ctx: DateContext): boolean {
  if (task.dueMs === null || task.dueMs > ctx.refMs + 86400000) return false;
  const words = (t: string) => t.toLowerCase().match(/\p{L}{3,}/gu) ?? [];
  const said = new Set(words(subject));
  const own = words(task.title);
  return own.length > 0 && own.every((w) => said.has(w));
}

/** "el plazo vence", "the deadline is", "die Frist endet", "la date limite est": a deadline that names no errand of its own. */
const BARE_DEADLINE = /^(?:(?:el|the|die|la|le)\s+)?(?:plazo|deadline|frist|d[ée]lai|date limite|fecha l[íi]mite|due date|cut-?off)(?:\s+\p{L}+)?$/iu;

/**
 * "Subir las facturas al portal; el plazo vence el 15 de diciembre": a bare deadline dates the errand
 * just asked in its sentence (the last of `tasks`, replaced there) and makes none of its own. Without
 * that errand read ("Sube los partes al portal; ..."), the words before it name the task.
 */
export function bareDeadline(task: TextTask, tasks: TextTask[], sentence: string, clause: string): TextTask | null {
  if (task.dueMs === null || !BARE_DEADLINE.test(task.title.trim())) return task;
  const asked = tasks[tasks.length - 1];
  if (asked?.dueMs === null && sentence.includes(asked.excerpt.slice(0, 40))) {
    tasks[tasks.length - 1] = { ...asked, dueMs: task.dueMs, dueIsExact: task.dueIsExact };
    return null;
  }
  const before = sentence.slice(0, Math.max(0, sentence.indexOf(clause))).replace(/[\s;,:]+$/, '');
  return contentWordCount(before) >= 2 ? { ...task, title: finishTitle(stripListMarker(before), 12) } : task;
}

/** Meetings in text: a date and time with meeting words (or a When/Date/Time block) -> events. */
import { REMINDER_LEAD, remindsOfAppointment } from './reminded.js';
import { CONFIDENCE, type ConfidenceRule } from './confidence.js';
import { firstSentence, withNextSentenceTime } from './next-sentence.js';
import {
  appointmentAtPlace,
  INVITED,
  invitedTo,
  PROPOSED,
  PROPOSED_HOUR,
  visitorComes,
  notOneEvent,
  visitTitle,
  withOccasion,
  withWhose,
  OPEN_UNTIL,
  INVITING_VERB,
  meetingPurpose,
  visitPurpose,
  BOOKED_YOU,
  WORK_TOGETHER,
  workTitle,
} from './event-cues.js';
import { sameWeekdayBefore, weekdayAlone } from './weekdays.js';
import { findDates, mentionEndMs, mentionStartMs, type DateContext, type DateMention } from './dates.js';
import { eventEndMs, LENGTH_BEFORE, toldEnd, statedDurationMinutes } from './durations.js';
import { GENERIC_LABEL, happening, hostedEvent, leadsIn, nounPhrase } from './statements.js';
import { germanActivity } from './german-activity.js';
import { findLocation, WHERE_LABEL_WORD, isTimeZoneName, meetingPoint, placeAfter, venueHolding } from './places.js';
import { DEADLINE_LABEL } from './schedule.js';
import { isDeadlineMention } from './deadline-mention.js';
import { subjectEventTitle, subjectTitle } from './subject.js';
import { capitalise, finishTitle, stripDeterminers, stripLeadIns, stripListMarker } from './titles.js';
import { hasMeetingWord, MEETING_WORD, meetingPhrase } from './meeting-words.js';

const ALL_DAY = /\b(full[- ]day|all[- ]day|whole day|entire day|todo el día|ganztägig|den ganzen tag|toute la journée)\b/i;
/**
 * Happenings that last the day by what they are: a named day ("picture day", "sports day", "open
 * day", "Projekttag", "journée portes ouvertes"), a trip or an outing. Dated without an hour, they
 * are all-day events.
 */
const DAY_LONG =
  /(?<![\p{L}-])(?:(?!(?:the|a|an|no|next|that|this|each|every|per|one|same|whole|all|full|working|business|school|week|long|other|first|last|following|previous|any|some|which|what|your|our|their|my|his|her|its|of|on|for|in|to|by)\s)\p{L}{3,}\s+day|(?:day|field|school|class|ski)\s+trip|excursion|outing|ausflug|wandertag|projekttag|sporttag|klassenfahrt|exkursion|excursi[óo]n|salida escolar|jornada\s+(?:de|deportiva|cultural)|journ[ée]e\s+(?:de|des|du|portes|sportive|p[ée]dagogique)|sortie\s+(?:scolaire|au|à|en))(?!\p{L})/iu;
const COPULA =
  /\s+(?:is|are|will be|would be|will take place|takes place|is scheduled|has been scheduled|findet|wird|ist|sind|wäre|beginnt|es|serán?|ser[íi]an?|serait|tendrán? lugar|se realizarán?|se celebrarán?|se llevarán? a cabo|est|auront lieu|aura lieu|ont lieu|a lieu|seront|sera|se dérouleront|se déroulera|se deroulera|se tiendront|se tiendra|sont|se r[ée]uni(?:ra|ront|t)|se reunir[áa]n?|tagt|qued[óo] (?:para|fijad[ao])|queda (?:para|fijad[ao])|est[áa] (?:fijad[ao]|programad[ao]|agendad[ao]) para|is set for|is booked for)(?!\p{L})/iu;
/** A field that says when something starts: "Kursbeginn:", "Course start:", "Inicio del curso:", "Début des cours :". */
export const START_LABEL = `kursbeginn|kursstart|course start|course starts|start date|first (?:session|class|lesson|meeting)|inicio(?: del curso)?|comienzo(?: del curso)?|primera (?:clase|sesi[óo]n)|d[ée]but(?: des cours| du cours| de la formation)?|premier cours|premi[èe]re s[ée]ance|erster (?:termin|kurstag|kursabend)`;
/** "Slot:", "Créneau :", "Franja horaria:", "Zeitfenster:": the booked time of a sign-up. */
export const SLOT_LABEL = String.raw`(?:time\s+)?slot|your slot|cr[ée]neau|franja(?: horaria)?|zeitfenster|zeitslot`;
const WHEN_FIELD = new RegExp(`^(?:when|date|time|fecha|hora|cu[áa]ndo|datum|uhrzeit|zeit|wann|heure|quand|${START_LABEL}|${SLOT_LABEL})$`, 'i');
const KV_LINE = new RegExp(
  String.raw`^\s*(?:[-*•]\s*)?(when|date|time|where|location|address|place|venue|meeting point|treffpunkt|punto de encuentro|point de rendez-vous|with|duration|length|fecha|d[íi]a|hora|lugar|d[óo]nde|ubicaci[óo]n|direcci[óo]n|cu[áa]ndo|duraci[óo]n|datum|uhrzeit|zeit|wann|ort|wo|standort|adresse|dauer|heure|lieu|emplacement|quand|o[ùu]|dur[ée]e|${START_LABEL}|${SLOT_LABEL})\s*(?::|\|)\s*(.+)$`,
  'i',
);

export interface TextEvent {
  title: string;
  excerpt: string;
  startMs: number;
  endMs: number;
  allDay: boolean;
  location: string | null;
  confidence: number;
  /** Which rule found it (the CONFIDENCE key of its base level): read by the item model (item-model.ts). */
  rule?: ConfidenceRule;
  /** Weaker evidence, lowered in the calibration: the title came from the subject line, the hours from the next sentence. */
  weak?: { subjectTitle?: boolean; nextSentenceTime?: boolean; unreadPlace?: boolean };
}

const marker = (length: number) => ' \u0000 '.padEnd(length, ' ').slice(0, length);

/** Each mention replaced by a marker of the same length, in one pass (not one copy of the text per mention). */
function blankOut(text: string, all: DateMention[]): string {
  // A day and an hour read as one keep the words between them (the event's name may be there).
  const mentions = all.flatMap((m) =>
    m.gap && m.gap.index > m.index && m.gap.end < m.end
      ? [
          { ...m, end: m.gap.index },
          { ...m, index: m.gap.end },
        ]
      : [m],
  );
  const sorted = [...mentions].sort((a, b) => a.index - b.index);
  const parts: string[] = [];
  let at = 0;
  for (const m of sorted) {
    if (m.index < at) {
      // Overlapping mentions (rare): the later one is written over the earlier, as it always was.
      let out = text;
      for (const x of mentions) out = out.slice(0, x.index) + marker(x.end - x.index) + out.slice(x.end);
      return out;
    }
    parts.push(text.slice(at, m.index), marker(m.end - m.index));
    at = m.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}

const INTRO =
  /^((?:nous avons le plaisir de vous (?:convoquer|inviter)|we are (?:pleased|happy) to invite you|tenemos el placer de (?:convocarle|invitarle)s?)\s+(?:à|to|a)\s+|(as (discussed|agreed|promised|mentioned)|like we said|comme convenu|comme prévu|como acordamos|como quedamos|wie besprochen|wie vereinbart|good news|great news|reminder|fyi)\s*[,:]\s*|(hi|hello|hey|dear|good (?:morning|afternoon|evening)|hola|buen(?:os|as) (?:d[íi]as|tardes|noches)|estimad[oa]s?|querid[oa]s?|hallo|guten (?:tag|morgen|abend)|liebe[rs]?|sehr geehrte[rs]?|bonjour|bonsoir|cher|ch[èe]re|chers)(\s+[\p{L}.'’-]+){0,3}\s*[,:!]\s*)/iu;
/** A named place after the event's name ("Nikolausfeier in der Turnhalle", "dinner at Joe's"): the place, not the name. */
const PLACE_AFTER_TITLE = /\s+(at|in|en|à|chez|bei|im|beim|au|dans)\s+(the\s+|our\s+|der\s+|dem\s+|el\s+|la\s+|le\s+|l['’])?[\p{Lu}][^,.;()]*$/u;
const PURPOSE = /\b(for|about|to discuss|to review|to go over|regarding|re|pour|para|für|zur|zum|sobre|concernant)\b\s+[^\u0000]*/i;

/** "the annual inspection is", "Die Mitgliederversammlung ist", "our party is": a noun phrase, not a pronoun, and its copula. */
const NAMED_EVENT_OPENS =
  /^\s*(?:our|your|the|this year['’]s|unser\p{L}*|eure?|die|der|das|nuestr[oa]s?|vuestr[oa]s?|el|la|los|las|notre|nos|votre|le|la|les)\s/iu;

function statesWhatHappens(text: string): boolean {
  const cop = COPULA.exec(text);
  if (!cop || cop.index === 0) return false;
  const before = text.slice(0, cop.index).trim();
  return /\p{L}{3}/u.test(before) && !PRONOUN_TITLE.test(before) && before.split(/\s+/).length <= 10;
}

function titleFrom(clause: string, mentions: DateMention[], subject: string): string {
  const lead = clause.length - stripListMarker(clause).length;
  const blanked =
    ' '.repeat(lead) +
    blankOut(clause, mentions)
      .slice(lead)
      .replace(INTRO, (m) => ' '.repeat(m.length))
      // "... booked you in for the final measure on ...": what follows names the booking ("Te he reservado cita el ..." names none).
      .replace(BOOKED_YOU, (m, at: number, all: string) =>
        /^\s*(?:(?:el|la|le|the|on|am|for|para|pour)\s+)*\u0000/i.test(all.slice(at + m.length)) ? m : ' '.repeat(m.length),
      )
      // "No te olvides del turno ...", "Vergiss deinen Termin am ... nicht": the reminder is no part of the name.
      .replace(REMINDER_LEAD, (m) => ' '.repeat(m.length))
      .replace(/(?<=\S)\s+nicht(?=\s*[.!]?\s*$)/u, (m) => ' '.repeat(m.length));
  const firstMention = blanked.indexOf('\u0000');
  const label = /^\s*([^:]{2,60}?)\s*:\s+/.exec(blanked);
  // "Also a heads-up: the annual inspection is on ...", "Und nicht vergessen: Die Versammlung ist am ...":
  // what follows the colon says what happens, so the words before it only lead in.
  const afterLabel = label ? blanked.slice(label[0].length, firstMention < 0 ? undefined : firstMention) : '';
  // "Time to celebrate: our end-of-season party is Sunday ...": after the colon an event is named by its
  // noun phrase, so whatever the words before it say, they only lead in.
  const namedAfter = label !== null && NAMED_EVENT_OPENS.test(afterLabel) && MEETING_WORD.test(afterLabel.slice(0, COPULA.exec(afterLabel)?.index ?? 0));
  // "Alors c'est décidé : on fait le réveillon chez nous le ...": or names the gathering it holds.
  const leadIn = label !== null && (leadsIn(label[1].trim()) || namedAfter) && (statesWhatHappens(afterLabel) || MEETING_WORD.test(afterLabel));
  if (label && !leadIn && (firstMention < 0 || label.index + label[0].length <= firstMention + 2)) {
    // "Team dinner is booked: Friday 12/11": the label's subject, not its verb.
    const l = label[1].trim().replace(/\s+(?:is|are|has been|have been|ist|sind|wurde|est|a été|es|está|ha sido)\s+\p{L}+$/iu, '');
    if (!GENERIC_LABEL.test(l) && !/\u0000/.test(l)) return finishTitle(l, 8);
  }
  let body = blanked.replace(/^\s*[^:]{2,30}:\s+/, (m) => (leadIn || GENERIC_LABEL.test(m.replace(/:\s*$/, '').trim()) ? '' : m));
  body = body.replace(/^(?:we|i|they|you)\s*(?:['’]re|are|['’]ll|will|['’]m|am)\s+(?=\p{L}+ing\b)/iu, '');
  body = stripLeadIns(
    body.replace(
      /^(confirming|confirmed|just confirming|reminder that|save the date|we (are pleased to )?confirm|this is to confirm|(le|te|les|os) (confirmamos|recordamos)( que)?|(hiermit )?(best[äa]tigen|erinnern) wir( ihnen| dir)?|nous (vous )?(confirmons|rappelons)( que)?)\s*:?\s*/i,
      '',
    ),
  );
  // "Si está todo bien, la firma del contrato sería el ...": the condition leads in; what follows names the event.
  body = body.replace(/^\s*(?:si|if|wenn|falls)\s[^,\u0000]{1,60},\s*/iu, '');
  const cop = COPULA.exec(body);
  if (cop && cop.index > 0) {
    const subjectPart = stripDeterminers(
      body
        .slice(0, cop.index)
        .replace(/\u0000/g, ' ')
        .trim(),
    );
    // "You are invited to our gala": a pronoun or a person is not what happens; the event's noun phrase is.
    const personal = PRONOUN_TITLE.test(subjectPart) || /^(you|we|i|they|usted|ustedes|vous|nous|sie|wir|ihr)$/i.test(subjectPart);
    // "Attached are the materials for the board meeting": what the clause is about is the meeting.
    // "Presentations will be held during the final exam slot": a verb of happening makes its subject the event.
    const heldVerb =
      /held|take[sn]? place|scheduled|findet|tendr[áa]n? lugar|se celebrar|aur?ont lieu|aura lieu|se tiendr|se d[ée]roul/i.test(cop[0]) ||
      /^\s*held\b/i.test(body.slice(cop.index + cop[0].length));
    const elsewhere = !heldVerb && !MEETING_WORD.test(subjectPart) && meetingPhrase(body.slice(cop.index)) !== null;
    // "am <day> findet ... statt": a preposition and the blanked day before the verb are no subject.
    if (/\p{L}{3}/u.test(subjectPart) && subjectPart.split(/\s+/).length <= 10 && !(personal && meetingPhrase(body)) && !elsewhere)
      return finishTitle(subjectPart, 10);
  }
  const purpose = meetingPurpose(body) ?? workTitle(body);
  if (purpose) return purpose;
  let rest = body
    .replace(
      /^(let's|let us|lets|could we|can we|shall we|we should|we['’]ll|we will|vamos a|lass uns|on pourrait)\s+(do\s+|have\s+|grab\s+|get\s+|set up\s+|schedule\s+)?/i,
      (m) => (/grab|get/i.test(m) ? 'grab ' : ''),
    )
    .replace(/^(our|the|a|an|your)\s+(quick\s+)?/i, (m) => (/quick/i.test(m) ? 'quick ' : ''))
    .replace(/\b\d+\s*(minutes?|mins?|hours?)\b/gi, ' ')
    .replace(PLACE_AFTER_TITLE, '');
  const parts = rest.split('\u0000');
  rest = (parts[0].trim() || rest.replace(/\u0000/g, ' ')).replace(/\s+(on|am|el|le|la|at|um|a las|à|the|for)\s*$/i, '');
  rest = rest.replace(/[\s,;]+$/, '').replace(PLACE_AFTER_TITLE, '');
  rest = rest.replace(/^(do|have|hold|set up|schedule|book|grab)\s+(a|an|the)\s+/i, '');
  if (parts.length > 1 && rest.split(/\s+/).length <= 2) {
    const purpose = PURPOSE.exec(parts.slice(1).join(' '));
    if (purpose) rest = `${rest} ${purpose[0].replace(/[,.;].*$/, '')}`;
  }
  rest = rest.replace(/\s+(on|am|el|le|at|um|a las|à|para|para el|pour|pour le|for|für)\s*$/i, '');
  const title = finishTitle(stripDeterminers(rest), 9);
  const phrase = meetingPhrase(blanked);
  const opening = title.split(' ').slice(0, 2).join(' ');
  if (MEETING_WORD.test(title) && (MEETING_WORD.test(opening) || !phrase)) return title;
  if (phrase) return phrase;
  if ((PROPOSED.test(clause) || BOOKED_YOU.test(clause) || REMINDER_LEAD.test(clause.trim())) && title) return title;
  const fromSubject = subjectTitle(subject)
    .replace(/[:\-–—]?\s*(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s.*$/i, '')
    .replace(/\s*[@(].*$/, '');
  // "on se cale un point mercredi", "we'll grab a call": the meeting noun says what kind, the subject what about.
  const noun = MEETING_WORD.exec(blanked)?.[0];
  if (fromSubject && noun && /^\p{L}{4,}$/u.test(noun) && !fromSubject.toLowerCase().includes(noun.toLowerCase()))
    return finishTitle(`${capitalise(noun.toLowerCase())}: ${fromSubject}`, 10);
  return finishTitle(fromSubject || title, 9);
}

/** A line that names something rather than says it: capitalised, no sentence end, no label colon. */
const HEADING = /^[\p{Lu}\d][^.!?:;,]*[^\s.!?:;,]$/u;

/** Events from "When:/Date:/Time:/Where:" blocks (confirmation mails, HTML reminder tables). */
export function structuredEvent(lines: string[], before: string, ctx: DateContext, subject: string): TextEvent | null {
  const kv = lines.map((l) => KV_LINE.exec(l)).filter((m): m is RegExpExecArray => m !== null);
  if (!kv.some((m) => WHEN_FIELD.test(m[1]))) return null;
  const whenText = kv
    .filter((m) => WHEN_FIELD.test(m[1]))
    .map((m) => m[2])
    .join(', ');
  const lasts = kv.find((m) => /^(duration|length|duraci[óo]n|dauer|dur[ée]e)$/i.test(m[1]));
  const mention = findDates(whenText, ctx).find((m) => m.hasDay && m.hasTime);
  if (!mention) return null;
  const startMs = mentionStartMs(mention, ctx, false);
  if (startMs < ctx.refMs - 3600000) return null;
  const where = kv.find((m) => WHERE_LABEL_WORD.test(m[1]));
  const withWho = kv.find((m) => /^with$/i.test(m[1]));
  const cop = COPULA.exec(before);
  // "Appointment: Hearing test", "Termin: Zahnreinigung", "Cita: Limpieza dental" above the fields: the booked service names it.
  const booked =
    /^\s*(?:appointment|appt|visit|service|treatment|termin|behandlung|leistung|cita|consulta|servicio|tratamiento|rendez-vous|rdv|prestation|soin)\s*:\s*(\p{L}[^\d\n]{2,80})$/iu.exec(
      before,
    );
  let title = booked?.[1].trim() ?? appointmentAtPlace(before) ?? meetingPhrase(cop ? before.slice(0, cop.index) : before) ?? meetingPhrase(before) ?? '';
  // "le passage de notre technicien pour le ramonage de votre conduit :" above the fields: what the visitor comes to do.
  if (!title) title = visitPurpose(before) ?? '';
  // "Topic: Vendor sync", "Betreff: ...", "Objet : ...": the line above names the event.
  const topic = /^\s*(?:topic|title|subject|event|meeting|thema|titel|betreff|asunto|tema|t[íi]tulo|evento|objet|sujet|titre)\s*:\s*(\S.{1,80})$/i.exec(before);
  if (!title && topic) title = topic[1].trim();
  // Calendars and booking pages print the event's name on a line of its own above its fields.
  if (!title && HEADING.test(before.trim()) && !INTRO.test(before.trim()) && before.trim().split(/\s+/).length <= 8) title = before.trim();
  if (!title) title = subjectEventTitle(subject).replace(/[:\-–—]\s*(mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s.*$/i, '');
  if (withWho && !/\bwith\b/i.test(title)) title = `${title} with ${withWho[2].replace(/\s*\(.*$/, '')}`;
  return {
    title: finishTitle(capitalise(title), 12),
    excerpt: [before, ...lines].join('\n').trim(),
    startMs,
    endMs: eventEndMs(mention, ctx, startMs, lasts ? `${whenText} ${lasts[2]}` : whenText),
    allDay: false,
    location: where && !isTimeZoneName(where[2]) ? where[2].trim() : null,
    confidence: CONFIDENCE.eventStructured,
    rule: 'eventStructured',
  };
}

/** An event in one clause: a day and time (or an all-day marker) with a meeting word, not a deadline. */

const UNREAD_PLACE =
  /(?:\b(?:at|in|au|dans|desde|im|beim|bei|chez)\b|(?<!\p{L})à l['’]|(?<!\p{L})à la\b|\ben (?:el|la)\b)\s+(?:the\s+|la\s+|el\s+|le\s+|der\s+)?[\p{L}]{3,}/iu;
/** Cheap test before any sentence reading: an event needs a digit or a day or month word. */
export const DATEISH =
  /\d|\b(mon|tue|wed|thu|fri|sat|sun|today|tomorrow|tonight|noon|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|lun|mi[ée]r|jue|vie|s[áa]b|dom|mañana|mont|diens|mittw|donn|frei|sams|sonn|morgen|mer|jeu|ven|sam|dim|demain|midi|mediod)/i;
export const RELATIVE_DAY = /\b(today|tonight|tomorrow|hoy|mañana|heute|morgen|aujourd'hui|demain)\b/i;
const PRONOUN_TITLE = /^(?:it|this|that|these|they|we|he|she|es|esto|eso|er|sie|das|dies|il|elle|ce|cela|ça|on|nous|wir|nos)\b/i;

export function clauseEvent(clause: string, paragraph: string, ctx: DateContext, subject: string): TextEvent | null {
  // "Open enrollment is open now through Friday, December 4": a window that closes, a deadline, not an event.
  if (notOneEvent(clause) || OPEN_UNTIL.test(clause)) return null;
  const meeting =
    hasMeetingWord(clause) ||
    INVITED.test(clause) ||
    PROPOSED.test(clause) ||
    visitorComes(clause) ||
    BOOKED_YOU.test(clause) ||
    remindsOfAppointment(clause, ctx) ||
    (WORK_TOGETHER.test(clause) && /\d/.test(clause));
  const activity = !meeting && ctx.lang === 'de' && DATEISH.test(clause) ? germanActivity(clause, findDates(clause, ctx)) : null;
  const happens = meeting || activity || !DATEISH.test(clause) ? null : happening(clause, ctx.lang);
  if (!meeting && !happens && !activity) return null;
  const mentions = findDates(clause, ctx);
  // Tested only when a date without a time needs it: the paragraph is read per clause otherwise.
  let allDay: boolean | undefined;
  const isAllDay = () => (allDay ??= ALL_DAY.test(paragraph));
  // Without a meeting word the date must be written as one (a month or weekday name, or a full date).
  const dateLike = (x: DateMention) => meeting || /\p{L}{3,}/u.test(x.text) || /\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}\.\d{1,2}\./.test(x.text);
  let m = mentions.find((x) => x.hasDay && (x.hasTime || isAllDay()) && !isDeadlineMention(clause, x) && !x.likelyPast && dateLike(x));
  let next = '';
  if (!m) {
    const day = mentions.find((x) => x.hasDay && !x.hasTime && !isDeadlineMention(clause, x) && !x.likelyPast && !RELATIVE_DAY.test(x.text) && dateLike(x));
    if (!day) return null;
    // "El sábado 12 celebramos el cumple ... a partir de las 17:00": the hour later in the same clause.
    m = withNextSentenceTime(day, clause.slice(day.end), ctx) ?? undefined;
  }
  if (!m) {
    const day = mentions.find((x) => x.hasDay && !x.hasTime && !isDeadlineMention(clause, x) && !x.likelyPast && !RELATIVE_DAY.test(x.text) && dateLike(x));
    if (!day) return null;
    const at = paragraph.indexOf(clause);
    next = at >= 0 ? firstSentence(paragraph, at + clause.length).slice(0, 300) : '';
    m = next ? (withNextSentenceTime(day, next, ctx) ?? undefined) : undefined;
    if (!m) {
      // No hour anywhere near: a happening that lasts the day is an all-day event.
      // "Fecha límite de pago de la excursión: ...": the day of a payment or a sign-up, not of the trip.
      if (!DAY_LONG.test(clause) || DEADLINE_LABEL.test(clause)) return null;
      m = day;
      next = '';
    }
  }
  if (m.hasTime && weekdayAlone(m.text)) m = sameWeekdayBefore(m, paragraph, clause, ctx);
  // The clause without its dates, and the sentence after it: each read by several of the steps below.
  const blanked = blankOut(clause, mentions);
  const sentenceAfter = firstSentence(paragraph, paragraph.indexOf(clause) + clause.length);
  // "vous convier à l'assemblée générale ...": what the clause invites to names it, also when the title
  // read otherwise still holds the inviting verb ("Vous convier à l'assemblée").
  const invited = invitedTo(blanked, ctx.lang);
  let title = activity ?? ((!hasMeetingWord(clause) && invited) || titleFrom(clause, mentions, subject));
  if (!activity && invited && hasMeetingWord(invited) && INVITING_VERB.test(title)) title = invited;
  let fromSubject = false;
  // "L'école organise son grand concert le ...": what the host puts on, not who hosts it.
  const hosted = happens ? null : hostedEvent(clause);
  if (hosted) title = finishTitle(capitalise(hosted), 10);
  if (happens) {
    const phrase = happens.named ? happens.subject : happens.subject ? nounPhrase(happens.subject, ctx.lang) : null;
    fromSubject = happens.motion || !phrase;
    title = fromSubject ? subjectEventTitle(subject) : finishTitle(capitalise(phrase!), 10);
  }
  // "On se retrouve", "We meet": a first-person plural verb names no event; the subject may.
  // So does "Let's do 7:30 at Nopalito" under "Re: dinner this weekend?".
  const timeOnly = !hasMeetingWord(clause) && PROPOSED_HOUR.test(clause) && hasMeetingWord(subject);
  if (timeOnly || (PRONOUN_TITLE.test(title) && (title.split(/\s+/).length <= 2 || /^(?:on|nous|wir|we|nos)\s/i.test(title)))) {
    title = subjectEventTitle(subject);
    fromSubject = true;
  }
  // "1) WATER SHUT-OFF: Water to the building will be shut off on ...": a heading in capitals names its entry.
  const heading = /^\s*(?:\(?[\da-z]{1,2}[.)]\s*)?([\p{Lu}\d][\p{Lu}\d\s&/'’-]{3,40}):\s/u.exec(clause)?.[1].trim() ?? '';
  if (/\p{Lu}{3}/u.test(heading) && !leadsIn(heading)) {
    title = finishTitle(capitalise(heading.toLocaleLowerCase()), 8);
    fromSubject = false;
  }
  const visit = visitTitle(clause, blanked, subject);
  if (visit) {
    fromSubject = visit.fromSubject;
    title = visit.title ?? title;
  }
  if (!fromSubject) title = withWhose(withOccasion(title, subject), clause);
  const weak: NonNullable<TextEvent['weak']> = { subjectTitle: fromSubject, nextSentenceTime: next !== '' };
  const location = findLocation(blanked) ?? (next ? findLocation(next) : null) ?? placeAfter(clause, m) ?? meetingPoint(sentenceAfter) ?? venueHolding(clause);
  // A place was named ("desde el Parque ...", "à l'auditorium ...") but not understood.
  if (!location) weak.unreadPlace = UNREAD_PLACE.test(blanked);
  if (!m.hasTime) {
    const startMs = Date.UTC(m.year, m.month - 1, m.day);
    if (startMs < ctx.refMs - 86400000) return null;
    return {
      title,
      excerpt: clause,
      startMs,
      endMs: startMs + 86400000,
      allDay: true,
      location,
      confidence: CONFIDENCE.eventAllDay,
      rule: 'eventAllDay',
      weak,
    };
  }
  const startMs = mentionStartMs(m, ctx, false);
  if (startMs < ctx.refMs - 3600000) return null;
  // "Can we grab 30 minutes on Monday at 11": the length asked for before the day.
  // "a 30-minute call", "una llamada de 30 minutos", "ein 20-minütiges Gespräch": the length told with the meeting's noun.
  const length = LENGTH_BEFORE.exec(clause.slice(0, m.index));
  const asked = length ? (length[4] ? `${length[4]} min` : length.slice(1).find(Boolean)) : '';
  const durationContext = `${asked} ${clause.slice(m.end)} ${/^\s*\d+\s*(min|hour)/i.test(sentenceAfter.trim()) || /\b(minutes?|hours?)\b.*\b(enough|should|will do)\b/i.test(sentenceAfter) || toldEnd(sentenceAfter) ? sentenceAfter : ''}`;
  // "It should take about 90 minutes.": the next sentence says how long it lasts.
  const stated = mentionEndMs(m, ctx);
  // "Students should arrive by 2:30. The recital runs about 90 minutes.": or the one after that.
  const after = paragraph.indexOf(clause);
  const lasts =
    stated !== null && stated > startMs
      ? null
      : (statedDurationMinutes(sentenceAfter.slice(0, 200)) ??
        (after >= 0 ? statedDurationMinutes(firstSentence(paragraph, after + clause.length + sentenceAfter.length).slice(0, 200)) : null));
  return {
    title,
    excerpt: clause,
    startMs,
    endMs: lasts ? startMs + lasts * 60000 : eventEndMs(m, ctx, startMs, durationContext),
    allDay: false,
    location,
    confidence: meeting ? CONFIDENCE.eventWithMeetingWord : CONFIDENCE.eventStatement,
    rule: meeting ? 'eventWithMeetingWord' : 'eventStatement',
    weak,
  };
}

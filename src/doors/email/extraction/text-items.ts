/** Reads cleaned body text for tasks and events (used when the mail has no invitation). */
import { CONFIDENCE } from './confidence.js';
import { ACTION_HEADING, ASKED_KINDS, clauseTask, type TextTask } from './action-items.js';
import { imperativeMood, listVerb } from './imperative-mood.js';
import { namedByAntecedent, opensWithPronoun, withAntecedent } from './antecedent.js';
import { introducesList, LIST_WORD, listHead } from './list-intros.js';
import { offersHelp, subjectTopic } from './asks.js';
import { stripBoilerplate } from './boilerplate.js';
import { findDates, mentionStartMs, type DateContext } from './dates.js';
import { findDurationMinutes } from './durations.js';
import { dayEntry, sameEventOtherDays } from './agenda.js';
import { calledOff, PROPOSED } from './event-cues.js';
import { isDeadlineMention } from './deadline-mention.js';
import { clauseEvent, DATEISH, SLOT_LABEL, START_LABEL, structuredEvent, type TextEvent } from './meetings.js';
import { hasMeetingWord } from './meeting-words.js';
import { withVideoLink } from './places.js';
import {
  announcedAbove,
  alsoNeeded,
  dayForAskBefore,
  dayForEntry,
  dueLineOfEntry,
  onlyADate,
  dayFromSentenceBefore,
  hourOnly,
  LABEL_DAY,
  namedByEntryLabel,
  namedBySubject,
  onThatDay,
  SHARED_PLACE,
  THAT_DAY,
  withoutReason,
  withFields,
  withSharedPlace,
} from './neighbours.js';
import { preparedFor } from './prepared-for.js';
import { withoutMovedFrom } from './reschedule.js';
import { closure, labelledHappening } from './statements.js';
import { capitalise, finishTitle, stripListMarker } from './titles.js';
import { DATE_FIRST_LINE, dueAtStatedHour, statesDueHour, dueByHour, excusesItself, NOTHING_TO_DO, occurrenceList, scheduleLine } from './schedule.js';
import { alsoInClause, handedOver } from './handed-over.js';
import { noteLines, spreadAsk } from './note-lists.js';
import { outingEvent, outingsNamedByPlace, withOuting } from './outings.js';
import { ANNOUNCES_DATES, bareDeadline, headsTheMail, inMailContext, namedAsBefore, namedByEvent, THEN_REF, thenDue } from './task-context.js';
import { subjectTitle } from './subject.js';
import { clausesOf, openingSentence, paragraphsOf, sentencesOf, unitsOf, type Unit } from './sentences.js';
import { dayOverItsLine, isTableRow, tableItems } from './tables.js';
import { dueOnWeekdayBefore } from './weekdays.js';

const KV = new RegExp(
  String.raw`^\s*(?:[-*•]\s*)?(when|date|time|where|location|address|place|venue|meeting point|treffpunkt|punto de encuentro|point de rendez-vous|with|duration|length|fecha|d[íi]a|hora|lugar|d[óo]nde|ubicaci[óo]n|direcci[óo]n|cu[áa]ndo|duraci[óo]n|datum|uhrzeit|zeit|wann|ort|objekt|liegenschaft|wo|standort|adresse|dauer|heure|lieu|emplacement|quand|o[ùu]|dur[ée]e|${START_LABEL}|${SLOT_LABEL})\s*(?::|\|)\s*\S`,
  'i',
);
/** A field that says when on its own ("When: Tue Dec 8, 10:00", "Quand : mardi 8 décembre 10:00") is enough for an event. */
const WHEN_KV = new RegExp(
  String.raw`^\s*(?:[-*•]\s*)?(?:when|wann|cu[áa]ndo|quand|time|date|fecha|d[íi]a|hora|datum|uhrzeit|zeit|heure|jour|${START_LABEL}|${SLOT_LABEL})\s*(?::|\|)`,
  'i',
);
const DURATION_KV =
  /^\s*(?:[-*•]\s*)?(?:(?:expected|estimated|approximate|voraussichtliche|ungef[äa]hre)\s+)?(?:duration|length|duraci[óo]n|dauer|dur[ée]e)(?:\s+(?:pr[ée]vue|estim[ée]e|estimada|aproximada|prevista))?\s*:/i;
const WHERE_KV =
  /^\s*(?:[-*•]\s*)?(?:where|location|venue|address|meeting point|lugar|d[óo]nde|ubicaci[óo]n|direcci[óo]n|punto de encuentro|ort|wo|standort|adresse|treffpunkt|lieu|o[ùu]|emplacement|point de rendez-vous|lieu de rendez-vous|objekt|liegenschaft)\s*(?::|\|)\s*(\S.*)$/i;
const CONDITIONAL_NOTHING =
  /\b(?:if|unless|si|wenn|falls|sofern)\b[^.!?\n]{2,80},\s*(?:then\s+)?(?:no action (?:is )?(?:needed|required)|nothing|keine aktion|no se requiere|aucune action)|(?:no action (?:is )?(?:needed|required)|nothing (?:to do|needed)|keine aktion (?:ist )?erforderlich|no se requiere ninguna acci[óo]n|aucune action n['’]est (?:n[ée]cessaire|requise))\s+(?:if|unless|si|wenn|falls|sofern|for those who)\b/i;
/**
 * Meeting notes mark each errand on its own line: "Action: Priya to update the checklist by Thu",
 * "AI: Tom - book the rooms", "TODO: ...", "Aufgabe: ...", "Acción: ...", "À faire : ...". The label
 * makes the line an action-item entry (owner first, then the verb and the day).
 */
const ACTION_LINE =
  /^\s*(?:[-*•]\s*)?(?:action(?:\s+item)?|ai|to-?do|follow-?up|aufgabe|ma(?:ß|ss)nahme|acci[óo]n|tarea|pendiente|t[âa]che|action\s+[àa]\s+mener|[àa]\s+faire)\s*:\s*(\S.*)$/i;

const LABEL_LINE =
  /^[ \t]*(when|where|your (?:slot|time slot|appointment|booking|reservation)|time slot|location|address|quand|où|lieu|adresse|emplacement|wann|ort|standort|cuándo|dónde|lugar|ubicación|dirección)[ \t]*:?[ \t]*\r?\n(?=[ \t]*\S)/gim;

const DECISIONS_HEADING =
  /^\s*(?:key\s+)?(?:decisions?(?:\s+made)?|decided|beschl[üu]sse|entscheidungen|decisiones(?:\s+tomadas)?|d[ée]cisions?(?:\s+prises)?)\s*:?\s*$/iu;

export interface TextItems {
  tasks: TextTask[];
  events: TextEvent[];
}

export function readText(body: string, ctx: DateContext, subject: string, bulk: boolean): TextItems {
  const cleanSubject = subjectTitle(subject);
  // Whether a schedule entry's words are an errand ("enviar a Contraloría las provisiones").
  const isErrand = (text: string) => listVerb(text, ctx.lang) || imperativeMood(text, ctx.lang);
  // Under "Below are the key dates:", "hier die Fristen:", an entry with an hour is due then unless it names a meeting.
  let datesAnnounced = false;
  const isDue = (text: string) => isErrand(text) || (datesAnnounced && !hasMeetingWord(text));
  const out: TextItems = { tasks: [], events: [] };
  // Where fields standing alone ("Location" / "Lincoln Elementary, Room 12" under a calendar's hours).
  const places: string[] = [];
  const durations: number[] = [];
  const sharedPlaces: string[] = [];
  // Calendars and booking pages put a field's label on its own line ("When" / "Wed Dec 9, 2:30pm"):
  // joined, it reads like the "When: ..." field it is.
  const segments = stripBoilerplate(body).map((s) => s.replace(LABEL_LINE, '$1: '));
  // "If you are enrolled in AutoPay, no action is needed": said on a condition, it excuses only those it names.
  // "Jan 15 - OSP submits to NSF (no action needed from you)": in brackets it excuses only its own line.
  // It excuses its own message only: the forwarder's note above it ("ask Priya if we still use the add-on") still asks.
  const excused = (s: string) => NOTHING_TO_DO.test(s.replace(/\([^()]*\)/g, ' ')) && !CONDITIONAL_NOTHING.test(s);
  for (const segment of segments) {
    if (excused(segment)) continue;
    const [segmentTasks, segmentEvents] = [out.tasks.length, out.events.length];
    const paragraphs = paragraphsOf(segment);
    const note = segments.length === 1 ? noteLines(segment, cleanSubject) : null;
    // A note to self is a list of errands, whatever each line's grammar: one entry per line.
    const units: Unit[] = note ? note.map((text) => ({ text, listItem: true, paragraph: 0 })) : unitsOf(paragraphs);
    // Each paragraph's text once, not rebuilt from every unit for every unit.
    const paragraphTexts: string[][] = paragraphs.map(() => []);
    for (const u of units) paragraphTexts[u.paragraph].push(u.text);
    const paragraphText = paragraphTexts.map((texts) => texts.join(' '));
    let sectionFrom = note ? 0 : -1; // paragraph index where an action section started
    let sectionDue: number | null = null;
    let introAsk: TextTask | null = null;
    let tasksAtIntro = 0;
    let lastSentence = '';
    let decisionsUntil = -1;
    // Whether the sentence before made an event: its day then belongs to that event, not to the next hour.
    let lastMadeEvent = false;
    let i = 0;
    while (i < units.length) {
      const u = units[i];
      if (!u.listItem) datesAnnounced = ANNOUNCES_DATES.test(u.text);
      // "These are your shifts:" over days with only an hour and a place: one event per day, named by the intro.
      if (!u.listItem && units[i + 1]?.listItem) {
        let j = i + 1;
        while (j < units.length && units[j].listItem) j++;
        const occurrences = occurrenceList(
          u.text,
          units.slice(i + 1, j).map((x) => x.text),
          ctx,
        );
        if (occurrences) {
          out.events.push(...occurrences);
          i = j;
          continue;
        }
      }
      const above = units[i + 1] ? announcedAbove(u.text, units[i + 1].text, ctx, subject) : null;
      if (above) {
        out.events.push(above);
        i += 2;
        continue;
      }
      // "call these tmrw:" over a list of people: one call per entry, each due when the intro says.
      const spread = !u.listItem && units[i + 1]?.listItem ? spreadAsk(u.text, ctx) : null;
      if (spread) {
        let j = i + 1;
        for (; j < units.length && units[j].listItem; j++) {
          const title = spread.titleOf(stripListMarker(units[j].text));
          out.tasks.push({
            kind: 'list',
            title,
            excerpt: `${u.text} ${units[j].text}`,
            dueMs: spread.dueMs,
            dueIsExact: false,
            confidence: CONFIDENCE.todoListEntry,
            rule: 'todoListEntry',
          });
        }
        i = j;
        continue;
      }
      // Meeting notes' "Decisions" list what was settled ("Ship 3.0 to 10% of users on Dec 14"), not who does what;
      // an event settled there ("Weihnachtsfeier am Donnerstag, 17.12.") still happens.
      if (DECISIONS_HEADING.test(u.text) && units[i + 1]?.listItem) {
        decisionsUntil = i + 1;
        while (decisionsUntil < units.length && units[decisionsUntil].listItem) decisionsUntil++;
        i++;
        continue;
      }
      const tasksBeforeUnit = out.tasks.length;
      if (ACTION_HEADING.test(u.text) || introducesList(u.text, units[i + 1]?.listItem === true)) {
        sectionFrom = u.paragraph;
        // "We need the following by December 18:": the entries under it are due then.
        sectionDue = deadlineIn(u.text, ctx);
        // "Please vote by Friday:" over a list of choices: when no entry is an errand, the intro is the ask.
        introAsk =
          sectionDue !== null
            ? clauseTask(
                { clause: (sentencesOf(u.text).pop() ?? u.text).replace(/:\s*$/, ''), subject: cleanSubject, inActionSection: false, listItem: false, bulk },
                ctx,
              )
            : null;
        const askTitle = introAsk?.title ?? '';
        // "The following items are due on December 8:": the list's own words name nothing; the subject does.
        if (introAsk && /^(?:the\s+)?following\b|^(?:folgende|los siguientes|las siguientes|les\s+\S+\s+suivant)/i.test(introAsk.title) && cleanSubject)
          introAsk = { ...introAsk, title: subjectTopic(cleanSubject) };
        tasksAtIntro = out.tasks.length;
        i++;
        // A list of things to send under a dated ask: one task, the ask, titled by what the list is.
        if (introAsk && listHead(u.text) && units[i]?.listItem) {
          const title = finishTitle(capitalise(askTitle.replace(LIST_WORD, ' ').replace(/\s+/g, ' ').trim()), 10);
          out.tasks.push({ ...introAsk, title });
          while (i < units.length && units[i].listItem) i++;
          sectionFrom = -1;
          sectionDue = null;
          introAsk = null;
        }
        continue;
      }
      const inSection = sectionFrom >= 0 && (u.listItem || u.paragraph <= sectionFrom + 1) && u.paragraph - sectionFrom <= 2;
      if (sectionFrom >= 0 && !inSection && !u.listItem) {
        sectionFrom = -1;
        sectionDue = null;
        if (introAsk && out.tasks.length === tasksAtIntro) out.tasks.push(introAsk);
        introAsk = null;
      }
      // Tables: an action-item table, or a When/Where table.
      if (isTableRow(u)) {
        let j = i;
        while (j < units.length && isTableRow(units[j])) j++;
        const table = tableItems(units.slice(i, j), units[i - 1], ctx, subject);
        out.tasks.push(...table.tasks);
        out.events.push(...table.events);
        i = j;
        continue;
      }
      if (dueLineOfEntry(u, units.slice(Math.max(0, i - 3), i), out.tasks, ctx)) {
        i++;
        continue;
      }
      // "Durée prévue : 45 minutes" on a line of its own.
      const lasts = DURATION_KV.test(u.text) ? findDurationMinutes(u.text) : null;
      if (lasts) durations.push(lasts);
      // "Date: ... / Time: ... / Location: ..." blocks.
      if (KV.test(u.text)) {
        let j = i;
        while (j < units.length && KV.test(units[j].text)) j++;
        const where = j - i === 1 ? WHERE_KV.exec(u.text) : null;
        if (where) places.push(where[1].trim());
        if (j - i >= 2 || WHEN_KV.test(u.text)) {
          const lines = units.slice(i, j).map((x) => x.text);
          const ev = structuredEvent(lines, units[i - 1]?.text ?? '', ctx, subject);
          if (ev) {
            out.events.push(ev);
            i = j;
            continue;
          }
        }
      }
      // A line that opens with its date is a schedule entry by its shape ("Sat Nov 21 - Home meet ..."); so is a day over its errand's line.
      const dateFirst = DATE_FIRST_LINE.test(u.text);
      if (excusesItself(u.text, dateFirst || u.listItem)) {
        i++;
        continue;
      }
      const paired = dateFirst ? null : dayOverItsLine(units, i, ctx, isDue);
      const dated = paired ?? (dateFirst ? scheduleLine(u.text, ctx, false, isDue) : null);
      if (dated) {
        if (dated.task && !headsTheMail(dated.task, cleanSubject, ctx)) out.tasks.push(dated.task);
        if (dated.event) out.events.push(dated.event);
        i += paired ? 2 : 1;
        continue;
      }
      // "Follow-up: Tuesday 8 December, 10:00–10:30, Liffey room": a label over a day and an hour is the follow-up meeting, not an action.
      const actionLine = ACTION_LINE.exec(u.text);
      const meetingAt = actionLine !== null && findDates(actionLine[1], ctx).some((m) => m.index === 0 && m.hasDay && m.hasTime);
      const entry =
        actionLine && !meetingAt
          ? clauseTask(
              {
                clause: actionLine[1].replace(/^([\p{Lu}][\p{L}.-]+)\s+[-–:]\s+/u, '$1 to '),
                subject: cleanSubject,
                inActionSection: true,
                listItem: true,
                bulk,
              },
              ctx,
            )
          : null;
      if (entry) {
        out.tasks.push(entry);
        i++;
        continue;
      }
      const before = out.tasks.length + out.events.length;
      const entryStart = out.tasks.length;
      const sentences = sentencesOf(u.text);
      const opening = openingSentence(sentences);
      for (const [nth, sentence] of sentences.entries()) {
        // "- Pick the grout color by Wednesday. Samples are on the shelf": a list entry's later
        // sentences explain its ask, unless they give a day ("1. La orden firmada. Antes del 4.").
        const listItem = u.listItem && (nth <= opening || findDates(sentence, ctx).some((m) => m.hasDay));
        const eventsBefore = out.events.length;
        for (const clause of clausesOf(sentence)) {
          // A closure ("will be closed on Friday") is read before the hours the same sentence may give ("close early at 3 PM").
          const closed = DATEISH.test(clause) && closure(clause) ? dayEntry(clause, ctx, lastSentence) : null;
          // "Der Kurs heute um 18.30 Uhr fällt aus": an agenda-like clause that calls its event off makes none either.
          // "Final report: Friday, December 4, by 5pm" is due then: nothing happens at that hour.
          const quiet = calledOff(clause) || dueByHour(clause);
          let ev =
            closed ??
            (quiet ? null : clauseEvent(withoutReason(clause), paragraphText[u.paragraph], ctx, subject)) ??
            (DATEISH.test(clause) && !quiet ? dayEntry(clause, ctx, lastSentence) : null);
          // "Friday works for me. Let's meet at the café at 10:30", "Saturday works! Let's do 7:30 at Nopalito": the hour's day is in the sentence before.
          if (!ev && lastSentence && !lastMadeEvent && (hasMeetingWord(clause) || PROPOSED.test(clause)))
            ev = dayFromSentenceBefore(clause, lastSentence, paragraphText[u.paragraph], ctx, subject);
          // A newsletter's programme ("Marché de Noël : samedi 12 décembre de 10h à 17h") informs; it invites no one in particular.
          if (ev && bulk && ev.rule === 'eventStatement' && labelledHappening(clause)) ev = null;
          if (ev) {
            // "Il sera rattrapé le mercredi 16": the pronoun's event is named by the sentence before.
            if (lastSentence && opensWithPronoun(clause)) ev = namedByAntecedent(ev, lastSentence, ctx);
            ev = namedByEntryLabel(ev, u);
            // "... tienes que venir a firmar en persona. Te he reservado cita el miércoles ...": coming is the appointment itself.
            for (let k = out.tasks.length - 1; k >= entryStart; k--)
              if (out.tasks[k].dueMs === null && COME_IN.test(out.tasks[k].excerpt) && u.text.includes(out.tasks[k].excerpt.slice(0, 30)))
                out.tasks.splice(k, 1);
            out.events.push(ev, ...sameEventOtherDays(ev, clause, ctx));
            const prepared = preparedFor(clause, ev, cleanSubject, ctx, bulk);
            if (prepared) out.tasks.push(prepared);
            continue;
          }
          // "Both shifts are at Riverside Food Bank, 300 Mill Lane": the place of every event listed.
          const shared = SHARED_PLACE.exec(clause);
          if (shared && !findDates(clause, ctx).some((x) => x.hasDay || x.hasTime)) {
            sharedPlaces.push(shared[1]);
            continue;
          }
          let task = clauseTask({ clause, subject: cleanSubject, inActionSection: inSection, listItem, bulk }, ctx);
          if (task && nth > opening && u.listItem) task = dayForEntry(task, clause, out.tasks, entryStart, ctx);
          else task = dayForAskBefore(task, clause, paragraphText[u.paragraph], out.tasks, ctx);
          task ??= alsoNeeded(clause, paragraphText[u.paragraph], out.tasks, ctx);
          if (!task && lastSentence) out.tasks.push(...handedOver(clause, lastSentence, ctx));
          // "A) Tuesday, Dec 15 at 12:30": an entry that is only a day and an hour is a choice offered, not an errand.
          if (task && u.listItem && onlyADate(clause, ctx)) task = null;
          if (task && task.dueMs === null && inSection && sectionDue !== null) task = { ...task, dueMs: sectionDue };
          // "Can you pick her up at 3:30 that day?": the hour of the day named in the sentence before.
          // "Wir ziehen am Samstag um. Könnt ihr ab 9 Uhr helfen?": an ask with only an hour takes the day of the sentence before.
          if (task && lastSentence && (THAT_DAY.test(clause) || hourOnly(clause, ctx))) task = onThatDay(task, clause, lastSentence, ctx);
          if (task && task.dueMs === null && THEN_REF.test(clause)) {
            // "Please pay the fee by Friday, December 4, and send us the title by then too": the day may be the same sentence's.
            // A second German ask ("und uns bis dahin ... mitzuteilen") was given back its "bitte" when split off.
            const before = sentence.slice(0, Math.max(0, sentence.indexOf(clause.replace(/^bitte\s+/i, ''))));
            task = thenDue(task, findDates(before, ctx).some((x) => x.hasDay) ? before : lastSentence, cleanSubject, ctx);
            // "Die Frist ... endet am 31. Dezember. Bitte reichen Sie die Unterlagen rechtzeitig ein.": one errand, already read.
            const prev = out.tasks[out.tasks.length - 1];
            // "Review and e-sign ... by December 15. Confirm the list of drivers by the same date.": two asks, two errands.
            if (prev && prev.dueMs === task.dueMs && lastSentence.includes(prev.excerpt) && !ASKED_KINDS.has(prev.kind)) {
              // "Fecha límite de pago: 14 de diciembre" then "realice el pago antes de esa fecha": the ask names the errand, the label only its day.
              if (prev.kind === 'schedule') out.tasks[out.tasks.length - 1] = task;
              task = null;
            }
          }
          if (task && lastMadeEvent) task = namedByEvent(task, out.events[out.events.length - 1]);
          if (task && lastSentence) task = offersHelp(task, lastSentence) ? null : namedAsBefore(task, lastSentence);
          if (task) task = withAntecedent(task, sentence.slice(0, sentence.indexOf(clause) + clause.length), lastSentence, cleanSubject);
          // A to-do list's entries are separate errands: an entry's weekday is not the day the entry above named.
          if (task && !u.listItem) task = dueOnWeekdayBefore(task, `${cleanSubject}. ${lastSentence}`, clause, ctx);
          if (task) task = bareDeadline(task, out.tasks, sentence, clause);
          if (task) out.tasks.push(task, ...alsoInClause(task, clause, ctx));
        }
        lastSentence = sentence;
        lastMadeEvent = out.events.length > eventsBefore;
      }
      // Nothing read as a sentence: a schedule entry ("Nov 30 - Intent to submit form")?
      if (out.tasks.length + out.events.length === before) {
        // Lines of a label and its day, two or more in a row, are a schedule without list marks.
        const inLabelBlock = LABEL_DAY.test(u.text) && (LABEL_DAY.test(units[i - 1]?.text ?? '') || LABEL_DAY.test(units[i + 1]?.text ?? ''));
        const entry = scheduleLine(u.text, ctx, inLabelBlock, isDue);
        if (entry?.task && !headsTheMail(entry.task, cleanSubject, ctx)) out.tasks.push(entry.task);
        if (entry?.event) out.events.push(entry.event);
      }
      if (i < decisionsUntil) out.tasks.length = tasksBeforeUnit;
      i++;
    }
    if (introAsk && out.tasks.length === tasksAtIntro) out.tasks.push(introAsk);
    if (statesDueHour(segment)) {
      const dueAt = dueAtStatedHour(segment, out.tasks.splice(segmentTasks), out.events.splice(segmentEvents), ctx);
      out.tasks.push(...dueAt.tasks);
      out.events.push(...dueAt.events);
    }
  }
  // A class's outing told over several lines (outings.ts).
  if (out.events.length <= 1) out.events = withOuting(out.events, outingEvent(segments.join('\n\n'), ctx, subject));
  const events = withVideoLink(
    namedBySubject(withSharedPlace(withFields(withoutMovedFrom(outingsNamedByPlace(out.events)), places, durations), sharedPlaces), cleanSubject),
    body,
  );
  // "we'll be back by 2:30 PM" read on the mail's own day, hours before it was sent: no deadline ahead.
  const ahead = out.tasks.filter((t) => t.dueMs === null || !t.dueIsExact || t.dueMs >= ctx.refMs - 3600000);
  return { tasks: inMailContext(ahead, events), events };
}

const COME_IN = /(?<!\p{L})(?:venir|come in|come by|come to the office|vorbeikommen|kommen|passer)(?!\p{L})/iu;
function deadlineIn(text: string, ctx: DateContext): number | null {
  const m = findDates(text, ctx).find((x) => x.hasDay && !x.likelyPast && isDeadlineMention(text, x));
  return m ? mentionStartMs({ ...m, hasTime: m.hasTime && !m.endOfDay }, ctx, true) : null;
}

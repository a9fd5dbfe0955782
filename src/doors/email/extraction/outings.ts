/**
 * A class or a club going out, told over several lines: the day in the sentence that announces it
 * ("Our class will visit the Discovery Center on Wednesday, December 9"), the hours in lines of their
 * own ("Buses leave school at 9:15 AM and we'll be back by 2:30 PM", "Départ : 8 h 45" / "Retour :
 * 14 h 30"). One event, from the departure to the return.
 */
import { statedPlace } from './appointments.js';
import { CONFIDENCE } from './confidence.js';
import { findDates, mentionStartMs, type DateContext, type DateMention } from './dates.js';
import { isDeadlineMention } from './deadline-mention.js';
import type { TextEvent } from './meetings.js';
import { OUTING, VISITED } from './neighbours.js';
import { findLocation } from './places.js';
import { sentencesOf } from './sentences.js';
import { outingWithPlace, subjectTitle } from './subject.js';
import { capitalise, finishTitle } from './titles.js';

const GOES =
  /(?<!\p{L})(?:visit|visits|will visit|will attend|go to|goes to|are going to|is going to|head to|ira|iront|irons|se rendr\p{L}*|nous rendrons|assistera|assisteront|visitera|visiteront|visitar[áa]n?|asistir[áa]n|asistiremos|acudir[áa]n|acudiremos|ir[áa]n?|iremos|vamos a|besuchen|besucht|fahren|f[äa]hrt)(?!\p{L})/iu;
const DEPARTS =
  /(?<!\p{L})(?:leave|leaves|leaving|depart|departs|departure|d[ée]part|partirons|partira|salida|salimos|saldremos|abfahrt|treffpunkt|treffen (?:wir )?uns|we(?:['’]ll| will)? meet|nos (?:encontramos|reunimos)|nous nous retrouverons|rendez-vous)(?!\p{L})/iu;
const RETURNS =
  /(?<!\p{L})(?:back|return|returns|returning|retour|rentrerons|regreso|regresamos|regresaremos|vuelta|volveremos|r[üu]ckkehr|zur[üu]ck|ankunft)(?!\p{L})/iu;

const GOES_TO = /^\s+(?:au|aux|à la|à l['’]|to the|to|a la|al|zum|zur|ins|in den|in die)\s+(.+?)[\s,]*$/iu;

/** What follows "salida pedagógica", "field trip": "al Museo Interactivo del Agua", "to the Science Center". */
const TO_PLACE =
  /^(?:\s+\p{Ll}+)?\s+(?:au|aux|à la|à l['’]|to the|to|a la|al|zum|zur|ins|in den|in die)\s+(\p{Lu}[\p{L}'’-]+(?:\s+(?:of|de|del|des|du|der|de la|the)?\s*\p{Lu}[\p{L}'’-]+){0,4})/u;

/** Where the outing goes: "una salida educativa al Planetario Galileo Galilei (Av. Sarmiento ...)", as matched after the outing's word. */
function goesTo(sentence: string): { outing: RegExpExecArray; to: RegExpExecArray } | null {
  const outing = OUTING.exec(sentence);
  const to = outing && TO_PLACE.exec(sentence.slice(outing.index + outing[0].length));
  return outing && to ? { outing, to } : null;
}

/** The outing named by where it goes, unless its name already says so. */
function namedByPlace(named: string, sentence: string): string {
  const where = goesTo(sentence);
  if (!where || named.toLowerCase().includes(where.to[1].split(' ')[0].toLowerCase())) return named;
  return capitalise(sentence.slice(where.outing.index, where.outing.index + where.outing[0].length + where.to[0].length));
}

/** The first hour written within a few words after a cue ("leave school at 9:15 AM", "Retour à l'école : 14 h 30"). */
function hourAfter(flat: string, cue: RegExp, from: number, ctx: DateContext): DateMention | null {
  // "realizarán una salida pedagógica ... Salida desde el colegio: 8:30 hrs.": the first cue with an hour after it.
  const cues = new RegExp(cue.source, 'giu');
  cues.lastIndex = from;
  for (let tries = 0; tries < 4; tries++) {
    const at = cues.exec(flat);
    if (!at) return null;
    const start = at.index + at[0].length;
    // "Departure: Friday, January 8 at 5:30 PM": a camp's lines may give each hour its own day.
    const hour = findDates(flat.slice(start, start + 50), ctx).find((m) => m.hasTime);
    if (hour) return hour;
  }
  return null;
}

export function outingEvent(text: string, ctx: DateContext, subject: string): TextEvent | null {
  const cleanSubject = subjectTitle(subject);
  const flat = text.slice(0, 4000).replace(/\s+/g, ' ');
  if (!OUTING.test(cleanSubject) && !OUTING.test(flat)) return null;
  let offset = 0;
  for (const sentence of sentencesOf(flat).slice(0, 30)) {
    const here = Math.max(offset, flat.indexOf(sentence, offset));
    offset = here + sentence.length;
    if (!OUTING.test(sentence) && !GOES.test(sentence)) continue;
    const day = findDates(sentence, ctx).find((m) => m.hasDay && !m.hasTime && !m.likelyPast && !isDeadlineMention(sentence, m));
    if (!day) continue;
    const leaves = hourAfter(flat, DEPARTS, here, ctx);
    if (!leaves) return null;
    const back = hourAfter(flat, RETURNS, here, ctx);
    const at = (m: DateMention) =>
      mentionStartMs({ ...(m.hasDay ? m : day), hasTime: true, hour: m.hour, minute: m.minute, zone: m.zone ?? day.zone, endTime: null }, ctx, false);
    const startMs = at(leaves);
    const endMs = back && at(back) > startMs ? at(back) : startMs + 3600000;
    // "ira au Musée de la civilisation le mardi 15", "go to the Science Museum on ...": where it goes, up to its day.
    const goes = GOES.exec(sentence);
    const to = goes && goes.index < day.index ? GOES_TO.exec(sentence.slice(goes.index + goes[0].length, day.index)) : null;
    const visited = VISITED.exec(sentence) ?? (to && /^\p{Lu}/u.test(to[1]) ? to : null);
    // "Circular 3º Primaria: salida al Museo de las Ciencias": the subject's part that names the outing.
    const subjectPart = outingWithPlace(cleanSubject, OUTING, flat);
    const named = subjectPart ? capitalise(subjectPart) : capitalise(OUTING.exec(sentence)?.[0] ?? cleanSubject);
    // "Salida pedagógica 4.º B" over "una salida pedagógica al Museo Interactivo del Agua": where it goes names it better.
    const title = namedByPlace(named, sentence);
    return {
      title: finishTitle(title, 12),
      excerpt: sentence,
      startMs,
      endMs,
      allDay: false,
      location:
        statedPlace(text) ??
        visited?.[1].replace(/\s+(?:le|la|les|el|on|am|the|à|a)$/i, '').trim() ??
        findLocation(sentence.replace(day.text, ' ')) ??
        goesTo(sentence)?.to[1] ??
        null,
      confidence: CONFIDENCE.eventStatement,
      rule: 'eventStatement',
      weak: { subjectTitle: OUTING.test(cleanSubject), nextSentenceTime: true },
    };
  }
  return null;
}

/** A line titled from the subject, or by the outing's own word ("Excursión 3.º A"), takes the outing's name. */
function renamed(told: TextEvent, outing: TextEvent): boolean {
  const first = (e: TextEvent) => e.title.split(/\s+/)[0].toLowerCase();
  return told.weak?.subjectTitle === true || first(told) === first(outing);
}

/**
 * The outing joined with what its lines made alone: nothing (the outing), the departure line as an
 * event (that one keeps its name and place and ends at the return), or a day-long event for want of
 * an hour (the departure and the return are its hours).
 */

export function withOuting(events: TextEvent[], outing: TextEvent | null): TextEvent[] {
  const [told] = events;
  if (!outing) return events;
  if (!told) return [outing];
  // "Salida del colegio: 8:30 h", "Departure from school": a line named by its leaving names no outing.
  if (told.startMs === outing.startMs && outing.endMs !== outing.startMs + 3600000) {
    // "Salida desde el colegio: 8:30 hrs.": the line says where the outing leaves from; the outing, where it goes.
    const departure = DEPARTS.test(told.title.split(/\s+/)[0]);
    return [
      {
        ...told,
        title: departure || renamed(told, outing) ? outing.title : told.title,
        endMs: outing.endMs,
        location: departure ? (outing.location ?? told.location) : (told.location ?? outing.location),
      },
    ];
  }
  if (told.allDay && told.startMs <= outing.startMs && outing.startMs < told.endMs)
    return [
      {
        ...told,
        title: renamed(told, outing) ? outing.title : told.title,
        allDay: false,
        startMs: outing.startMs,
        endMs: outing.endMs,
        location: told.location ?? outing.location,
      },
    ];
  // "We will hold a parent meeting on Tuesday, December 15" under a camp in January: two events, apart in time.
  if (!told.allDay && (told.endMs <= outing.startMs || told.startMs >= outing.endMs) && outing.endMs - outing.startMs > 3600000) return [told, outing];
  return events;
}

/** "Salida" from "realizaremos la salida al Planetario Galileo Galilei, de 9:00 a 12:30": a bare outing word is named by where it goes. */
const BARE_OUTING = /^(?:salida|excursi[óo]n|sortie|ausflug|exkursion|trip|field trip|outing|excursion)$/iu;
export function outingsNamedByPlace(events: TextEvent[]): TextEvent[] {
  return events.map((e) => (BARE_OUTING.test(e.title.trim()) ? { ...e, title: namedByPlace(e.title, e.excerpt) } : e));
}

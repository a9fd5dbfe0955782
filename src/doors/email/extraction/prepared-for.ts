/**
 * "Prepare three slides for the committee meeting on Monday 14 at 9:30", "Prepara el informe para la
 * reunión del lunes a las 10": an errand done for a meeting is due when the meeting starts. The clause
 * makes the meeting's event, and the errand before "for the meeting" is a task of its own.
 */
import { clauseTask, type TextTask } from './action-items.js';
import type { DateContext } from './dates.js';
import { imperativeMood } from './imperative-mood.js';
import { MEETING_WORD } from './meeting-words.js';
import type { TextEvent } from './meetings.js';
import { opensWithImperative } from './statements.js';
import { stripListMarker } from './titles.js';

const FOR_THE = /\s+(?:for|para|pour|f[üu]r)\s+(?:the|our|your|la|el|nuestra|le|la|notre|den|die|das|unsere?n?)\s+(?:[\p{L}-]+\s+){0,2}?(?=\p{L})/iu;

export function preparedFor(clause: string, ev: TextEvent, subject: string, ctx: DateContext, bulk: boolean): TextTask | null {
  const at = FOR_THE.exec(clause);
  if (!at || !MEETING_WORD.test(clause.slice(at.index + at[0].length, at.index + at[0].length + 40))) return null;
  const errand = stripListMarker(clause.slice(0, at.index)).trim();
  const verb = errand.replace(/^(?:please|bitte|por favor|merci de)\s+/i, '');
  if (!(opensWithImperative(verb) || imperativeMood(verb, ctx.lang))) return null;
  const task = clauseTask({ clause: errand, subject, inActionSection: false, listItem: false, bulk }, ctx);
  return task && task.dueMs === null ? { ...task, dueMs: ev.startMs, dueIsExact: !ev.allDay, excerpt: clause.trim() } : null;
}

/** Rows of a table (cells joined by " | " by html-text.ts): an action-item table's errands, or a When/Where table's one event. */
import { tableTasks, type TextTask } from './action-items.js';
import { findDates, type DateContext } from './dates.js';
import { structuredEvent, type TextEvent } from './meetings.js';
import { onlyADate } from './neighbours.js';
import { type ScheduleItem, scheduleLine } from './schedule.js';
import type { Unit } from './sentences.js';

export function isTableRow(u: Unit): boolean {
  return u.text.includes(' | ');
}

export function tableItems(table: Unit[], above: Unit | undefined, ctx: DateContext, subject: string): { tasks: TextTask[]; events: TextEvent[] } {
  const rows = table.map((u) => u.text);
  const tasks = tableTasks(rows, ctx);
  if (tasks) return { tasks, events: [] };
  const ev = structuredEvent(rows, above?.text ?? '', ctx, subject);
  return { tasks: [], events: ev ? [ev] : [] };
}

/**
 * "Fri 12/11" over "Submit open purchase orders to close or carry forward": a table of days and
 * errands (Due | What) flattened to lines, a day over each errand's line, read as "day - errand".
 * Two such pairs in a row at least, so a lone date line is not joined to whatever follows it.
 */
export function dayOverItsLine(units: Unit[], i: number, ctx: DateContext, asks: (text: string) => boolean): ScheduleItem | null {
  const aDay = (j: number) =>
    units[j] !== undefined && !units[j].listItem && onlyADate(units[j].text, ctx) && findDates(units[j].text, ctx).some((m) => m.hasDay);
  const what = units[i + 1];
  if (!what || !aDay(i) || aDay(i + 1) || !(aDay(i + 2) || aDay(i - 2))) return null;
  return scheduleLine(`${units[i].text} - ${what.text}`, ctx, false, asks);
}

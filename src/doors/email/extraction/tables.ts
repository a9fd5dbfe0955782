/** Rows of a table (cells joined by " | " by html-text.ts): an action-item table's errands, or a When/Where table's one event. */
import { tableTasks, type TextTask } from './action-items.js';
import type { DateContext } from './dates.js';
import { structuredEvent, type TextEvent } from './meetings.js';
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

/** Rows of a table (cells joined by " | " by html-text.ts): an action-item table's errands, or a When/Where table's one event. */
import type { TextTask } from './action-items.js';
import { CONFIDENCE } from './confidence.js';
import { findDates, mentionStartMs, type DateContext } from './dates.js';
import { structuredEvent, type TextEvent } from './meetings.js';
import { onlyADate } from './neighbours.js';
import { type ScheduleItem, scheduleLine } from './schedule.js';
import { finishTitle } from './titles.js';
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

/** Rows of a table with an Action/Task column (and optionally a Due column). */
function tableTasks(rows: string[], ctx: DateContext): TextTask[] | null {
  const header = rows[0].split(' | ').map((c) => c.trim().toLowerCase());
  const actionCol = header.findIndex((c) =>
    /^(action|action item|task|item|to-?do|what|acción|tarea|aufgabe|maßnahme|action à mener|tâche|description)$/.test(c),
  );
  if (actionCol < 0) return null;
  // "Due", "Target date", "Fecha límite", "Erledigen bis", "Date d'échéance": a column headed by a word of time.
  const dueCol = header.findIndex(
    (c, i) =>
      i !== actionCol &&
      (/^(by|bis|pour le)$/.test(c) ||
        /(?<!\p{L})(due|deadline|date|when|fecha|plazo|l[íi]mite|cu[áa]ndo|f[äa]llig|frist|termin|datum|wann|bis|[ée]ch[ée]ance|d[ée]lai|quand)(?!\p{L})/u.test(
          c,
        )),
  );
  const tasks: TextTask[] = [];
  for (const row of rows.slice(1)) {
    const cells = row.split(' | ').map((c) => c.trim());
    const action = cells[actionCol];
    if (!action) continue;
    const dueText = dueCol >= 0 ? (cells[dueCol] ?? '') : '';
    const due = dueText ? (findDates(dueText, ctx).find((m) => m.hasDay) ?? null) : null;
    tasks.push({
      kind: 'section',
      title: finishTitle(action.replace(/\s*\([^)]*\)/g, ''), 14),
      excerpt: cells.join(' | '),
      dueMs: due ? mentionStartMs({ ...due, hasTime: due.hasTime && !due.endOfDay }, ctx, true) : null,
      dueIsExact: Boolean(due?.hasTime),
      confidence: CONFIDENCE.actionItemListEntry,
      rule: 'actionItemListEntry',
    });
  }
  return tasks;
}

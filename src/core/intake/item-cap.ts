/**
 * At most INTAKE_MAX_ITEMS items per message (D22). When a message holds more, the most confident
 * are kept (ties: the earlier in the message), each list keeps its order, and the rest are counted
 * as dropped. Cancellations count as items too (each may delete an event); they are certain.
 */
import type { ExtractedItems } from './intake.js';

export function capItems(items: ExtractedItems, max: number): ExtractedItems & { dropped: number } {
  const already = items.dropped ?? 0;
  const total = items.tasks.length + items.events.length + items.cancellations.length;
  if (total <= max) return { ...items, dropped: already };
  const ranked = [
    ...items.cancellations.map((_, i) => ({ list: 'cancellations' as const, i, confidence: 1 })),
    ...items.events.map((e, i) => ({ list: 'events' as const, i, confidence: e.confidence })),
    ...items.tasks.map((t, i) => ({ list: 'tasks' as const, i, confidence: t.confidence })),
  ];
  // Array.prototype.sort is stable: equal confidence keeps the order above.
  ranked.sort((a, b) => b.confidence - a.confidence);
  const keep = { tasks: new Set<number>(), events: new Set<number>(), cancellations: new Set<number>() };
  for (const r of ranked.slice(0, max)) keep[r.list].add(r.i);
  return {
    ...items,
    tasks: items.tasks.filter((_, i) => keep.tasks.has(i)),
    events: items.events.filter((_, i) => keep.events.has(i)),
    cancellations: items.cancellations.filter((_, i) => keep.cancellations.has(i)),
    dropped: already + total - max,
  };
}

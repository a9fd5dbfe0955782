/**
 * Adds the read-only `recurrence` field (D17) to the tasks and events this door answers with
 * (their own routes and the records of the sync feed): the recurrence lines a calendar app wrote
 * over CalDAV, kept by the calendar module, read for the whole page in one query per type.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CalendarService } from '../../core/calendar/calendar.service.js';

type Rec = Record<string, unknown> & { id: string };
const ROUTES = /^\/api\/v1\/(tasks|events|sync)(\/|\?|$)/;

const isRecord = (v: unknown): v is Rec => !!v && typeof v === 'object' && typeof (v as Rec).id === 'string' && 'version_major' in (v as object);

/** The task and event records a response holds, by type. */
function recordsOf(route: string, data: unknown): Record<'task' | 'event', Rec[]> {
  const out: Record<'task' | 'event', Rec[]> = { task: [], event: [] };
  const list = Array.isArray(data) ? data : [data];
  if (route === 'sync') {
    for (const item of list as Array<{ type?: string; record?: unknown }>) {
      if ((item?.type === 'task' || item?.type === 'event') && isRecord(item.record)) out[item.type].push(item.record);
    }
  } else {
    out[route === 'tasks' ? 'task' : 'event'] = list.filter(isRecord);
  }
  return out;
}

export function attachRecurrence(app: FastifyInstance, calendar: CalendarService) {
  app.addHook('preSerialization', async (req: FastifyRequest, _reply, payload: unknown) => {
    const m = ROUTES.exec(req.url);
    if (!m || !payload || typeof payload !== 'object' || !('data' in payload)) return payload;
    const byType = recordsOf(m[1], (payload as { data: unknown }).data);
    for (const kind of ['task', 'event'] as const) {
      // Records read with their recurrence (the use cases' reads and lists) already carry it.
      const items = byType[kind].filter((i) => !('recurrence' in i));
      if (!items.length) continue;
      const lines = await calendar.recurrenceOf(
        kind,
        items.map((i) => i.id),
      );
      for (const item of items) item.recurrence = lines.get(item.id) ?? null;
    }
    return payload;
  });
}

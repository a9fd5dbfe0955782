/**
 * Adds the read-only `recurrence` field (D17) to the tasks and events their own routes answer with
 * when the use case did not read it (writes answer with the row they wrote): the recurrence lines a
 * calendar app wrote over CalDAV, kept by the calendar module, one query per type for a page. The
 * sync feed's records carry it already (their sources read it with the row).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CalendarService } from '../../core/calendar/calendar.service.js';

type Rec = Record<string, unknown> & { id: string };
const ROUTES = /^\/api\/v1\/(tasks|events)(\/|\?|$)/;

const isRecord = (v: unknown): v is Rec => !!v && typeof v === 'object' && typeof (v as Rec).id === 'string' && 'version_major' in (v as object);

export function attachRecurrence(app: FastifyInstance, calendar: CalendarService) {
  app.addHook('preSerialization', async (req: FastifyRequest, _reply, payload: unknown) => {
    const m = ROUTES.exec(req.url);
    if (!m || !payload || typeof payload !== 'object' || !('data' in payload)) return payload;
    const data = (payload as { data: unknown }).data;
    // Records read with their recurrence (the use cases' reads and lists) already carry it.
    const items = (Array.isArray(data) ? data : [data]).filter((i): i is Rec => isRecord(i) && !('recurrence' in i));
    if (!items.length) return payload;
    const lines = await calendar.recurrenceOf(
      m[1] === 'tasks' ? 'task' : 'event',
      items.map((i) => i.id),
    );
    for (const item of items) item.recurrence = lines.get(item.id) ?? null;
    return payload;
  });
}

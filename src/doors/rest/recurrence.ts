/**
 * Adds the read-only `recurrence` field (D17) to the tasks and events this door answers with: the
 * recurrence lines a calendar app wrote over CalDAV, kept by the calendar module, read for the
 * whole page in one query.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CalendarService } from '../../core/calendar/calendar.service.js';

type Rec = Record<string, unknown> & { id: string };
const KIND = /^\/api\/v1\/(tasks|events)(\/|\?|$)/;

const isRecord = (v: unknown): v is Rec => !!v && typeof v === 'object' && typeof (v as Rec).id === 'string' && 'version_major' in (v as object);

export function attachRecurrence(app: FastifyInstance, calendar: CalendarService) {
  app.addHook('preSerialization', async (req: FastifyRequest, _reply, payload: unknown) => {
    const m = KIND.exec(req.url);
    if (!m || !payload || typeof payload !== 'object' || !('data' in payload)) return payload;
    const data = (payload as { data: unknown }).data;
    const items = (Array.isArray(data) ? data : [data]).filter(isRecord);
    if (!items.length) return payload;
    const lines = await calendar.recurrenceOf(m[1] === 'tasks' ? 'task' : 'event', items.map((i) => i.id));
    for (const item of items) item.recurrence = lines.get(item.id) ?? null;
    return payload;
  });
}

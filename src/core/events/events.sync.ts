/** How the sync feed reads events: in batches, exactly as GET /events/{id} shows them. */
import { versionLabel } from '../versioning/drafts.js';
import type { RecordSource } from '../changes/sync.service.js';
import { toEvent } from './event.js';
import { getEvents } from './events.store.js';

export const eventSyncSource: RecordSource = {
  async load(db, ids) {
    const rows = await getEvents(db, ids);
    return new Map(rows.map((r) => [r.id, { record: toEvent(r), version: versionLabel(r.version_major, r.version_minor) }]));
  },
};

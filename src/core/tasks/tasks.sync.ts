/** How the sync feed reads tasks: in batches, exactly as GET /tasks/{id} shows them. */
import { versionLabel } from '../versioning/drafts.js';
import type { RecordSource } from '../changes/sync.service.js';
import { toTask } from './task.js';
import { getTasks } from './tasks.store.js';

export const taskSyncSource: RecordSource = {
  async load(db, ids) {
    const rows = await getTasks(db, ids);
    return new Map(rows.map((r) => [r.id, { record: toTask(r), version: versionLabel(r.version_major, r.version_minor) }]));
  },
};

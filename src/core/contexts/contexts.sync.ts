/** How the sync feed reads contexts: in batches, exactly as GET /contexts/{id} shows them (not versioned). */
import type { RecordSource } from '../changes/sync.service.js';
import { toContext } from './context.js';
import { getContexts } from './contexts.store.js';

export const contextSyncSource: RecordSource = {
  async load(db, ids) {
    const rows = await getContexts(db, ids);
    return new Map(rows.map((r) => [r.id, { record: toContext(r), version: null }]));
  },
};

import type { Executor } from '../../db/database.js';
import { listVersions, type VersionedType } from './versions.store.js';
import { versionLabel, type VersionState } from './drafts.js';

/** GET /<records>/{id}/history: current state, the latest publication and every published version. */
export async function readHistory(db: Executor, type: VersionedType, id: string, state: VersionState, updatedAt: string) {
  const versions = await listVersions(db, type, id);
  const latest = versions[versions.length - 1];
  return {
    current: { version: versionLabel(state.major, state.minor), is_published: !state.draft, updated_at: updatedAt },
    published: {
      version: versionLabel(state.major),
      updated_at: latest?.published_at ?? updatedAt,
      snapshot: latest ? (JSON.parse(latest.snapshot) as Record<string, unknown>) : {},
    },
    history: versions.map((v) => ({ version: versionLabel(v.version_major), published_at: v.published_at })),
  };
}

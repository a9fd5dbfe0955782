/**
 * What tasks and events share as versioned records, around the pure draft engine: reading the
 * version state off a row, the version and provenance fields of the API representation, and the
 * writes that follow an edit or a draft decision (row, published history, change log), in one
 * place so both record types stay in step.
 */
import type { Executor } from '../../db/database.js';
import type { ProvenanceColumns, VersionedColumns } from '../../db/schema.js';
import type { Actor } from '../actor.js';
import { recordChanges } from '../changes/change-log.js';
import { nowIso } from '../ids.js';
import * as drafts from './drafts.js';
import { readHistory } from './history.js';
import { insertVersion, type VersionedType } from './versions.store.js';

export interface VersionedRow extends VersionedColumns, ProvenanceColumns {
  id: string;
  user_id: string;
  context_id: string | null;
  updated_at: string;
}

export const versionState = (row: Pick<VersionedColumns, 'version_major' | 'version_minor' | 'draft'>): drafts.VersionState => ({
  major: row.version_major, minor: row.version_minor, draft: drafts.decodeDraft(row.draft),
});

const versionColumns = (state: drafts.VersionState): VersionedColumns => ({
  version_major: state.major,
  version_minor: state.minor,
  is_published: state.draft ? 0 : 1,
  draft: drafts.encodeDraft(state.draft),
});

/** The version fields of the API representation (and `has_unpublished_changes` when asked for). */
export function versionFields(row: VersionedRow, opts: { includeDraftStatus?: boolean } = {}) {
  const state = versionState(row);
  return {
    version_major: row.version_major,
    version_minor: row.version_minor,
    is_published: row.is_published === 1,
    last_live: drafts.lastLive(state),
    ...(opts.includeDraftStatus ? { has_unpublished_changes: state.draft !== null } : {}),
  };
}

/** The email provenance fields, present only on items made from an email (D3). */
export function provenanceFields(row: ProvenanceColumns): { source_email_id?: string; extracted_at?: string; extraction_confidence?: number } {
  if (!row.source_email_id) return {};
  return {
    source_email_id: row.source_email_id,
    extracted_at: row.extracted_at ?? undefined,
    extraction_confidence: row.extraction_confidence ?? undefined,
  };
}

/** The version and provenance fields of a versioned record as the API shows it. */
export interface VersionedRecordFields {
  version_major: number;
  version_minor: number;
  is_published: boolean;
  last_live: (drafts.Values & { version: string }) | null;
  has_unpublished_changes?: boolean;
  source_email_id?: string;
  extracted_at?: string;
  extraction_confidence?: number;
}

type FieldChanges = Record<string, { old: unknown; new: unknown }>;

/** Published values before and after an edit, field by field (a move counts: it applies at once). */
function publishedChanges(values: drafts.Values, state: drafts.VersionState, result: drafts.EditResult,
  contextBefore: string | null, contextAfter: string | null): FieldChanges | null {
  const before = drafts.publishedValues(values, state);
  const after = drafts.publishedValues(result.values, result.state);
  const out: FieldChanges = {};
  for (const f of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[f] !== after[f] && !(before[f] == null && after[f] == null)) out[f] = { old: before[f] ?? null, new: after[f] ?? null };
  }
  if (contextBefore !== contextAfter) out.context_id = { old: contextBefore, new: contextAfter };
  return Object.keys(out).length ? out : null;
}

export interface VersionedKind<Row extends VersionedRow> {
  type: VersionedType;
  /** The draft engine's view of a row: API values of the versioned fields. */
  values(row: Row): drafts.Values;
  /** Back from API values to columns. */
  columns(values: drafts.Values): Partial<Row>;
  update(tx: Executor, id: string, patch: Partial<Row>): Promise<void>;
}

export function versionedWrites<Row extends VersionedRow>(kind: VersionedKind<Row>) {
  /** Keeps the published state of a new version in the record's history. */
  async function publishVersion(tx: Executor, row: Row, values: drafts.Values, state: drafts.VersionState, at: string) {
    await insertVersion(tx, kind.type, row.id, state.major, at, { ...drafts.publishedValues(values, state), context_id: row.context_id });
  }

  /** Writes what the draft engine decided: the row, history when it published, one change-log row. */
  async function write(tx: Executor, actor: Actor, row: Row, result: drafts.EditResult, extra: Partial<Row>, log: { draft: boolean; data: Record<string, unknown> }) {
    const at = nowIso();
    const next = { ...kind.columns(result.values), ...extra, ...versionColumns(result.state), updated_at: at } as Partial<Row>;
    await kind.update(tx, row.id, next);
    const updated = { ...row, ...next } as Row;
    if (result.published) await publishVersion(tx, updated, result.values, result.state, at);
    // What readers of the published state saw change (webhooks' `changes`); drafts change nothing here.
    const changes = publishedChanges(kind.values(row), versionState(row), result, row.context_id, updated.context_id);
    await recordChanges(tx, actor, [{
      type: kind.type, id: row.id, op: 'update', draft: log.draft,
      version: `${result.state.major}.${result.state.minor}`,
      contextBefore: row.context_id, contextAfter: updated.context_id, ownerId: row.user_id,
      data: changes ? { ...log.data, changes } : log.data,
    }]);
    return updated;
  }

  return {
    publishVersion,

    /**
     * An edit, kept as a draft or published at once. `extra` holds columns outside the draft engine
     * (a move to another context applies at once, since it changes who can see the record).
     */
    edit(tx: Executor, actor: Actor, row: Row, changes: drafts.Values, publish: boolean, extra: Partial<Row> = {}) {
      const current = kind.values(row);
      const state = versionState(row);
      const result = publish ? drafts.editAndPublish(current, state, changes) : drafts.editAsDraft(current, state, changes);
      const moved = extra.context_id !== undefined && extra.context_id !== row.context_id;
      return write(tx, actor, row, result, extra, {
        draft: !result.published && !moved,
        data: { changed: moved ? [...result.changed, 'context_id'] : result.changed },
      });
    },

    /** POST .../draft: accept (publish, or 409 when stale) or discard the open draft. */
    resolveDraft(tx: Executor, actor: Actor, row: Row, action: 'accept' | 'discard') {
      const current = kind.values(row);
      const state = versionState(row);
      const result = action === 'accept' ? drafts.acceptDraft(current, state) : drafts.discardDraft(current, state);
      return write(tx, actor, row, result, {}, {
        draft: false,
        data: { draft: action === 'accept' ? 'accepted' : 'discarded', changed: result.changed },
      });
    },

    history: (db: Executor, row: Row) => readHistory(db, kind.type, row.id, versionState(row), row.updated_at),
  };
}

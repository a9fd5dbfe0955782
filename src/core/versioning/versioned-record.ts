/**
 * How a versioned record (task, event) reads: its version state off a row, and the version and
 * provenance fields of its API representation.
 */
import type { ProvenanceColumns, VersionedColumns } from '../../db/schema.js';
import * as drafts from './drafts.js';

export interface VersionedRow extends VersionedColumns, ProvenanceColumns {
  id: string;
  user_id: string;
  context_id: string | null;
  updated_at: string;
}

export const versionState = (row: Pick<VersionedColumns, 'version_major' | 'version_minor' | 'draft'>): drafts.VersionState => ({
  major: row.version_major, minor: row.version_minor, draft: drafts.decodeDraft(row.draft),
});

export const versionColumns = (state: drafts.VersionState): VersionedColumns => ({
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

/** Set only by the email door: where an item came from. */
export interface Provenance {
  source: 'email';
  source_email_id: string;
  extraction_confidence: number;
}

/** The provenance columns of a new row. */
export const provenanceColumns = (provenance: Provenance | undefined, at: string): ProvenanceColumns => ({
  source: provenance?.source ?? null,
  source_email_id: provenance?.source_email_id ?? null,
  extracted_at: provenance ? at : null,
  extraction_confidence: provenance?.extraction_confidence ?? null,
});

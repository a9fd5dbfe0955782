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
  major: row.version_major,
  minor: row.version_minor,
  draft: drafts.decodeDraft(row.draft),
});

export const versionColumns = (state: drafts.VersionState): VersionedColumns => ({
  version_major: state.major,
  version_minor: state.minor,
  is_published: state.draft ? 0 : 1,
  draft: drafts.encodeDraft(state.draft),
});

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

/**
 * The fields every versioned record shows besides its own (identity, place, times, version,
 * provenance), added to `shown`, the record's own fields. Assigned one by one rather than spread:
 * lists build this for every row, and spread-built rows (no stable shape) were a visible share of a
 * list request's CPU, in building and in serialising (issue 15). `has_unpublished_changes` only
 * when asked for; the provenance fields only on items made from an email (D3).
 */
export function withRecordFields<T extends object>(
  shown: T,
  row: VersionedRow & { created_at: string; recurrence?: string | null },
  opts: { includeDraftStatus?: boolean } = {},
) {
  const out = shown as T & VersionedRecordFields & { id: string; created_at: string; updated_at: string; user_id: string; context_id: string | null };
  out.id = row.id;
  out.created_at = row.created_at;
  out.updated_at = row.updated_at;
  out.user_id = row.user_id;
  out.context_id = row.context_id;
  out.version_major = row.version_major;
  out.version_minor = row.version_minor;
  out.is_published = row.is_published === 1;
  const state = versionState(row);
  out.last_live = drafts.lastLive(state);
  if (opts.includeDraftStatus) out.has_unpublished_changes = state.draft !== null;
  // Read with the row where the query joined it (reads and lists); the REST door fills it in otherwise.
  if (row.recurrence !== undefined) (out as { recurrence?: string | null }).recurrence = row.recurrence;
  if (row.source_email_id) {
    out.source_email_id = row.source_email_id;
    if (row.extracted_at !== null) out.extracted_at = row.extracted_at;
    if (row.extraction_confidence !== null) out.extraction_confidence = row.extraction_confidence;
  }
  return out;
}

/** API values back to columns, converting the fields whose stored form differs. */
export function columnsOf<Row>(values: drafts.Values, convert: Record<string, (value: unknown) => unknown>): Partial<Row> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(values)) out[k] = convert[k] ? convert[k](v) : v;
  return out as Partial<Row>;
}

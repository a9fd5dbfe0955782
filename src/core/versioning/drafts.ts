/**
 * The draft engine (SPEC "Draft and publish state", DECISIONS D8), shared by every versioned record.
 *
 * Pure: it takes the values readers see now and the version state, and returns the new values and
 * state. The stored row always holds what readers see (the draft's values while a draft is open), and
 * the draft bookkeeping keeps the published values of the fields the draft changed. So reading needs
 * no merge, and `last_live` is the bookkeeping plus the published version.
 */
import { DomainError, unprocessable } from '../errors.js';

export type Values = Record<string, unknown>;

export interface Draft {
  /** Published major version the draft started from. */
  base: number;
  /** Published values of the fields the draft changed. */
  live: Values;
  /** Fields that publications changed while this draft was open. */
  publishedSince: string[];
}

export interface VersionState {
  major: number;
  minor: number;
  draft: Draft | null;
}

export interface EditResult {
  values: Values;
  state: VersionState;
  /** True when this edit made a new published version (history gains an entry). */
  published: boolean;
  changed: string[];
}

const same = (a: unknown, b: unknown) => a === b || (a == null && b == null);

export const initialState = (): VersionState => ({ major: 1, minor: 0, draft: null });

function changedFields(current: Values, changes: Values): string[] {
  return Object.keys(changes).filter((f) => !same(current[f], changes[f]));
}

/** An edit kept as a draft: version_minor + 1; the published values stay in `live`. */
export function editAsDraft(current: Values, state: VersionState, changes: Values): EditResult {
  const changed = changedFields(current, changes);
  const draft: Draft = state.draft ? { ...state.draft, live: { ...state.draft.live } } : { base: state.major, live: {}, publishedSince: [] };
  for (const f of changed) {
    if (!(f in draft.live)) draft.live[f] = current[f];
  }
  const values = { ...current, ...pick(changes, changed) };
  // A field edited back to its published value is no longer part of the draft.
  for (const f of Object.keys(draft.live)) if (same(draft.live[f], values[f])) delete draft.live[f];
  return { values, state: { major: state.major, minor: state.minor + 1, draft }, published: false, changed };
}

/**
 * An edit published at once (publish: true, complete, CalDAV, email): major + 1. An open draft stays
 * in place and shows its own values for the fields it changed; it becomes stale (accepting it is a
 * draft_conflict), since the published state moved on under it.
 */
export function editAndPublish(current: Values, state: VersionState, changes: Values): EditResult {
  // Compare against the published values: with a draft open, the shown values are the draft's.
  const changed = changedFields(publishedValues(current, state), changes);
  const values = { ...current };
  let draft = state.draft;
  if (draft) {
    draft = { ...draft, live: { ...draft.live }, publishedSince: [...draft.publishedSince] };
    for (const f of changed) {
      if (f in draft.live) draft.live[f] = changes[f];
      else values[f] = changes[f];
      if (!draft.publishedSince.includes(f)) draft.publishedSince.push(f);
    }
  } else {
    Object.assign(values, pick(changes, changed));
  }
  return { values, state: { major: state.major + 1, minor: draft ? state.minor : 0, draft }, published: true, changed };
}

export function acceptDraft(current: Values, state: VersionState): EditResult {
  const draft = state.draft;
  if (!draft) throw unprocessable('action', 'no_draft', 'There is no draft to accept');
  if (draft.base < state.major) {
    throw new DomainError('draft_conflict', 'Another version was published after this draft started; merge and publish again', {
      data: {
        your_version: versionLabel(draft.base, state.minor),
        current_version: versionLabel(state.major),
        conflicting_fields: Object.keys(draft.live).filter((f) => draft.publishedSince.includes(f)),
      },
    });
  }
  return { values: current, state: { major: state.major + 1, minor: 0, draft: null }, published: true, changed: Object.keys(draft.live) };
}

export function discardDraft(current: Values, state: VersionState): EditResult {
  const draft = state.draft;
  if (!draft) throw unprocessable('action', 'no_draft', 'There is no draft to discard');
  return {
    values: { ...current, ...draft.live },
    state: { major: state.major, minor: 0, draft: null },
    published: false,
    changed: Object.keys(draft.live),
  };
}

/** The published state: what readers would see without the draft. */
export function publishedValues(current: Values, state: VersionState): Values {
  return state.draft ? { ...current, ...state.draft.live } : current;
}

export function lastLive(state: VersionState): (Values & { version: string }) | null {
  return state.draft ? { ...state.draft.live, version: versionLabel(state.major) } : null;
}

export const encodeDraft = (draft: Draft | null): string | null => (draft ? JSON.stringify(draft) : null);
export const decodeDraft = (raw: string | null): Draft | null => (raw ? (JSON.parse(raw) as Draft) : null);

function pick(values: Values, keys: string[]): Values {
  const out: Values = {};
  for (const k of keys) out[k] = values[k];
  return out;
}

/** The `major.minor` label of a version (D8). */
export const versionLabel = (major: number, minor = 0): string => `${major}.${minor}`;

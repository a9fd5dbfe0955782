/**
 * One service for every versioned kind (tasks, events, and whatever is versioned next): load for an
 * actor, create, edit (draft or publish), move between contexts, draft accept/discard, history and
 * delete. Each kind supplies only what differs (its fields and their normalisation, its rules, its
 * store and representation); access, versions, history and change-log rows are the same for all.
 */
import type { Executor, Tx } from '../../db/database.js';
import { longerThan } from '../characters.js';
import type { UnitOfWork } from '../../db/unit-of-work.js';
import { requireAccess, type PlacedRecord } from '../access/require-access.js';
import type { Action } from '../access/policy.js';
import type { Actor } from '../actor.js';
import { recordCreated, recordDeleted, recordEdited, type Change, type VersionedType } from '../changes/change.js';
import { recordChanges, withAudience } from '../changes/change-log.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { newId, nowIso } from '../ids.js';
import * as drafts from './drafts.js';
import { readHistory } from './history.js';
import { provenanceColumns, versionColumns, versionState, type Provenance, type VersionedRow } from './versioned-record.js';
import { deleteVersions, insertVersion } from './versions.store.js';

/** What every versioned kind's input may carry besides its own fields. */
export interface PlacementInput {
  title?: string;
  context_id?: string | null;
  user_id?: string;
}

export interface VersionedKind<Row extends VersionedRow, Input extends PlacementInput, Shown> {
  type: VersionedType;
  /** The word used in errors ("Task not found"). */
  label: string;
  store: {
    get(db: Executor, id: string, opts: { lock?: boolean }): Promise<Row | undefined>;
    insert(tx: Tx, row: Row): Promise<void>;
    update(tx: Tx, id: string, patch: Partial<Row>): Promise<void>;
    remove(tx: Tx, id: string): Promise<void>;
  };
  /** The draft engine's view of a row: API values of the versioned fields. */
  values(row: Row): drafts.Values;
  /** Back from API values to columns. */
  columns(values: drafts.Values): Partial<Row>;
  /** The kind's own fields of an input, normalised (title is handled here). */
  normalize(input: Input): drafts.Values;
  /** The values of a new record: defaults filled in and the kind's rules applied. */
  initial(values: drafts.Values, at: string): drafts.Values;
  /** Columns outside the draft engine that an input sets (iCalendar identity, say). */
  extraColumns?(input: Input): Partial<Row>;
  /**
   * The kind's rules on an edit, given the current values (the draft's while one is open) and the
   * published ones: may add derived fields to `changes`, throws on a broken rule, and says whether
   * the edit must publish at once.
   */
  checkEdit(current: drafts.Values, changes: drafts.Values, publish: boolean, published: drafts.Values): boolean;
  present(row: Row, opts?: { includeDraftStatus?: boolean }): Shown;
}

export interface EditOptions {
  publish?: boolean;
}

type FieldChanges = Record<string, { old: unknown; new: unknown }>;

/** Published values before and after an edit, field by field (a move counts: it applies at once). */
function publishedChanges(
  values: drafts.Values,
  state: drafts.VersionState,
  result: drafts.EditResult,
  contextBefore: string | null,
  contextAfter: string | null,
): FieldChanges | null {
  const before = drafts.publishedValues(values, state);
  const after = drafts.publishedValues(result.values, result.state);
  const out: FieldChanges = {};
  for (const f of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (before[f] !== after[f] && !(before[f] == null && after[f] == null)) out[f] = { old: before[f] ?? null, new: after[f] ?? null };
  }
  if (contextBefore !== contextAfter) out.context_id = { old: contextBefore, new: contextAfter };
  return Object.keys(out).length ? out : null;
}

const blankTitle = () => invalid('title', 'minLength', 'title must not be blank');

export function versionedRecords<Row extends VersionedRow, Input extends PlacementInput, Shown>(uow: UnitOfWork, kind: VersionedKind<Row, Input, Shown>) {
  /** Loads a record (locked until commit when about to change it) and checks the caller may do `action` (404 for strangers). */
  async function loadFor(db: Executor, actor: Actor, id: string, action: Action, opts: { self?: boolean } = {}) {
    const row = await kind.store.get(db, id, { lock: action !== 'read' });
    if (!row) throw notFound(kind.label);
    const perm = (await requireAccess(db, actor, action, kind.type, [row as PlacedRecord], opts)).get(row.id)!;
    return { row, perm };
  }

  function normalize(input: Input): drafts.Values {
    const values = kind.normalize(input);
    if (input.title !== undefined) {
      const title = input.title.trim();
      if (!title) throw blankTitle();
      // D4 counts the length after trimming, so the schema lets surrounding spaces through.
      if (longerThan(title, 500)) throw invalid('title', 'maxLength', 'title must be at most 500 characters');
      values.title = title;
    }
    return values;
  }

  /** Keeps the published state of a new version in the record's history. */
  async function publishVersion(tx: Tx, row: Row, values: drafts.Values, state: drafts.VersionState, at: string) {
    await insertVersion(tx, kind.type, row.id, state.major, at, { ...drafts.publishedValues(values, state), context_id: row.context_id });
  }

  /** Writes what the draft engine decided: the row, history when it published, one change-log row. */
  async function write(tx: Tx, actor: Actor, row: Row, result: drafts.EditResult, extra: Partial<Row>, log: { draft: boolean; data: Record<string, unknown> }) {
    const at = nowIso();
    const next = { ...kind.columns(result.values), ...extra, ...versionColumns(result.state), updated_at: at } as Partial<Row>;
    await kind.store.update(tx, row.id, next);
    const updated = { ...row, ...next } as Row;
    if (result.published) await publishVersion(tx, updated, result.values, result.state, at);
    // What readers of the published state saw change (webhooks' `changes`); drafts change nothing there.
    const changes = publishedChanges(kind.values(row), versionState(row), result, row.context_id, updated.context_id);
    await recordChanges(tx, actor, [recordEdited(kind.type, row, updated, log.draft, changes ? { ...log.data, changes } : log.data)]);
    return updated;
  }

  /**
   * An edit, kept as a draft or published at once, after the kind's rules. `extra` holds columns
   * outside the draft engine. A move is one of them: it changes who can see the record, so it
   * cannot wait in a draft that a discard would leave half undone. An edit that moves the record is
   * published at once, like a completion (D8): a new major version whose history snapshot names the
   * new context.
   */
  function edit(tx: Tx, actor: Actor, row: Row, changes: drafts.Values, publish: boolean, extra: Partial<Row> = {}) {
    const current = kind.values(row);
    const moved = extra.context_id !== undefined && extra.context_id !== row.context_id;
    const state = versionState(row);
    const publishNow = kind.checkEdit(current, changes, publish, drafts.publishedValues(current, state)) || moved;
    const result = publishNow ? drafts.editAndPublish(current, state, changes) : drafts.editAsDraft(current, state, changes);
    return write(tx, actor, row, result, extra, {
      draft: !result.published,
      data: { changed: moved ? [...result.changed, 'context_id'] : result.changed },
    });
  }

  /** Moving out of a context and into another are separate rights (D9, D9a). */
  async function checkMove(tx: Tx, actor: Actor, row: Row, target: string | null) {
    await requireAccess(tx, actor, 'move_out', kind.type, [row as PlacedRecord]);
    if (target) await requireAccess(tx, actor, 'create_inside', 'context', [target]);
  }

  return {
    loadFor,
    edit,

    async get(actor: Actor, id: string, opts: { includeDraftStatus?: boolean } = {}): Promise<Shown> {
      const { row } = await uow.read((q) => loadFor(q, actor, id, 'read'));
      return kind.present(row, opts);
    },

    /**
     * Creates a published record (1.0) owned by the caller. `then` runs in the same unit of work
     * for rows that come with the record (an event's attendees) and returns their changes.
     */
    async create(actor: Actor, input: Input, provenance?: Provenance, then?: (tx: Tx, row: Row) => Promise<Change[]>): Promise<Shown> {
      if (input.user_id !== undefined && input.user_id !== actor.userId) {
        throw forbidden(
          `user_id is always the caller; ${/^[aeiou]/i.test(kind.label) ? 'an' : 'a'} ${kind.label.toLowerCase()} cannot be created for or given to another user`,
        );
      }
      if (input.title === undefined) throw invalid('title', 'required', 'title is required');
      const at = nowIso();
      const values = kind.initial(normalize(input), at);
      return uow.write(async (tx) => {
        if (input.context_id) await requireAccess(tx, actor, 'create_inside', 'context', [input.context_id]);
        const row = {
          id: newId(),
          user_id: actor.userId,
          context_id: input.context_id ?? null,
          ...kind.columns(values),
          ...kind.extraColumns?.(input),
          ...versionColumns(drafts.initialState()),
          ...provenanceColumns(provenance, at),
          created_at: at,
          updated_at: at,
        } as unknown as Row;
        await kind.store.insert(tx, row);
        await publishVersion(tx, row, kind.values(row), drafts.initialState(), at);
        await recordChanges(tx, actor, [recordCreated(kind.type, row), ...(then ? await then(tx, row) : [])]);
        return kind.present(row);
      });
    },

    /** PUT and PATCH: any subset of fields; a draft unless `publish` (or the kind's rules) say otherwise. */
    async update(actor: Actor, id: string, input: Input, opts: EditOptions = {}): Promise<Shown> {
      const changes = normalize(input);
      return uow.write(async (tx) => {
        const { row } = await loadFor(tx, actor, id, 'update');
        if (input.user_id !== undefined && input.user_id !== row.user_id) throw forbidden(`The owner of a ${kind.label.toLowerCase()} cannot be changed`);
        const extra = { ...kind.extraColumns?.(input) } as Partial<Row>;
        if (input.context_id !== undefined && input.context_id !== row.context_id) {
          await checkMove(tx, actor, row, input.context_id);
          extra.context_id = input.context_id;
        }
        return kind.present(await edit(tx, actor, row, changes, opts.publish === true, extra));
      });
    },

    /** POST .../draft: accept (publish, or 409 when stale) or discard the open draft. */
    async resolveDraft(actor: Actor, id: string, action: 'accept' | 'discard'): Promise<Shown> {
      return uow.write(async (tx) => {
        const { row } = await loadFor(tx, actor, id, 'update');
        const current = kind.values(row);
        const state = versionState(row);
        const result = action === 'accept' ? drafts.acceptDraft(current, state) : drafts.discardDraft(current, state);
        return kind.present(
          await write(
            tx,
            actor,
            row,
            result,
            {},
            {
              draft: false,
              data: { draft: action === 'accept' ? 'accepted' : 'discarded', changed: result.changed },
            },
          ),
        );
      });
    },

    async history(actor: Actor, id: string) {
      return uow.read(async (q) => {
        const { row } = await loadFor(q, actor, id, 'read');
        return readHistory(q, kind.type, row.id, versionState(row), row.updated_at);
      });
    },

    async remove(actor: Actor, id: string): Promise<void> {
      await uow.write(async (tx) => {
        const { row } = await loadFor(tx, actor, id, 'delete');
        // Who could see it is taken before dependent rows (an event's attendees) go with it.
        const logged = await withAudience(tx, [recordDeleted(kind.type, row)]);
        await kind.store.remove(tx, id);
        await deleteVersions(tx, kind.type, [id]);
        await recordChanges(tx, actor, logged);
      });
    },
  };
}

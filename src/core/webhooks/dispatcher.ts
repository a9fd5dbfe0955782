/**
 * The dispatcher (D18): reads the change log past its own position with the sync feed's
 * never-skip rule (only rows below the horizon, docs/sync.md), and in the transaction that moves
 * the position writes one delivery row per event and matching webhook. A crash before commit
 * leaves both untouched; after commit both have moved: no event is lost or doubled here.
 */
import type { Db, Executor } from '../../db/database.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { visibleIds } from '../access/visibility.store.js';
import { comparePositions, type Position } from '../changes/cursor.js';
import type { RecordSources } from '../changes/sync.service.js';
import { endOf, readHorizon } from '../changes/sync.store.js';
import { newId, nowIso } from '../ids.js';
import { occurrencesOf, parseData, type Occurrence, type SubjectType } from './event-kinds.js';
import { buildData, envelope, publishedView, recordKey, type Lookups } from './payloads.js';
import * as store from './webhooks.store.js';

const BATCH = 500;

interface Match {
  row: store.ChangeRow;
  occ: Occurrence;
  hook: store.WebhookRow;
  eventId: string;
}

const audienceOf = (row: store.ChangeRow): string[] => {
  try {
    return row.audience ? (JSON.parse(row.audience) as string[]) : [];
  } catch {
    return [];
  }
};

export function createDispatcher(db: Db, sources: RecordSources) {
  const uow = unitOfWork(db);
  /** Which (user, record) pairs are visible now: one query per user and record type. */
  async function visibility(tx: Executor, wanted: Array<{ userId: string; type: SubjectType; id: string }>) {
    const groups = new Map<string, string[]>();
    for (const w of wanted) {
      const key = `${w.userId}|${w.type}`;
      (groups.get(key) ?? groups.set(key, []).get(key)!).push(w.id);
    }
    const seen = new Set<string>();
    for (const [key, ids] of groups) {
      const [userId, type] = key.split('|') as [string, SubjectType];
      for (const id of await visibleIds(tx, userId, type, ids)) seen.add(`${userId}|${type}:${id}`);
    }
    return seen;
  }

  async function lookups(tx: Executor, matches: Match[]): Promise<Lookups> {
    const byType = new Map<SubjectType, Set<string>>();
    for (const m of matches)
      if (!m.occ.deleted) (byType.get(m.occ.subject.type) ?? byType.set(m.occ.subject.type, new Set()).get(m.occ.subject.type)!).add(m.occ.subject.id);
    const records = new Map<string, object>();
    for (const [type, ids] of byType) {
      const loaded = await sources[type]?.load(tx, [...ids]);
      for (const [id, { record }] of loaded ?? [])
        records.set(recordKey(type, id), type === 'context' ? record : publishedView(record as Record<string, unknown>));
    }
    const users: string[] = [];
    for (const m of matches) {
      if (m.row.actor_id) users.push(m.row.actor_id);
      const d = parseData(m.row);
      if (typeof d.user_id === 'string') users.push(d.user_id);
    }
    return { records, emails: await store.emailsOf(tx, users) };
  }

  /** Pairs each event of the rows with the webhooks that asked for it and whose owner may see it. */
  async function match(tx: Executor, rows: store.ChangeRow[], hooks: store.WebhookRow[]): Promise<Match[]> {
    const kinds = new Map(hooks.map((h) => [h.id, new Set(JSON.parse(h.events) as string[])]));
    const candidates: Match[] = [];
    for (const row of rows) {
      const occs = occurrencesOf(row);
      for (const occ of occs) {
        const eventId = newId();
        for (const hook of hooks) {
          // A webhook hears of changes from its registration on, not of older ones still in the log.
          if (kinds.get(hook.id)!.has(occ.kind) && row.created_at >= hook.created_at) candidates.push({ row, occ, hook, eventId });
        }
      }
    }
    const visible = await visibility(
      tx,
      candidates.filter((m) => !m.occ.deleted).map((m) => ({ userId: m.hook.user_id, type: m.occ.subject.type, id: m.occ.subject.id })),
    );
    const out: Match[] = [];
    for (const m of candidates) {
      const { type, id } = m.occ.subject;
      // A deletion reaches those who could see the record just before it (the log keeps them);
      // so does an earlier event of a record deleted since (deliveries.ts, same rule).
      const ok = m.occ.deleted
        ? m.row.owner_id === m.hook.user_id || audienceOf(m.row).includes(m.hook.user_id)
        : visible.has(`${m.hook.user_id}|${type}:${id}`) || (await store.deletedWhileVisible(tx, type, id, m.hook.user_id));
      if (ok) out.push(m);
    }
    return out;
  }

  /**
   * The active webhooks, less those of apps whose grant has ended, whichever way it ended (D20):
   * those are deleted here, with their queue and log. Looked up only when an app's webhook is active.
   */
  async function liveWebhooks(tx: Executor) {
    const hooks = await store.activeWebhooks(tx);
    const apps = hooks.filter((h) => h.oauth_grant_id).map((h) => h.id);
    if (!apps.length) return hooks;
    const ended = await store.endedAppWebhooks(tx, apps, Math.floor(Date.now() / 1000));
    for (const id of ended) await store.deleteWebhook(tx, id);
    return hooks.filter((h) => !ended.has(h.id));
  }

  return {
    /** One step: returns how many deliveries it wrote and whether more log rows wait. */
    async dispatchOnce(): Promise<{ written: number; more: boolean }> {
      return uow.write(async (tx) => {
        // The horizon first: taken before the lock, it can only err low (delay, never skip).
        const horizon = await readHorizon(tx);
        const position = await store.claimPosition(tx);
        // Another process is dispatching; it reads the same rows.
        if (!position) return { written: 0, more: false };
        const end = endOf(horizon);
        const hooks = await liveWebhooks(tx);
        if (!hooks.length) {
          if (comparePositions(end, position) > 0) await store.savePosition(tx, end);
          return { written: 0, more: false };
        }
        const rows = await store.changesAfter(tx, position, horizon, BATCH);
        const matches = await match(tx, rows, hooks);
        const look = await lookups(tx, matches);
        const at = nowIso();
        await store.insertDeliveries(
          tx,
          matches.map((m) => ({
            webhook_id: m.hook.id,
            event_id: m.eventId,
            event_type: m.occ.kind,
            record_key: recordKey(m.occ.subject.type, m.occ.subject.id),
            subject_type: m.occ.deleted ? null : m.occ.subject.type,
            subject_id: m.occ.deleted ? null : m.occ.subject.id,
            body: envelope(m.eventId, m.occ.kind, m.row.created_at, buildData(m.row, m.occ, look), {
              user_id: m.row.actor_id,
              email: (m.row.actor_id && look.emails.get(m.row.actor_id)) || null,
            }),
            state: 'pending',
            attempts: 0,
            next_attempt_at: at,
            lease_token: null,
            created_at: at,
            finished_at: null,
          })),
        );
        const more = rows.length === BATCH;
        let next: Position = rows.length ? { txid: Number(rows.at(-1)!.txid), seq: Number(rows.at(-1)!.seq) } : position;
        if (!more && comparePositions(end, next) > 0) next = end;
        if (comparePositions(next, position) !== 0) await store.savePosition(tx, next);
        return { written: matches.length, more };
      });
    },
  };
}

export type Dispatcher = ReturnType<typeof createDispatcher>;

import type { Page, SortKey } from '../../core/lists.js';

/** The list envelope (SPEC "Response envelopes"). */
export function listBody<T>(page: Page<T>) {
  return {
    data: page.items,
    meta: { pagination: { limit: page.limit, offset: page.offset, total: page.total, hasMore: page.offset + page.items.length < page.total } },
  };
}

/**
 * A page of a short list the use case returns whole (a context's shares, a task's assignees, an
 * event's attendees), with the `limit`/`offset` every list takes (D11).
 */
export function pageOf<T>(all: T[], q: { limit?: number; offset?: number }): Page<T> {
  const limit = q.limit ?? 50;
  const offset = q.offset ?? 0;
  return { items: all.slice(offset, offset + limit), total: all.length, limit, offset };
}

/**
 * `sort=-due_date,title` (split into a list by the query schema, which has checked each key) to
 * sort keys. Without one the use case picks its default order.
 */
export function parseSort<F extends string>(keys: readonly string[] | undefined): SortKey<F>[] | undefined {
  return keys?.length ? keys.map((part) => ({ field: part.replace(/^-/, '') as F, desc: part.startsWith('-') })) : undefined;
}

/** Which change-log rows are which webhook events (table-driven), and the published view of a record. */
import { describe, expect, it } from 'vitest';
import { occurrencesOf, type LogRow } from '../../src/core/webhooks/event-kinds.js';
import { publishedView } from '../../src/core/webhooks/payloads.js';

const row = (r: Partial<Omit<LogRow, 'data'>> & { data?: unknown }): LogRow => ({
  record_type: 'task',
  record_id: 'r1',
  op: 'create',
  parent_id: null,
  ...r,
  data: r.data === undefined ? null : JSON.stringify(r.data),
});

const cases: Array<[string, LogRow, string[]]> = [
  ['task created', row({}), ['task.created']],
  ['task draft edit (no published change)', row({ op: 'update', data: { changed: ['title'] } }), []],
  ['task published edit', row({ op: 'update', data: { changes: { title: { old: 'a', new: 'b' } } } }), ['task.updated']],
  ['task completed', row({ op: 'update', data: { changes: { status: { old: 'pending', new: 'completed' } } } }), ['task.updated', 'task.completed']],
  ['task deleted', row({ op: 'delete' }), ['task.deleted']],
  ['event created', row({ record_type: 'event' }), ['event.created']],
  ['event draft discarded', row({ record_type: 'event', op: 'update', data: { draft: 'discarded', changed: ['title'] } }), []],
  ['event deleted', row({ record_type: 'event', op: 'delete' }), ['event.deleted']],
  ['context created', row({ record_type: 'context' }), ['context.created']],
  ['context updated', row({ record_type: 'context', op: 'update', data: { changed: ['name'] } }), ['context.updated']],
  ['context deleted (no kind)', row({ record_type: 'context', op: 'delete' }), []],
  ['assignee added', row({ record_type: 'assignee', parent_id: 't1' }), ['task.assigned']],
  ['assignee removed (no kind)', row({ record_type: 'assignee', op: 'delete', parent_id: 't1' }), []],
  ['comment on a task', row({ record_type: 'comment', parent_id: 't1', data: { parent_type: 'task' } }), ['task.comment_added']],
  ['comment on an event (no kind)', row({ record_type: 'comment', parent_id: 'e1', data: { parent_type: 'event' } }), []],
  ['comment edited (no kind)', row({ record_type: 'comment', op: 'update', parent_id: 't1', data: { parent_type: 'task' } }), []],
  ['attendee added', row({ record_type: 'attendee', parent_id: 'e1' }), ['event.attendee_added']],
  [
    'rsvp changed',
    row({ record_type: 'attendee', op: 'update', parent_id: 'e1', data: { previous: 'pending', rsvp_status: 'accepted' } }),
    ['event.rsvp_changed'],
  ],
  ['rsvp unchanged', row({ record_type: 'attendee', op: 'update', parent_id: 'e1', data: { previous: 'accepted', rsvp_status: 'accepted' } }), []],
  ['share created', row({ record_type: 'share', parent_id: 'c1' }), ['context.shared']],
  [
    'share permission changed',
    row({ record_type: 'share', op: 'update', parent_id: 'c1', data: { previous: 'read', permission: 'write' } }),
    ['context.shared'],
  ],
  ['shared again, same permission', row({ record_type: 'share', op: 'update', parent_id: 'c1', data: { previous: 'read', permission: 'read' } }), []],
  ['share removed (no kind)', row({ record_type: 'share', op: 'delete', parent_id: 'c1' }), []],
];

describe('event kinds of change-log rows', () => {
  for (const [name, r, kinds] of cases) {
    it(name, () => expect(occurrencesOf(r).map((o) => o.kind)).toEqual(kinds));
  }
  it('names the record each event is about', () => {
    expect(occurrencesOf(row({ record_type: 'comment', record_id: 'c9', parent_id: 't1', data: { parent_type: 'task' } }))[0].subject).toEqual({
      type: 'task',
      id: 't1',
    });
    expect(occurrencesOf(row({ op: 'delete' }))[0]).toMatchObject({ deleted: true, subject: { type: 'task', id: 'r1' } });
  });
});

describe('published view', () => {
  it('shows the published values while a draft is open, and leaves published records alone', () => {
    const draft = {
      id: 'x',
      title: 'draft title',
      priority: 'high',
      version_major: 2,
      version_minor: 3,
      is_published: false,
      last_live: { title: 'live title', version: '2.0' },
      has_unpublished_changes: true,
    };
    expect(publishedView(draft)).toEqual({
      id: 'x',
      title: 'live title',
      priority: 'high',
      version_major: 2,
      version_minor: 0,
      is_published: true,
      last_live: null,
    });
    const live = { id: 'y', title: 't', version_major: 1, version_minor: 0, is_published: true, last_live: null };
    expect(publishedView(live)).toBe(live);
  });
});

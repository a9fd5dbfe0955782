import { Type } from '@sinclair/typebox';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../core/tasks/task.js';
import { TASK_SORT_FIELDS } from '../../core/tasks/tasks.store.js';
import { Body, Nullable, PageQuery, Query, Timestamp, Uuid } from './common.js';
import { ReadOnlyEchoFields, VersionedRecordFields } from './versioned.js';

const StatusEnum = Type.Unsafe<(typeof TASK_STATUSES)[number]>({ type: 'string', enum: [...TASK_STATUSES] });
const PriorityEnum = Type.Unsafe<(typeof TASK_PRIORITIES)[number]>({ type: 'string', enum: [...TASK_PRIORITIES] });

export const Task = Type.Object({
  id: Uuid(),
  title: Type.String(),
  description: Nullable(Type.String()),
  status: StatusEnum,
  priority: PriorityEnum,
  due_date: Nullable(Timestamp()),
  estimated_minutes: Nullable(Type.Integer({ description: 'Time estimate in minutes' })),
  completed_at: Nullable(Timestamp()),
  created_at: Timestamp(),
  updated_at: Timestamp(),
  user_id: Uuid('Owner'),
  context_id: Nullable(Uuid()),
  ...VersionedRecordFields,
}, { title: 'Task' });

const editable = {
  description: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  status: Type.Optional(StatusEnum),
  priority: Type.Optional(PriorityEnum),
  due_date: Type.Optional(Nullable(Timestamp())),
  estimated_minutes: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000 }))),
  context_id: Type.Optional(Nullable(Uuid())),
  ...ReadOnlyEchoFields,
  completed_at: Type.Optional(Type.Unknown()),
};

export const TaskCreate = Body({ title: Type.String({ minLength: 1, maxLength: 500 }), ...editable });

export const TaskUpdate = Body({
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  ...editable,
  publish: Type.Optional(Type.Boolean({ description: 'Publish at once (major + 1) instead of keeping a draft' })),
});

const sortPattern = `^-?(${TASK_SORT_FIELDS.join('|')})(,-?(${TASK_SORT_FIELDS.join('|')})){0,9}$`;
const statusPattern = `^(${TASK_STATUSES.join('|')})(,(${TASK_STATUSES.join('|')}))*$`;

export const TaskListQuery = Query({
  ...PageQuery,
  context_id: Type.Optional(Uuid()),
  status: Type.Optional(Type.String({ pattern: statusPattern, maxLength: 200, description: 'Comma-separated statuses' })),
  sort: Type.Optional(Type.String({ pattern: sortPattern, maxLength: 200, description: `Comma-separated fields of ${TASK_SORT_FIELDS.join(', ')}; leading - for descending. Default -created_at` })),
  published: Type.Optional(Type.Boolean()),
  include_draft_status: Type.Optional(Type.Boolean()),
  source: Type.Optional(Type.Unsafe<'email'>({ type: 'string', enum: ['email'] })),
  source_email_id: Type.Optional(Uuid()),
  updated_after: Type.Optional(Timestamp('Only records updated strictly after this instant')),
});

export const TaskSearchQuery = Query({
  ...PageQuery,
  q: Type.String({ minLength: 1, maxLength: 500, description: 'Words to find in title and description (prefix match, ranked)' }),
});

export const DraftAction = Body({ action: Type.Unsafe<'accept' | 'discard'>({ type: 'string', enum: ['accept', 'discard'] }) });

export const History = Type.Object({
  current: Type.Object({ version: Type.String(), is_published: Type.Boolean(), updated_at: Timestamp() }),
  published: Type.Object({ version: Type.String(), updated_at: Timestamp(), snapshot: Type.Object({}, { additionalProperties: true }) }),
  history: Type.Array(Type.Object({ version: Type.String(), published_at: Timestamp() })),
}, { title: 'History' });

export const Assignee = Type.Object({
  task_id: Uuid(), user_id: Uuid(), email: Type.Optional(Type.String()), assigned_at: Timestamp(), assigned_by: Uuid(),
}, { title: 'Assignee' });

export const AssignBody = Body({ user_email: Type.String({ minLength: 3, maxLength: 320 }) });

export const Comment = Type.Object({
  id: Uuid(),
  task_id: Type.Optional(Uuid()),
  event_id: Type.Optional(Uuid()),
  user_id: Uuid('Author'),
  message: Type.String(),
  created_at: Timestamp(),
  updated_at: Timestamp(),
}, { title: 'Comment' });

export const CommentBody = Body({ message: Type.String({ minLength: 1, maxLength: 10_000 }) });

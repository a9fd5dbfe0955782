import { Type } from '@sinclair/typebox';
import { TASK_PRIORITIES, TASK_STATUSES } from '../../core/tasks/task.js';
import { TASK_SORT_FIELDS } from '../../core/tasks/tasks.store.js';
import { Body, CommaList, Nullable, PageQuery, Query, Ref, sortKeys, Timestamp, Title, Uuid } from './common.js';
import { HistoryOf, LastLiveOf, ReadOnlyEchoFields, VersionedRecordFields } from './versioned.js';

const StatusEnum = Type.Unsafe<(typeof TASK_STATUSES)[number]>({ type: 'string', enum: [...TASK_STATUSES] });
const PriorityEnum = Type.Unsafe<(typeof TASK_PRIORITIES)[number]>({ type: 'string', enum: [...TASK_PRIORITIES] });

/** The fields an edit can draft: what `last_live` and history snapshots hold. */
const draftable = {
  title: Type.String(),
  description: Nullable(Type.String()),
  status: StatusEnum,
  priority: PriorityEnum,
  due_date: Nullable(Timestamp()),
  estimated_minutes: Nullable(Type.Integer()),
  completed_at: Nullable(Timestamp()),
};

const TASK_EXAMPLE = {
  id: '3b241101-e2bb-4255-8caf-4136c566a962',
  title: 'Send the quarterly report',
  description: 'Numbers from finance first',
  status: 'in_progress',
  priority: 'high',
  due_date: '2026-12-01T17:00:00.000Z',
  estimated_minutes: 90,
  completed_at: null,
  created_at: '2026-11-25T21:00:00.000Z',
  updated_at: '2026-11-26T08:30:00.000Z',
  user_id: '9f5c2a7e-1d3b-4c8e-a6f0-2b7d9e4c1a35',
  context_id: '1c6f8e2a-5b3d-4f7e-9a0c-8d2e4b6a1f93',
  version_major: 1,
  version_minor: 1,
  is_published: false,
  last_live: { version: '1.0', status: 'pending' },
};

export const Task = Type.Object(
  {
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
    ...VersionedRecordFields(LastLiveOf(draftable)),
  },
  { $id: 'Task', title: 'Task', examples: [TASK_EXAMPLE] },
);

const editable = {
  description: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  status: Type.Optional(StatusEnum),
  priority: Type.Optional(PriorityEnum),
  due_date: Type.Optional(Nullable(Timestamp())),
  estimated_minutes: Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 100_000 }))),
  context_id: Type.Optional(Nullable(Uuid())),
  ...ReadOnlyEchoFields,
  completed_at: Type.Optional(
    Type.String({ format: 'date-time', readOnly: true, nullable: true, description: 'Read-only: ignored (set when the task becomes completed)' }),
  ),
};

export const TaskCreate = Body(
  { title: Title(), ...editable },
  {
    $id: 'TaskCreate',
    title: 'TaskCreate',
    description: 'A new task; status defaults to pending, priority to medium (D4)',
    examples: [{ title: 'Send the quarterly report', priority: 'high', due_date: '2026-12-01T17:00:00Z', estimated_minutes: 90 }],
  },
);

export const TaskBatchCreate = Body(
  {
    tasks: Type.Array(Ref(TaskCreate), { minItems: 1, maxItems: 100, description: '1..100 tasks, created together or not at all' }),
  },
  {
    $id: 'TaskBatchCreate',
    title: 'TaskBatchCreate',
    examples: [
      {
        tasks: [
          { title: 'Book the venue', priority: 'high' },
          { title: 'Send the invitations', due_date: '2026-12-10T09:00:00Z' },
        ],
      },
    ],
  },
);

export const TaskUpdate = Body(
  {
    title: Type.Optional(Title()),
    ...editable,
    publish: Type.Optional(Type.Boolean({ description: 'Publish at once (major + 1) instead of keeping a draft' })),
  },
  {
    $id: 'TaskUpdate',
    title: 'TaskUpdate',
    description: 'Any subset of the task fields; a draft unless publish is true or the task becomes completed (D8)',
    examples: [{ status: 'in_progress', estimated_minutes: 120 }],
  },
);

export const TaskListQuery = Query({
  ...PageQuery,
  context_id: Type.Optional(Uuid()),
  status: Type.Optional(CommaList(TASK_STATUSES, { maxItems: 4, description: 'Only these statuses, comma-separated: status=pending,in_progress' })),
  sort: Type.Optional(
    CommaList(sortKeys(TASK_SORT_FIELDS), {
      maxItems: 10,
      description: 'Sort keys, comma-separated, each with an optional leading - for descending: sort=-due_date,title. Default -created_at',
    }),
  ),
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

export const DraftAction = Body(
  {
    action: Type.Unsafe<'accept' | 'discard'>({
      type: 'string',
      enum: ['accept', 'discard'],
      description: 'accept publishes the draft (major + 1); discard drops it',
    }),
  },
  { $id: 'DraftAction', title: 'DraftAction', examples: [{ action: 'accept' }] },
);

export const TaskHistory = HistoryOf(
  'TaskHistory',
  { ...draftable, context_id: Nullable(Uuid()) },
  {
    current: { version: '2.1', is_published: false, updated_at: '2026-11-26T08:30:00.000Z' },
    published: {
      version: '2.0',
      updated_at: '2026-11-26T08:00:00.000Z',
      snapshot: { title: 'Send the quarterly report', status: 'in_progress', context_id: null },
    },
    history: [
      { version: '1.0', published_at: '2026-11-25T21:00:00.000Z' },
      { version: '2.0', published_at: '2026-11-26T08:00:00.000Z' },
    ],
  },
);

export const Assignee = Type.Object(
  {
    task_id: Uuid(),
    user_id: Uuid(),
    email: Type.Optional(Type.String()),
    assigned_at: Timestamp(),
    assigned_by: Uuid(),
  },
  {
    $id: 'Assignee',
    title: 'Assignee',
    examples: [
      {
        task_id: '3b241101-e2bb-4255-8caf-4136c566a962',
        user_id: '7a1e3c5d-9b2f-4d6a-8c0e-1f3a5b7d9e2c',
        email: 'sam@example.com',
        assigned_at: '2026-11-26T09:00:00.000Z',
        assigned_by: '9f5c2a7e-1d3b-4c8e-a6f0-2b7d9e4c1a35',
      },
    ],
  },
);

export const AssignBody = Body(
  { user_email: Type.String({ minLength: 3, maxLength: 320, description: 'A registered user who can already see the task' }) },
  { examples: [{ user_email: 'sam@example.com' }] },
);

const commentFields = { user_id: Uuid('Author'), message: Type.String(), created_at: Timestamp(), updated_at: Timestamp() };
const commentExample = {
  id: 'c2d4f6a8-1b3d-4e5f-8a9b-0c1d2e3f4a5b',
  user_id: '9f5c2a7e-1d3b-4c8e-a6f0-2b7d9e4c1a35',
  message: 'Finance sent the numbers',
  created_at: '2026-11-26T10:00:00.000Z',
  updated_at: '2026-11-26T10:00:00.000Z',
};

/** Comments on tasks carry `task_id`, on events `event_id`: one schema per parent, each field always present. */
export const TaskComment = Type.Object(
  { id: Uuid(), task_id: Uuid(), ...commentFields },
  { $id: 'TaskComment', title: 'TaskComment', examples: [{ ...commentExample, task_id: '3b241101-e2bb-4255-8caf-4136c566a962' }] },
);
export const EventComment = Type.Object(
  { id: Uuid(), event_id: Uuid(), ...commentFields },
  { $id: 'EventComment', title: 'EventComment', examples: [{ ...commentExample, event_id: '0e7d3b9a-6c2f-4a1e-b5d8-3f9c1a7e5b20' }] },
);

const ignored = (format: 'uuid' | 'date-time') => Type.Optional(Type.String({ format, readOnly: true, description: 'Read-only: ignored' }));

/** A comment as GET shows it may be sent back (D3): the author must be the caller, the rest is ignored. */
export const CommentBody = Body(
  {
    message: Type.String({ minLength: 1, maxLength: 10_000 }),
    user_id: Type.Optional(Uuid('Read-only: the author, always the caller; naming another user is 403')),
    id: ignored('uuid'),
    task_id: ignored('uuid'),
    event_id: ignored('uuid'),
    created_at: ignored('date-time'),
    updated_at: ignored('date-time'),
  },
  { $id: 'CommentInput', title: 'CommentInput', examples: [{ message: 'Finance sent the numbers' }] },
);

/**
 * The named schemas of the API (D21): each has an `$id`, is added to Fastify (serialisation, the
 * OpenAPI document's `components.schemas`) and to the request validators, and routes point at it
 * with `Ref(...)`. A schema a client names belongs here; a new one must be listed, or routes that
 * refer to it fail at startup.
 */
import type { TSchema } from '@sinclair/typebox';
import { Account, ApiToken, ApiTokenInput, LoginInput, NewApiToken, SignupInput, User } from '../schemas/accounts.js';
import { ErrorBody, Pagination } from '../schemas/common.js';
import { Context, ContextCreate, ContextUpdate, Share } from '../schemas/contexts.js';
import { Email } from '../schemas/emails.js';
import { Attendee, Event, EventCreate, EventHistory, EventUpdate } from '../schemas/events.js';
import { ContextSyncItem, EventSyncItem, SyncItem, SyncPage, TaskSyncItem } from '../schemas/sync.js';
import { Assignee, CommentBody, DraftAction, EventComment, Task, TaskBatchCreate, TaskComment, TaskCreate, TaskHistory, TaskUpdate } from '../schemas/tasks.js';
import { HistoryEntry } from '../schemas/versioned.js';

export const COMPONENT_SCHEMAS: TSchema[] = [
  ErrorBody,
  Pagination,
  User,
  Account,
  ApiToken,
  NewApiToken,
  SignupInput,
  LoginInput,
  ApiTokenInput,
  Task,
  TaskCreate,
  TaskUpdate,
  TaskBatchCreate,
  TaskHistory,
  Assignee,
  TaskComment,
  EventComment,
  CommentBody,
  DraftAction,
  HistoryEntry,
  Event,
  EventCreate,
  EventUpdate,
  EventHistory,
  Attendee,
  Context,
  ContextCreate,
  ContextUpdate,
  Share,
  Email,
  TaskSyncItem,
  EventSyncItem,
  ContextSyncItem,
  SyncItem,
  SyncPage,
];

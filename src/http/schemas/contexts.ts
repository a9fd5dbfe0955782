import { Type } from '@sinclair/typebox';
import { CONTEXT_SORT_FIELDS } from '../../core/contexts/context.js';
import { Body, Nullable, PageQuery, Query, Timestamp, Uuid } from './common.js';

export const Context = Type.Object({
  id: Uuid(),
  name: Type.String(),
  description: Nullable(Type.String()),
  color: Nullable(Type.String({ pattern: '^#[0-9a-f]{6}$', description: 'Hex colour #rrggbb (stored lower-case)' })),
  created_at: Timestamp(),
  updated_at: Timestamp(),
  user_id: Uuid('Owner'),
  parent_context_id: Nullable(Uuid('Parent context; contexts nest at most 3 levels')),
}, { title: 'Context' });

const fields = {
  description: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  color: Type.Optional(Nullable(Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: '#rrggbb' }))),
  parent_context_id: Type.Optional(Nullable(Uuid())),
  user_id: Type.Optional(Uuid('Read-only: naming another user is 403')),
  id: Type.Optional(Type.Unknown()),
  created_at: Type.Optional(Type.Unknown()),
  updated_at: Type.Optional(Type.Unknown()),
};

export const ContextCreate = Body({ name: Type.String({ minLength: 1, maxLength: 10_000, description: '1..500 characters after trimming' }), ...fields });
export const ContextUpdate = Body({ name: Type.Optional(Type.String({ minLength: 1, maxLength: 10_000, description: '1..500 characters after trimming' })), ...fields });

const sortPattern = `^-?(${CONTEXT_SORT_FIELDS.join('|')})(,-?(${CONTEXT_SORT_FIELDS.join('|')})){0,5}$`;

export const ContextListQuery = Query({
  ...PageQuery,
  parent_context_id: Type.Optional(Type.String({
    pattern: '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|null)$',
    description: 'Only direct children of this context; the word null for top-level contexts',
  })),
  sort: Type.Optional(Type.String({ pattern: sortPattern, maxLength: 100, description: `Comma-separated fields of ${CONTEXT_SORT_FIELDS.join(', ')}; leading - for descending. Default -created_at` })),
});

export const DeleteContextQuery = Query({
  cascade: Type.Optional(Type.Boolean({ description: 'Delete the whole subtree with its tasks, events, comments and shares' })),
});

const PermissionEnum = Type.Unsafe<'read' | 'write' | 'admin'>({ type: 'string', enum: ['read', 'write', 'admin'] });

export const ShareBody = Body({ user_email: Type.String({ minLength: 3, maxLength: 320 }), permission: PermissionEnum });

export const Share = Type.Object({
  context_id: Uuid(),
  shared_with: Type.Object({ user_id: Uuid(), email: Type.String() }),
  permission: PermissionEnum,
  shared_at: Timestamp(),
  shared_by: Uuid('Who made or last changed the share'),
}, { title: 'Share' });

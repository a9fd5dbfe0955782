import { Type } from '@sinclair/typebox';
import { CONTEXT_SORT_FIELDS } from '../../core/contexts/context.js';
import { Body, CommaList, Nullable, PageQuery, Query, sortKeys, Timestamp, Uuid } from './common.js';

export const Context = Type.Object(
  {
    id: Uuid(),
    name: Type.String(),
    description: Nullable(Type.String()),
    color: Nullable(Type.String({ pattern: '^#[0-9a-f]{6}$', description: 'Hex colour #rrggbb (stored lower-case)' })),
    created_at: Timestamp(),
    updated_at: Timestamp(),
    user_id: Uuid('Owner'),
    parent_context_id: Nullable(Uuid('Parent context; contexts nest at most 3 levels')),
  },
  {
    $id: 'Context',
    title: 'Context',
    examples: [
      {
        id: '1c6f8e2a-5b3d-4f7e-9a0c-8d2e4b6a1f93',
        name: 'Work',
        description: 'Everything for the office',
        color: '#3366cc',
        created_at: '2026-11-20T08:00:00.000Z',
        updated_at: '2026-11-20T08:00:00.000Z',
        user_id: '9f5c2a7e-1d3b-4c8e-a6f0-2b7d9e4c1a35',
        parent_context_id: null,
      },
    ],
  },
);

const fields = {
  description: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  color: Type.Optional(Nullable(Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: '#rrggbb' }))),
  parent_context_id: Type.Optional(Nullable(Uuid())),
  user_id: Type.Optional(Uuid('Read-only: naming another user is 403')),
  id: Type.Optional(Type.String({ format: 'uuid', readOnly: true, description: 'Read-only: ignored' })),
  created_at: Type.Optional(Type.String({ format: 'date-time', readOnly: true, description: 'Read-only: ignored' })),
  updated_at: Type.Optional(Type.String({ format: 'date-time', readOnly: true, description: 'Read-only: ignored' })),
};

export const ContextCreate = Body(
  { name: Type.String({ minLength: 1, maxLength: 10_000, description: '1..500 characters after trimming' }), ...fields },
  { $id: 'ContextCreate', title: 'ContextCreate', examples: [{ name: 'Work', color: '#3366cc' }] },
);
export const ContextUpdate = Body(
  { name: Type.Optional(Type.String({ minLength: 1, maxLength: 10_000, description: '1..500 characters after trimming' })), ...fields },
  { $id: 'ContextUpdate', title: 'ContextUpdate', examples: [{ description: 'Office and clients' }] },
);

export const ContextListQuery = Query({
  ...PageQuery,
  parent_context_id: Type.Optional(
    Type.String({
      pattern: '^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|null)$',
      description: 'Only direct children of this context; the word null for top-level contexts',
    }),
  ),
  sort: Type.Optional(
    CommaList(sortKeys(CONTEXT_SORT_FIELDS), {
      maxItems: 6,
      description: 'Sort keys, comma-separated, each with an optional leading - for descending. Default -created_at',
    }),
  ),
});

export const DeleteContextQuery = Query({
  cascade: Type.Optional(Type.Boolean({ description: 'Delete the whole subtree with its tasks, events, comments and shares' })),
});

const PermissionEnum = Type.Unsafe<'read' | 'write' | 'admin'>({ type: 'string', enum: ['read', 'write', 'admin'] });

export const ShareBody = Body(
  { user_email: Type.String({ minLength: 3, maxLength: 320 }), permission: PermissionEnum },
  { examples: [{ user_email: 'sam@example.com', permission: 'write' }] },
);

export const Share = Type.Object(
  {
    context_id: Uuid(),
    shared_with: Type.Object({ user_id: Uuid(), email: Type.String() }),
    permission: PermissionEnum,
    shared_at: Timestamp(),
    shared_by: Uuid('Who made or last changed the share'),
  },
  {
    $id: 'Share',
    title: 'Share',
    examples: [
      {
        context_id: '1c6f8e2a-5b3d-4f7e-9a0c-8d2e4b6a1f93',
        shared_with: { user_id: '7a1e3c5d-9b2f-4d6a-8c0e-1f3a5b7d9e2c', email: 'sam@example.com' },
        permission: 'write',
        shared_at: '2026-11-26T09:00:00.000Z',
        shared_by: '9f5c2a7e-1d3b-4c8e-a6f0-2b7d9e4c1a35',
      },
    ],
  },
);

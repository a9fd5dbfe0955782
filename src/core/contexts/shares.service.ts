/** Sharing a context with collaborators (SPEC "Access control rules", D9). */
import type { Db } from '../../db/database.js';
import type { ContextSharesTable } from '../../db/schema.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { Actor } from '../actor.js';
import { findUserByEmail } from '../accounts/users.store.js';
import { shareRemoved, shareSaved } from '../changes/change.js';
import { recordChanges } from '../changes/change-log.js';
import { notFound, unprocessable } from '../errors.js';
import { nowIso } from '../ids.js';
import type { ContextsService } from './contexts.service.js';
import * as store from './shares.store.js';

export type SharePermission = ContextSharesTable['permission'];

export interface Share {
  context_id: string;
  shared_with: { user_id: string; email: string };
  permission: SharePermission;
  shared_at: string;
  shared_by: string;
}

const toShare = (row: ContextSharesTable & { email: string }): Share => ({
  context_id: row.context_id,
  shared_with: { user_id: row.user_id, email: row.email },
  permission: row.permission,
  shared_at: row.shared_at,
  shared_by: row.shared_by,
});

export function createSharesService(db: Db, contexts: ContextsService) {
  const uow = unitOfWork(db);
  return {
    /** Creates a share (created: true, 201) or changes the permission of an existing one (200). */
    async share(actor: Actor, contextId: string, userEmail: string, permission: SharePermission) {
      return uow.write(async (tx) => {
        const { row: context } = await contexts.loadFor(tx, actor, contextId, 'share');
        const user = await findUserByEmail(tx, userEmail.trim());
        if (!user) throw notFound('User');
        if (user.id === actor.userId) throw unprocessable('user_email', 'self', 'You cannot share a context with yourself');
        if (user.id === context.user_id && context.parent_context_id === null)
          throw unprocessable('user_email', 'owner', 'The owner already has every right on the context');
        const existing = await store.findShare(tx, contextId, user.id);
        const at = nowIso();
        let row: ContextSharesTable;
        if (existing) {
          row = { ...existing, permission, shared_by: actor.userId };
          await store.updateSharePermission(tx, contextId, user.id, { permission, shared_by: actor.userId });
        } else {
          row = { context_id: contextId, user_id: user.id, permission, shared_at: at, shared_by: actor.userId };
          await store.insertShare(tx, row);
        }
        await recordChanges(tx, actor, [shareSaved(context, user.id, permission, existing?.permission ?? null)]);
        return { share: toShare({ ...row, email: user.email }), created: !existing };
      });
    },

    async list(actor: Actor, contextId: string): Promise<Share[]> {
      return uow.read(async (q) => {
        await contexts.loadFor(q, actor, contextId, 'read');
        return (await store.listShares(q, contextId)).map(toShare);
      });
    },

    /** Owners and admins remove anyone; a collaborator may remove their own share (leave). */
    async remove(actor: Actor, contextId: string, userId: string): Promise<void> {
      await uow.write(async (tx) => {
        const { row: context } = await contexts.loadFor(tx, actor, contextId, 'remove_collaborator', { self: userId === actor.userId });
        if (!(await store.deleteShare(tx, contextId, userId))) throw notFound('Collaborator');
        await recordChanges(tx, actor, [shareRemoved(context, userId)]);
      });
    },
  };
}

export type SharesService = ReturnType<typeof createSharesService>;

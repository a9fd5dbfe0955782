/** /settings/authorized: the apps a user let in, and Revoke (D20). */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../../core/errors.js';
import type { OAuthService } from '../../../core/oauth/oauth.service.js';
import { noticeOf, requireUser, seeOther, sendPage, type WebContext } from '../context.js';
import { authorizedPage } from '../views/authorized.js';
import { messagePage } from '../views/message.js';

export async function authorizedPages(app: FastifyInstance, ctx: WebContext, oauth: OAuthService) {
  app.get('/settings/authorized', async (req, reply) => {
    const user = await requireUser(ctx, req);
    return sendPage(reply, 200, authorizedPage({ user: user.view, apps: await oauth.authorized(user.actor), notice: noticeOf(req) }));
  });

  app.post<{ Params: { id: string } }>('/settings/authorized/:id/revoke', async (req, reply) => {
    const user = await requireUser(ctx, req);
    try {
      await oauth.revokeAuthorization(user.actor, req.params.id.slice(0, 100));
    } catch (err) {
      if (err instanceof DomainError && err.code === 'not_found') {
        return sendPage(reply, 404, messagePage('Not authorized', 'This app has no access to your account (any more).', { signedIn: true }));
      }
      throw err;
    }
    return seeOther(reply, '/settings/authorized?notice=app-revoked');
  });
}

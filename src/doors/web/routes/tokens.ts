/** /settings/tokens: create, list and revoke API tokens. */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../../core/errors.js';
import { noticeOf, requireUser, seeOther, sendPage, type WebContext } from '../context.js';
import { field } from '../forms.js';
import { messagePage } from '../views/message.js';
import { revokePage, tokensPage, type NewToken } from '../views/tokens.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function tokenPages(app: FastifyInstance, ctx: WebContext) {
  const { accounts } = ctx;

  app.get('/settings', async (_req, reply) => seeOther(reply, '/settings/tokens'));

  app.get('/settings/tokens', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const created = ctx.newToken.take<NewToken>(req, reply, user.session);
    const { items: tokens } = await accounts.listTokens(user.actor.userId);
    return sendPage(reply, 200, tokensPage({ user: user.view, tokens, created, notice: noticeOf(req) }));
  });

  // The new token travels from this post to the page it redirects to in a sealed, session-bound,
  // one-time cookie (sealed-cookie.ts): never stored in clear, never put in a URL, never logged,
  // and a reload of the page neither shows it again nor makes another (D23). No-store throughout.
  app.post('/settings/tokens', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const name = field(req, 'name', 200).trim();
    const days = field(req, 'expires_in_days', 10).trim();
    const n = Number(days);
    const error = !name
      ? 'Give the token a name, so you can tell it apart later.'
      : !/^\d+$/.test(days) || n < 1 || n > 3650
        ? 'The lifetime must be a whole number of days from 1 to 3650.'
        : null;
    if (error) {
      const { items: tokens } = await accounts.listTokens(user.actor.userId);
      return sendPage(reply, 400, tokensPage({ user: user.view, tokens, form: { name, days, error } }));
    }
    let created: Awaited<ReturnType<typeof accounts.issueToken>>;
    try {
      created = await accounts.issueToken(user.actor.userId, name, n);
    } catch (err) {
      if (!(err instanceof DomainError && err.code === 'unprocessable_entity')) throw err;
      const { items: tokens } = await accounts.listTokens(user.actor.userId);
      return sendPage(reply, 422, tokensPage({ user: user.view, tokens, form: { name, days, error: err.message } }));
    }
    ctx.newToken.put(req, reply, user.session, { name: created.name, token: created.token, expires_at: created.expires_at } satisfies NewToken);
    return seeOther(reply, '/settings/tokens');
  });

  app.get<{ Params: { id: string } }>('/settings/tokens/:id/revoke', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const token = UUID.test(req.params.id) ? await accounts.findToken(user.actor.userId, req.params.id) : undefined;
    if (!token) return sendPage(reply, 404, messagePage('Token not found', 'This token does not exist or was already revoked.', { signedIn: true }));
    return sendPage(reply, 200, revokePage({ user: user.view, token }));
  });

  app.post<{ Params: { id: string } }>('/settings/tokens/:id/revoke', async (req, reply) => {
    const user = await requireUser(ctx, req);
    try {
      if (!UUID.test(req.params.id)) throw new DomainError('not_found', 'Token not found');
      await accounts.revokeToken(user.actor.userId, req.params.id);
    } catch (err) {
      if (err instanceof DomainError && err.code === 'not_found') {
        return sendPage(reply, 404, messagePage('Token not found', 'This token does not exist or was already revoked.', { signedIn: true }));
      }
      throw err;
    }
    return seeOther(reply, '/settings/tokens?notice=revoked');
  });
}

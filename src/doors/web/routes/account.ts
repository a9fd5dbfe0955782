/** /settings/account: profile, intake address, password. */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../../core/errors.js';
import { noticeOf, requireUser, seeOther, sendPage, type WebContext } from '../context.js';
import { field } from '../forms.js';
import { startSession } from '../session.js';
import { accountPage } from '../views/account.js';

export async function accountPages(app: FastifyInstance, ctx: WebContext) {
  const { accounts } = ctx;

  app.get('/settings/account', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const account = await accounts.getAccount(user.actor.userId);
    return sendPage(reply, 200, accountPage({ user: user.view, account, notice: noticeOf(req) }));
  });

  app.post('/settings/account/intake-address', async (req, reply) => {
    const user = await requireUser(ctx, req);
    await accounts.rotateIntakeAddress(user.actor.userId);
    return seeOther(reply, '/settings/account?notice=intake-rotated');
  });

  app.post('/settings/account/password', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const current = field(req, 'current_password');
    const next = field(req, 'new_password');
    const again = async (status: number, passwordError: string) => {
      const account = await accounts.getAccount(user.actor.userId);
      return sendPage(reply, status, accountPage({ user: user.view, account, passwordError }));
    };
    if (!current || !next) return again(400, 'Fill in your current password and the new one.');
    if (next !== field(req, 'confirm_password')) return again(422, 'The two new passwords do not match.');
    try {
      await accounts.changePassword(user.actor.userId, current, next);
    } catch (err) {
      if (err instanceof DomainError && err.extra.details?.field === 'current_password') return again(422, 'Your current password is not right.');
      if (err instanceof DomainError && err.extra.details?.field === 'password') return again(422, 'The new password must be at least 10 characters.');
      throw err;
    }
    // Changing the password ends every session, this one too; start a fresh one here.
    const { session, maxAgeS } = await accounts.login(user.actor.email, next, req.ip);
    startSession(req, reply, session, maxAgeS);
    return seeOther(reply, '/settings/account?notice=password-changed');
  });
}

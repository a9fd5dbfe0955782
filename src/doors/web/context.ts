/** What every page handler needs, and the small helpers they share. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountsService } from '../../core/accounts/accounts.service.js';
import type { Csrf } from './csrf.js';
import { currentSession, type SignedIn } from './session.js';

export interface WebContext {
  accounts: AccountsService;
  csrf: Csrf;
  allowSignup: boolean;
}

/** Thrown by pages that need a session; the error handler turns it into a redirect to sign-in. */
export class SignInRequired extends Error {}

export interface PageUser extends SignedIn {
  /** What the layout needs: the email for the header and the CSRF token for every form. */
  view: { email: string; csrf: string };
}

export async function requireUser(ctx: WebContext, req: FastifyRequest): Promise<PageUser> {
  const signed = await currentSession(req, ctx.accounts);
  if (!signed) throw new SignInRequired();
  return { ...signed, view: { email: signed.actor.email, csrf: ctx.csrf.forSession(signed.session) } };
}

/** HTML pages hold CSRF tokens and personal data: never cached. */
export function sendPage(reply: FastifyReply, status: number, page: string) {
  return reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(page);
}

/** Post/Redirect/Get: a 303 so reloading the next page does not repeat the post. */
export const seeOther = (reply: FastifyReply, location: string) => reply.code(303).header('Location', location).send();

// Confirmations after a redirect travel as a short key in the URL, never with any data in it.
const NOTICES: Record<string, string> = {
  welcome: 'Your account is ready. Create a token to use the API.',
  revoked: 'Token revoked. It no longer works.',
  'intake-rotated': 'Your new intake address is ready; the old one no longer accepts mail.',
  'password-changed': 'Password changed. Your other sessions were signed out.',
  'signed-out': 'You are signed out.',
  'app-saved': 'App saved.',
  'app-deleted': 'App deleted. Its tokens no longer work.',
  'app-revoked': 'Access revoked. The app can no longer use your account.',
};

export const noticeOf = (req: FastifyRequest) => {
  const key = (req.query as Record<string, unknown>)?.notice;
  return typeof key === 'string' ? NOTICES[key] ?? null : null;
};

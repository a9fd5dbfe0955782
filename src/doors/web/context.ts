/** What every page handler needs, and the small helpers they share. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountsService } from '../../core/accounts/accounts.service.js';
import type { Csrf } from './csrf.js';
import type { createSealedCookie } from './sealed-cookie.js';
import { currentSession, type SignedIn } from './session.js';

export interface WebContext {
  accounts: AccountsService;
  csrf: Csrf;
  allowSignup: boolean;
  /** Carries a new token from its POST to the page the POST redirects to (post/redirect/get). */
  newToken: ReturnType<typeof createSealedCookie>;
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
  // A signed-in form counts only with the token of this very session, not a pre-sign-in one (D23).
  if (req.method === 'POST') ctx.csrf.verifyForSession(req, signed.session);
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
  // Own keys only: `?notice=toString` must not print what every object inherits (D23).
  return typeof key === 'string' && Object.hasOwn(NOTICES, key) ? NOTICES[key] : null;
};

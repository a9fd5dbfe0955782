/**
 * The pages of an OAuth authorization (D20): sign in if needed, then consent with Approve and
 * Deny. Unknown scopes end the request with `invalid_scope` before anything is shown. The consent
 * page's CSP lets its form lead to the app: Chromium applies `form-action` to every redirect that
 * follows the post, and the last one goes to the app's registered redirect URI.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DomainError } from '../../../core/errors.js';
import type { OAuthService } from '../../../core/oauth/oauth.service.js';
import { isScope } from '../../../core/oauth/scopes.js';
import { requireUser, seeOther, sendPage, type WebContext } from '../context.js';
import { field } from '../forms.js';
import type { OAuthInteractions, PendingAuthorization } from '../oauth-port.js';
import { currentSession, startSession } from '../session.js';
import { consentPage, consentSignInPage } from '../views/consent.js';
import { messagePage } from '../views/message.js';

type Params = { Params: { uid: string } };

const CONSENT_CSP = (redirectOrigin: string) =>
  `default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self' ${redirectOrigin}; frame-ancestors 'none'; base-uri 'none'`;

export async function consentPages(app: FastifyInstance, ctx: WebContext, oauth: OAuthService, interactions: OAuthInteractions) {
  const expired = (reply: FastifyReply) =>
    sendPage(
      reply,
      400,
      messagePage('This request has expired', 'This authorization request is unknown or too old (they last an hour). Go back to the app and start again.'),
    );

  /** The pending authorization of this browser, or null when there is none for this uid. */
  const pending = async (req: FastifyRequest<Params>, reply: FastifyReply): Promise<PendingAuthorization | null> => {
    try {
      const p = await interactions.details(req.raw, reply.raw);
      return p.uid === req.params.uid ? p : null;
    } catch (err) {
      req.log.info({ err }, 'no pending authorization');
      return null;
    }
  };

  const appName = async (clientId: string) => (await oauth.clientMetadata(clientId))?.client_name ?? 'An app';

  app.get<Params>('/oauth/interaction/:uid', async (req, reply) => {
    const p = await pending(req, reply);
    if (!p) return expired(reply);
    // RFC 6749 4.1.2.1: a scope this server does not offer is the app's error, sent back to it.
    const unknown = p.scopes.filter((s) => !isScope(s));
    if (unknown.length || !p.scopes.length) {
      const description = unknown.length ? `unknown scope: ${unknown.join(' ')}` : 'no scope requested';
      return seeOther(reply, await interactions.refuse(req.raw, reply.raw, 'invalid_scope', description));
    }
    const name = await appName(p.clientId);
    const signed = await currentSession(req, ctx.accounts);
    if (!signed) return sendPage(reply, 200, consentSignInPage({ csrf: ctx.csrf.forVisitor(req, reply), uid: p.uid, appName: name }));
    const user = await requireUser(ctx, req);
    const redirectOrigin = new URL(p.redirectUri).origin;
    reply.header('Content-Security-Policy', CONSENT_CSP(redirectOrigin));
    return sendPage(reply, 200, consentPage({ user: user.view, uid: p.uid, appName: name, scopes: p.scopes, redirectOrigin }));
  });

  app.post<Params>('/oauth/interaction/:uid/login', async (req, reply) => {
    const p = await pending(req, reply);
    if (!p) return expired(reply);
    const email = field(req, 'email', 320).trim();
    const password = field(req, 'password');
    const again = async (status: number, error: string) =>
      sendPage(reply, status, consentSignInPage({ csrf: ctx.csrf.forVisitor(req, reply), uid: p.uid, appName: await appName(p.clientId), email, error }));
    if (!email || !password) return again(400, 'Enter your email and your password.');
    try {
      const { session, maxAgeS } = await ctx.accounts.login(email, password, req.ip);
      startSession(req, reply, session, maxAgeS);
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      if (err.code === 'unauthorized') return again(401, 'Wrong email or password.');
      if (err.code === 'rate_limit_exceeded') {
        const wait = err.extra.retryAfter ?? 900;
        reply.header('Retry-After', String(wait));
        return again(429, `Too many failed sign-in attempts. Try again in ${Math.ceil(wait / 60)} minutes.`);
      }
      throw err;
    }
    return seeOther(reply, `/oauth/interaction/${p.uid}`);
  });

  app.post<Params>('/oauth/interaction/:uid/decision', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const p = await pending(req, reply);
    if (!p) return expired(reply);
    if (field(req, 'decision', 20) !== 'approve') {
      return seeOther(reply, await interactions.refuse(req.raw, reply.raw, 'access_denied', 'the user denied the request'));
    }
    if (p.scopes.some((s) => !isScope(s))) return expired(reply);
    return seeOther(reply, await interactions.approve(req.raw, reply.raw, user.actor.userId, p.scopes));
  });
}

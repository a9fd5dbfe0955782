/**
 * The account pages (DECISIONS D1, issue 5): server-rendered HTML over the same account use cases
 * as the JSON routes. This plugin scope owns its form parser, CSRF check, security headers and an
 * error handler that answers with pages instead of JSON.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AccountsService } from '../../core/accounts/accounts.service.js';
import { DomainError } from '../../core/errors.js';
import { statusOf } from '../../http/errors.js';
import { SignInRequired, seeOther, sendPage, type WebContext } from './context.js';
import { createCsrf, CsrfError } from './csrf.js';
import { createSealedCookie } from './sealed-cookie.js';
import { acceptForms } from './forms.js';
import type { OAuthService } from '../../core/oauth/oauth.service.js';
import type { OAuthInteractions } from './oauth-port.js';
import { accountPages } from './routes/account.js';
import { appPages } from './routes/apps.js';
import { authorizedPages } from './routes/authorized.js';
import { consentPages } from './routes/consent.js';
import { authPages } from './routes/auth.js';
import { tokenPages } from './routes/tokens.js';
import { staticRoutes } from './static.js';
import { messagePage } from './views/message.js';

export interface WebOptions {
  accounts: AccountsService;
  allowSignup: boolean;
  /** Key material for the CSRF tokens (the service's signing secret; a derived key is used). */
  secret: Uint8Array;
  /** OAuth (D20): the apps pages, and the consent pages when the authorization server runs. */
  oauth?: OAuthService;
  interactions?: OAuthInteractions;
}

const CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export async function webPages(app: FastifyInstance, opts: WebOptions) {
  const ctx: WebContext = {
    accounts: opts.accounts,
    allowSignup: opts.allowSignup,
    csrf: createCsrf(opts.secret),
    newToken: createSealedCookie(opts.secret, 'agendum_new_token', '/settings/tokens', 300),
  };

  // Pages are not part of the API: keep them out of the OpenAPI document.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true } as typeof route.schema;
  });
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Content-Security-Policy', CSP);
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('Referrer-Policy', 'same-origin');
    reply.header('X-Frame-Options', 'DENY');
    reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  });
  acceptForms(app);
  app.addHook('preHandler', async (req) => {
    if (req.method === 'POST') ctx.csrf.verify(req);
  });
  app.setErrorHandler((err: FastifyError, req, reply) => pageForError(err, req, reply));

  await staticRoutes(app);
  await authPages(app, ctx);
  await tokenPages(app, ctx);
  await accountPages(app, ctx);
  if (opts.oauth) {
    await appPages(app, ctx, opts.oauth);
    await authorizedPages(app, ctx, opts.oauth);
    if (opts.interactions) await consentPages(app, ctx, opts.oauth, opts.interactions);
  }
}

function pageForError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof SignInRequired) return seeOther(reply, '/');
  if (err instanceof CsrfError) {
    req.log.info({ reason: err.message }, 'form refused by CSRF check');
    return sendPage(
      reply,
      403,
      messagePage('Form refused', 'This form could not be verified: it may have expired or come from another site. Go back, reload the page and try again.'),
    );
  }
  if (err instanceof DomainError && (err.code === 'rate_limit_exceeded' || err.code === 'service_unavailable')) {
    if (err.extra.retryAfter !== undefined) reply.header('Retry-After', String(err.extra.retryAfter));
    return sendPage(reply, err.code === 'rate_limit_exceeded' ? 429 : 503, messagePage('Please wait', `${err.message}.`));
  }
  // Any other refusal of the request (a NUL in the query, a malformed id) is its 4xx, as on the API.
  if (err instanceof DomainError && statusOf(err) < 500) {
    const title = { 403: 'Not allowed', 404: 'Not found' }[statusOf(err)] ?? 'Request refused';
    return sendPage(reply, statusOf(err), messagePage(title, err.message));
  }
  const status = typeof err.statusCode === 'number' && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
  if (status === 500) {
    req.log.error({ err }, 'unhandled error on a page');
    return sendPage(reply, 500, messagePage('Something went wrong', `Please try again. If it keeps happening, quote this reference: ${req.id}`));
  }
  const message =
    status === 413
      ? 'What you sent is too large.'
      : status === 415
        ? 'Forms must be sent as application/x-www-form-urlencoded.'
        : 'The request could not be understood.';
  return sendPage(reply, status, messagePage('Request refused', message));
}

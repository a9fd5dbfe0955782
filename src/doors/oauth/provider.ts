/**
 * The authorization server (D20) on `oidc-provider`, a certified OpenID/OAuth implementation.
 * Authorization code with PKCE (S256 only), refresh tokens only with `offline_access` and rotated
 * on every use (a reused one revokes its grant: the library's own rule), revocation (RFC 7009),
 * and JWT access tokens signed with the service's secret so the API verifies them on the same
 * path as API tokens (core/accounts), with `scope`, `client_id` and `gid` (their grant).
 */
import { createHmac, createPrivateKey } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Provider, { errors, type Configuration, type KoaContextWithOIDC } from 'oidc-provider';
import type { AccountsService } from '../../core/accounts/accounts.service.js';
import { DomainError } from '../../core/errors.js';
import type { OAuthService } from '../../core/oauth/oauth.service.js';
import { ALL_SCOPES, apiAudience, parseScope } from '../../core/oauth/scopes.js';
import { adapterFactory } from './adapter.js';

/** Access tokens live 15 minutes; revoking the app stops them sooner (every request checks the grant). */
const ACCESS_TOKEN_TTL_S = 15 * 60;
const REFRESH_TOKEN_TTL_S = 30 * 86_400;
const GRANT_TTL_S = 365 * 86_400;
export const OAUTH_PREFIX = '/oauth';
export const SESSION_COOKIE = 'agendum_oauth_session';

export interface OAuthServerOptions {
  issuer: string;
  secret: Uint8Array;
  oauth: OAuthService;
  accounts: AccountsService;
  /** The page shown for errors that must not go back to the app (unknown client, bad redirect URI). */
  errorPage(title: string, message: string): string;
  log?: { error(obj: unknown, msg: string): void };
}

const API_SCOPES = ALL_SCOPES.filter((s) => s !== 'offline_access');

export function createAuthorizationServer(opts: OAuthServerOptions) {
  const audience = apiAudience(opts.issuer);
  const key = (purpose: string) => createHmac('sha256', opts.secret).update(`agendum oauth ${purpose} v1`).digest();

  const configuration: Configuration = {
    adapter: adapterFactory(opts.oauth),
    clients: [],
    // Access tokens are HMAC-signed with the service secret and no ID tokens are issued; the library
    // still wants one signing key for its client defaults. Derived from the secret, so every
    // process holds the same one.
    jwks: { keys: [signingJwk(key('signing key'))] },
    clientDefaults: { id_token_signed_response_alg: 'Ed25519' },
    // No OpenID Connect: only the scopes of this API (and offline_access) are offered.
    scopes: ['offline_access'],
    claims: {},
    responseTypes: ['code'],
    pkce: { required: () => true },
    // Confidential apps send their secret with HTTP Basic; public apps (no secret) rely on PKCE.
    clientAuthMethods: ['client_secret_basic', 'none'],
    // Browser apps may call the token endpoint from the origins of their redirect URIs, and only
    // public ones (a confidential app's secret has no business in a browser).
    clientBasedCORS: (_ctx, origin, client) =>
      client.clientAuthMethod === 'none' && origin !== 'null' && (client.redirectUris ?? []).some((uri) => URL.parse(uri)?.origin === origin),
    cookies: {
      keys: [key('cookies').toString('base64url')],
      names: { session: SESSION_COOKIE, interaction: 'agendum_oauth_interaction', resume: 'agendum_oauth_resume' },
      long: { httpOnly: true, sameSite: 'lax' },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => audience,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, resource) => {
          if (resource !== audience) throw new errors.InvalidTarget();
          return {
            scope: API_SCOPES.join(' '),
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL_S,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'HS256', key: Buffer.from(opts.secret) } },
          };
        },
      },
    },
    formats: {
      customizers: {
        // The grant id lets the API refuse a token whose grant was revoked, before it expires.
        jwt: (_ctx, token, jwt) => {
          if ('grantId' in token) jwt.payload.gid = token.grantId;
        },
      },
    },
    rotateRefreshToken: true,
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_S,
      AuthorizationCode: 60,
      RefreshToken: REFRESH_TOKEN_TTL_S,
      Grant: GRANT_TTL_S,
      Interaction: 3600,
      // Only lives for one authorization (see plugin.ts): the service's own session is the login.
      Session: 3600,
    },
    // Every authorization asks the user, even for an app they approved before: only the grant
    // made by the consent just given (on resuming the request) counts.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId;
      return grantId ? ctx.oidc.provider.Grant.find(grantId) : undefined;
    },
    interactions: { url: (_ctx, interaction) => `${OAUTH_PREFIX}/interaction/${interaction.uid}` },
    async findAccount(_ctx, id) {
      try {
        await opts.accounts.getAccount(id);
      } catch (err) {
        if (err instanceof DomainError && err.code === 'not_found') return undefined;
        throw err;
      }
      return { accountId: id, claims: () => ({ sub: id }) };
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = opts.errorPage('This app’s request cannot be completed', describe(out));
    },
  };

  const provider = new Provider(opts.issuer, configuration);
  // The mount sets the forwarded host and protocol itself, from the issuer (see plugin.ts).
  provider.proxy = true;
  provider.on('server_error', (_ctx: unknown, err: unknown) => opts.log?.error({ err }, 'authorization server error'));

  provider.use(async (ctx, next) => {
    // The library follows OpenID Connect here: offline_access counts only with prompt=consent.
    // This server asks for consent on every authorization anyway, so a plain OAuth 2.0 request
    // for offline_access gets that prompt added and its refresh token.
    if (ctx.method === 'GET' && ctx.path === '/auth') {
      const query = new URLSearchParams(ctx.querystring);
      if (parseScope(query.get('scope')).includes('offline_access') && !query.has('prompt')) {
        query.set('prompt', 'consent');
        ctx.querystring = query.toString();
        // Keep the mount point findable (the library compares the original URL with this one).
        (ctx.req as { originalUrl?: string }).originalUrl = `${OAUTH_PREFIX}${ctx.url}`;
      }
    }
    await next();
    // Discovery lists the scopes of the API (the library only knows its own static ones).
    const oidcCtx = (ctx as KoaContextWithOIDC).oidc;
    if (oidcCtx?.route === 'discovery' && ctx.body && typeof ctx.body === 'object') {
      const body = ctx.body as Record<string, unknown>;
      body.scopes_supported = ALL_SCOPES;
      delete body.claims_supported;
      delete body.claim_types_supported;
      delete body.subject_types_supported;
      delete body.id_token_signing_alg_values_supported;
      delete body.jwks_uri;
    }
  });

  return { provider, audience, interactions: interactionPort(provider, audience) };
}

/** What the consent pages (web door) need from the authorization server, in plain terms. */
function interactionPort(provider: Provider, audience: string) {
  return {
    async details(req: IncomingMessage, res: ServerResponse) {
      const d = await provider.interactionDetails(req, res);
      return {
        uid: d.uid,
        clientId: String(d.params.client_id),
        scopes: parseScope(d.params.scope as string | undefined),
        redirectUri: String(d.params.redirect_uri),
        accountId: d.session?.accountId,
      };
    },

    /** Records the user's approval as a grant; returns where the browser goes next. */
    async approve(req: IncomingMessage, res: ServerResponse, accountId: string, scopes: string[]) {
      const d = await provider.interactionDetails(req, res);
      const grant = new provider.Grant({ accountId, clientId: String(d.params.client_id) });
      if (scopes.includes('offline_access')) grant.addOIDCScope('offline_access');
      const api = scopes.filter((s) => s !== 'offline_access');
      if (api.length) grant.addResourceScope(audience, api.join(' '));
      const grantId = await grant.save();
      return provider.interactionResult(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
    },

    async refuse(req: IncomingMessage, res: ServerResponse, error: 'access_denied' | 'invalid_scope', description: string) {
      return provider.interactionResult(req, res, { error, error_description: description }, { mergeWithLastSubmission: false });
    },
  };
}

/** An Ed25519 private key (as a JWK) whose seed is the given 32 bytes. */
function signingJwk(seed: Buffer) {
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed]);
  const jwk = createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({ format: 'jwk' });
  return { ...jwk, use: 'sig', alg: 'Ed25519', kid: createHmac('sha256', seed).update('kid').digest('base64url').slice(0, 16) };
}

export type AuthorizationServer = ReturnType<typeof createAuthorizationServer>;

/** The library's error, said for a person (only shown when it cannot go back to the app). */
function describe(out: { error?: string; error_description?: string }): string {
  const d = out.error_description ?? '';
  if (/client is invalid|client_id/i.test(d) || out.error === 'invalid_client') {
    return 'The app that sent you here is not registered on this server (unknown client id). Nothing was shared. Tell the app’s developer.';
  }
  if (/redirect_uri/i.test(d)) {
    return 'The app asked to send you back to an address it has not registered (redirect URI mismatch). For your safety you were not sent there. Tell the app’s developer.';
  }
  return `The request could not be completed (${out.error ?? 'error'}${d ? `: ${d}` : ''}). Go back to the app and try again.`;
}

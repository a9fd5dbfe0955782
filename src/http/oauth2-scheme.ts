/** The OpenAPI security scheme of OAuth apps (D20): authorization code with PKCE, every scope described. */
import { SCOPES } from '../core/oauth/scopes.js';

export const oauth2SecurityScheme = (issuer: string) => ({
  type: 'oauth2' as const,
  description:
    'OAuth 2.0 for apps that act for other people (docs/oauth.md): authorization code with PKCE (S256), ' +
    'refresh tokens with offline_access. Each operation lists the scopes it needs; a token without them gets 403 insufficient_scope.',
  flows: {
    authorizationCode: {
      authorizationUrl: `${issuer}/oauth/auth`,
      tokenUrl: `${issuer}/oauth/token`,
      refreshUrl: `${issuer}/oauth/token`,
      scopes: { ...SCOPES },
    },
  },
});

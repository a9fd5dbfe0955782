/**
 * The library's storage interface over the service's own database (D20), so every process on one
 * PostgreSQL shares clients, grants, codes, refresh tokens, sessions and interactions. Clients are
 * the apps users register (read-only here); every other model lives in one generic table.
 */
import { errors, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { OAuthService } from '../../core/oauth/oauth.service.js';

export function adapterFactory(oauth: OAuthService) {
  return (model: string): Adapter => (model === 'Client' ? clientAdapter(oauth) : stateAdapter(oauth, model));
}

function clientAdapter(oauth: OAuthService): Adapter {
  const readOnly = async () => {
    throw new Error('clients are registered on /settings/apps, not through the authorization server');
  };
  return {
    find: async (id) => (await oauth.clientMetadata(id)) as AdapterPayload | undefined,
    upsert: readOnly,
    consume: readOnly,
    destroy: readOnly,
    revokeByGrantId: readOnly,
    findByUid: async () => undefined,
    findByUserCode: async () => undefined,
  };
}

function stateAdapter(oauth: OAuthService, model: string): Adapter {
  const state = oauth.state(model);
  return {
    upsert: (id, payload, expiresIn) => state.upsert(id, payload as Record<string, unknown>, expiresIn),
    find: async (id) => (await state.find(id)) as AdapterPayload | undefined,
    findByUid: async (uid) => (await state.findByUid(uid)) as AdapterPayload | undefined,
    findByUserCode: async (code) => (await state.findByUserCode(code)) as AdapterPayload | undefined,
    async consume(id) {
      // Two token requests racing with one code (or refresh token) both read it unconsumed; only
      // the first consume wins, and the second is a reuse: refused, and the grant revoked.
      if (!(await state.consume(id))) {
        await state.revokeGrantOf(id);
        throw new errors.InvalidGrant('grant request is invalid');
      }
    },
    destroy: (id) => state.destroy(id),
    revokeByGrantId: (grantId) => state.revokeByGrantId(grantId),
  };
}

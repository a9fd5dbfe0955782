/**
 * OAuth 2.0 use cases (D20) that are not the protocol itself: the apps a user registers, the apps
 * a user has authorized, and the records the authorization server keeps (its adapter calls
 * `state(model)`). The protocol runs in the OAuth door on a certified library.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import type { OAuthAppsTable } from '../../db/schema.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import { findUserById } from '../accounts/users.store.js';
import type { Actor } from '../actor.js';
import { notFound, unprocessable } from '../errors.js';
import { nowIso } from '../ids.js';
import * as store from './oauth.store.js';
import { checkRedirectUris } from './redirect-uris.js';
import { ALL_SCOPES, parseScope } from './scopes.js';

const MAX_APPS_PER_USER = 50;

export interface OAuthApp {
  client_id: string;
  name: string;
  redirect_uris: string[];
  /** A public app (mobile, browser) has no secret and relies on PKCE alone. */
  public: boolean;
  created_at: string;
  updated_at: string;
}

export interface AuthorizedApp {
  client_id: string;
  name: string;
  scopes: string[];
  last_used_at: string | null;
}

/** What the authorization server's adapter stores for one record. */
export interface StatePayload {
  [key: string]: unknown;
  grantId?: string;
  uid?: string;
  userCode?: string;
  accountId?: string;
  clientId?: string;
  consumed?: number;
}

const order = (scope: string) => (ALL_SCOPES as string[]).indexOf(scope);
const epoch = () => Math.floor(Date.now() / 1000);
const newClientId = () => `agd_${randomBytes(12).toString('base64url')}`;
const newSalt = () => randomBytes(16).toString('base64url');

const toApp = (r: OAuthAppsTable): OAuthApp => ({
  client_id: r.id,
  name: r.name,
  redirect_uris: JSON.parse(r.redirect_uris),
  public: r.public_client === 1,
  created_at: r.created_at,
  updated_at: r.updated_at,
});

export function createOAuthService(db: Db, options: { secret: Uint8Array }) {
  const uow = unitOfWork(db);
  const secretKey = createHmac('sha256', options.secret).update('agendum oauth client secrets v1').digest();
  const clientSecret = (clientId: string, salt: string) => createHmac('sha256', secretKey).update(`${clientId}:${salt}`).digest('base64url');

  function checkInput(input: { name: string; redirectUris: string[] }) {
    const name = input.name.trim();
    if (!name || name.length > 200) throw unprocessable('name', 'length', 'Give the app a name of 1 to 200 characters.');
    const uris = checkRedirectUris(input.redirectUris);
    if (!uris.ok) throw unprocessable('redirect_uris', 'format', uris.message);
    return { name, uris: uris.uris };
  }

  async function ownApp(actor: Actor, clientId: string) {
    const row = await uow.read((q) => store.findApp(q, clientId));
    if (!row || row.user_id !== actor.userId) throw notFound('App');
    return row;
  }

  return {
    /** Registers an app; the secret (none for a public app) is returned here only (derived, never stored). */
    async register(actor: Actor, input: { name: string; redirectUris: string[]; public?: boolean }) {
      const { name, uris } = checkInput(input);
      const full = () => unprocessable('name', 'maxItems', `You can register at most ${MAX_APPS_PER_USER} apps; delete one first.`);
      const now = nowIso();
      const row = {
        id: newClientId(),
        user_id: actor.userId,
        name,
        redirect_uris: JSON.stringify(uris),
        secret_salt: newSalt(),
        public_client: input.public ? 1 : 0,
        created_at: now,
        updated_at: now,
      };
      await uow.write(async (tx) => {
        // The user's row locked until commit: parallel registrations each count the others' (D23).
        await findUserById(tx, actor.userId, { lock: true });
        if ((await store.countApps(tx, actor.userId)) >= MAX_APPS_PER_USER) throw full();
        await store.insertApp(tx, row);
      });
      return { app: toApp(row), client_secret: input.public ? null : clientSecret(row.id, row.secret_salt) };
    },

    async list(actor: Actor): Promise<OAuthApp[]> {
      return (await uow.read((q) => store.listApps(q, actor.userId))).map((r) => toApp(r));
    },

    async get(actor: Actor, clientId: string): Promise<OAuthApp> {
      return toApp(await ownApp(actor, clientId));
    },

    async update(actor: Actor, clientId: string, input: { name: string; redirectUris: string[] }) {
      await ownApp(actor, clientId);
      const { name, uris } = checkInput(input);
      await uow.write((tx) => store.updateApp(tx, actor.userId, clientId, { name, redirect_uris: JSON.stringify(uris), updated_at: nowIso() }));
      return this.get(actor, clientId);
    },

    /** A new secret; the old one stops working at once. */
    async rotateSecret(actor: Actor, clientId: string) {
      if ((await ownApp(actor, clientId)).public_client) throw unprocessable('client_secret', 'public', 'A public app has no secret.');
      const salt = newSalt();
      await uow.write((tx) => store.updateApp(tx, actor.userId, clientId, { secret_salt: salt, updated_at: nowIso() }));
      return { app: await this.get(actor, clientId), client_secret: clientSecret(clientId, salt) };
    },

    /** Deletes the app and everything issued to it, for every user. */
    async remove(actor: Actor, clientId: string) {
      await ownApp(actor, clientId);
      await uow.write(async (tx) => {
        await store.deleteForClient(tx, clientId);
        await store.deleteApp(tx, actor.userId, clientId);
      });
    },

    /** The client as the authorization server sees it, or undefined for an unknown id. */
    async clientMetadata(clientId: string) {
      if (clientId.length > 100) return undefined;
      const row = await uow.read((q) => store.findApp(q, clientId));
      if (!row) return undefined;
      return {
        client_id: row.id,
        ...(row.public_client
          ? { token_endpoint_auth_method: 'none' }
          : { client_secret: clientSecret(row.id, row.secret_salt), token_endpoint_auth_method: 'client_secret_basic' }),
        client_name: row.name,
        redirect_uris: JSON.parse(row.redirect_uris) as string[],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      };
    },

    /** Apps holding a live grant from this user, one entry per app, with every scope granted. */
    async authorized(actor: Actor): Promise<AuthorizedApp[]> {
      const byClient = new Map<string, AuthorizedApp>();
      for (const g of await uow.read((q) => store.listGrants(q, actor.userId, epoch()))) {
        const entry = byClient.get(g.client_id!) ?? { client_id: g.client_id!, name: g.app_name, scopes: [], last_used_at: null };
        const payload = JSON.parse(g.payload) as { openid?: { scope?: string }; resources?: Record<string, string> };
        const scopes = new Set(entry.scopes);
        for (const s of parseScope(payload.openid?.scope)) scopes.add(s);
        for (const value of Object.values(payload.resources ?? {})) for (const s of parseScope(value)) scopes.add(s);
        entry.scopes = [...scopes].sort((x, y) => order(x) - order(y));
        if (g.last_used_at && (!entry.last_used_at || g.last_used_at > entry.last_used_at)) entry.last_used_at = g.last_used_at;
        byClient.set(g.client_id!, entry);
      }
      return [...byClient.values()].sort((a, b) => a.name.localeCompare(b.name));
    },

    /** Ends every grant this user gave the app: its refresh tokens and access tokens stop at once. */
    async revokeAuthorization(actor: Actor, clientId: string) {
      const held = (await this.authorized(actor)).some((a) => a.client_id === clientId);
      if (!held) throw notFound('Authorization');
      await uow.write((tx) => store.deleteForClient(tx, clientId, actor.userId));
    },

    /** The authorization server's storage for one of its models (Grant, RefreshToken, Session...). */
    state(model: string) {
      return {
        async upsert(id: string, payload: StatePayload, expiresIn?: number) {
          const now = epoch();
          const grantUse = model === 'RefreshToken' && payload.grantId ? payload.grantId : null;
          await uow.write(async (tx) => {
            await store.upsertState(tx, {
              model,
              id,
              payload: JSON.stringify(payload),
              grant_id: payload.grantId ?? null,
              uid: model === 'Session' ? (payload.uid ?? null) : null,
              user_code: payload.userCode ?? null,
              account_id: payload.accountId ?? null,
              client_id: payload.clientId ?? null,
              expires_at: typeof expiresIn === 'number' && expiresIn > 0 ? now + expiresIn : null,
              consumed_at: typeof payload.consumed === 'number' ? payload.consumed : null,
              last_used_at: null,
            });
            // A refresh is a use of the grant: the authorized apps page shows it.
            if (grantUse) await store.touchGrant(tx, grantUse, nowIso());
          });
        },
        async find(id: string): Promise<StatePayload | undefined> {
          return decode(await uow.read((q) => store.findState(q, model, id, epoch())));
        },
        async findByUid(uid: string) {
          return decode(await uow.read((q) => store.findStateBy(q, model, 'uid', uid, epoch())));
        },
        async findByUserCode(userCode: string) {
          return decode(await uow.read((q) => store.findStateBy(q, model, 'user_code', userCode, epoch())));
        },
        /** False when the record was already consumed (two requests racing with one code). */
        consume: (id: string) => uow.write((tx) => store.consumeState(tx, model, id, epoch())),
        /** After a lost consume race: the record was used twice, so its whole grant goes. */
        async revokeGrantOf(id: string) {
          const found = await uow.read((q) => store.findState(q, model, id, 0));
          const grantId = found ? (JSON.parse(found.payload) as StatePayload).grantId : undefined;
          if (grantId) await uow.write((tx) => store.deleteGrantEverywhere(tx, grantId));
        },
        destroy: (id: string) => uow.write((tx) => store.deleteState(tx, model, id)),
        revokeByGrantId: (grantId: string) => uow.write((tx) => store.deleteByGrant(tx, model, grantId)),
      };
    },

    prune: () => uow.write((tx) => store.pruneExpired(tx, epoch())),
  };
}

function decode(row: { payload: string; consumed_at: number | null } | undefined): StatePayload | undefined {
  if (!row) return undefined;
  const payload = JSON.parse(row.payload) as StatePayload;
  if (row.consumed_at !== null) payload.consumed = Number(row.consumed_at);
  return payload;
}

export type OAuthService = ReturnType<typeof createOAuthService>;

import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Db, Executor } from '../../db/database.js';
import { unitOfWork } from '../../db/unit-of-work.js';
import type { Actor } from '../actor.js';
import { DomainError, invalid, notFound, unprocessable } from '../errors.js';
import { newId, nowIso } from '../ids.js';
import { createLoginThrottle, DEFAULT_THROTTLE, type ThrottleOptions } from './login-throttle.js';
import { createHashGate, DEFAULT_HASH_GATE, type HashGateOptions } from './hash-gate.js';
import { decoyHash, hashPassword as hashNow, verifyPassword as verifyNow } from './passwords.js';
import * as sessions from './sessions.store.js';
import * as tokens from './tokens.store.js';
import * as users from './users.store.js';
import { findGrantForToken, touchGrant } from '../oauth/oauth.store.js';
import { findTokenCountingRequest } from '../rate-limits/counters.store.js';

export interface AccountsOptions {
  jwtSecret: Uint8Array;
  allowSignup: boolean;
  intakeDomain: string;
  loginThrottle?: ThrottleOptions;
  passwordHashing?: HashGateOptions;
  /**
   * OAuth access tokens (D20) are signed with the same secret and carry `client_id`, `scope` and
   * `gid` (their grant); they are accepted only with this issuer and audience.
   */
  oauth?: { issuer: string; audience: string };
}

interface VerifiedClaims {
  jti: string;
  sub: string;
  exp: number;
  /** Present on OAuth access tokens only. */
  oauth?: { clientId: string; scopes: string[]; grantId: string };
}

/** D23: at most this many active (unrevoked, unexpired) API tokens per user. */
const MAX_ACTIVE_TOKENS = 100;

export interface PublicUser {
  id: string;
  email: string;
  name: string | null;
  created_at: string;
}

const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;
// last_used_at is a hint for people, not an audit log: write it at most once a minute per token.
const TOUCH_EVERY_MS = 60_000;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const unauthorized = (message = 'Missing or invalid token') => new DomainError('unauthorized', message);
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');
const publicUser = (u: users.UserRow): PublicUser => ({ id: u.id, email: u.email, name: u.name, created_at: u.created_at });
type TokenRow = NonNullable<Awaited<ReturnType<typeof tokens.findActiveToken>>> & { hits?: number | null };
const newIntakeToken = () =>
  randomBytes(15)
    .toString('base64url')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .padEnd(16, '0')
    .slice(0, 20);

export function createAccountsService(db: Db, options: AccountsOptions) {
  // Verified signatures, keyed by the token string: skips the HMAC on repeat calls. Revocation and
  // expiry are still checked against the database on every request.
  const verified = new Map<string, VerifiedClaims>();
  const uow = unitOfWork(db);
  const throttle = createLoginThrottle(db, options.loginThrottle ?? DEFAULT_THROTTLE);
  const gate = createHashGate(options.passwordHashing ?? DEFAULT_HASH_GATE);
  const hashPassword = (password: string) => gate.run(() => hashNow(password));
  const verifyPassword = (password: string, stored: string) => gate.run(() => verifyNow(password, stored));

  function normalizeEmail(email: string): string {
    const e = email.trim().toLowerCase();
    if (!EMAIL.test(e) || e.length > 320) throw invalid('email', 'format', 'email must be an email address');
    return e;
  }

  async function createUser(input: { email: string; password: string; name?: string | null }): Promise<PublicUser> {
    const email = normalizeEmail(input.email);
    if (input.password.length < 10) throw unprocessable('password', 'minLength', 'password must be at least 10 characters');
    if (await uow.read((q) => users.findUserByEmail(q, email))) throw new DomainError('conflict', 'An account with this email already exists');
    const now = nowIso();
    const row: users.UserRow = {
      id: newId(),
      email,
      name: input.name?.trim() || null,
      password_hash: await hashPassword(input.password),
      intake_token: newIntakeToken(),
      created_at: now,
      updated_at: now,
    };
    try {
      await uow.write((tx) => users.insertUser(tx, row));
    } catch (err) {
      // Two signups racing for one email: the unique index decides.
      if (await uow.read((q) => users.findUserByEmail(q, email))) throw new DomainError('conflict', 'An account with this email already exists');
      throw err;
    }
    return publicUser(row);
  }

  async function checkCredentials(email: string, password: string): Promise<users.UserRow> {
    const user = await uow.read((q) => users.findUserByEmail(q, email.trim().toLowerCase()));
    const ok = await verifyPassword(password, user?.password_hash ?? (await decoyHash()));
    if (!user || !ok) throw unauthorized('Invalid email or password');
    return user;
  }

  async function issueToken(userId: string, name: string, expiresInDays = 90) {
    const now = new Date();
    const expires = new Date(now.getTime() + expiresInDays * DAY_MS);
    const id = newId();
    // The count and the insert share one transaction with the user's row locked, so concurrent
    // requests cannot each see 99 active tokens and together pass the cap (D23).
    const user = await uow.write(async (tx) => {
      const found = await users.findUserById(tx, userId, { lock: true });
      if (!found) throw notFound('User');
      if ((await tokens.countActiveTokens(tx, userId, now.toISOString())) >= MAX_ACTIVE_TOKENS) {
        throw unprocessable('name', 'max_tokens', `At most ${MAX_ACTIVE_TOKENS} API tokens may be active at once; revoke some first`);
      }
      await tokens.insertToken(tx, {
        id,
        user_id: found.id,
        name,
        created_at: now.toISOString(),
        expires_at: expires.toISOString(),
        last_used_at: null,
        revoked_at: null,
      });
      return found;
    });
    const token = await new SignJWT({ email: user.email, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setJti(id)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expires.getTime() / 1000))
      .sign(options.jwtSecret);
    return { id, name, token, created_at: now.toISOString(), expires_at: expires.toISOString() };
  }

  async function verifySignature(token: string) {
    const hit = verified.get(token);
    if (hit) return hit;
    try {
      const { payload } = await jwtVerify(token, options.jwtSecret, { algorithms: ['HS256'] });
      if (typeof payload.jti !== 'string' || typeof payload.sub !== 'string' || typeof payload.exp !== 'number') throw unauthorized();
      const claims: VerifiedClaims = { jti: payload.jti, sub: payload.sub, exp: payload.exp };
      if (payload.client_id !== undefined) {
        const { client_id: clientId, scope, gid } = payload;
        if (!options.oauth || payload.iss !== options.oauth.issuer || payload.aud !== options.oauth.audience) throw unauthorized();
        if (typeof clientId !== 'string' || typeof gid !== 'string' || (scope !== undefined && typeof scope !== 'string')) throw unauthorized();
        claims.oauth = { clientId, grantId: gid, scopes: scope ? scope.split(' ') : [] };
      }
      if (verified.size > 10_000) verified.clear();
      verified.set(token, claims);
      return claims;
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw unauthorized('Token expired');
      throw unauthorized();
    }
  }

  /**
   * An OAuth access token is good while its grant lives: revoking the app (page, RFC 7009, or a
   * reused refresh token) deletes the grant, so its access tokens stop at once, not at expiry.
   */
  async function authenticateOAuth(token: string, claims: VerifiedClaims, oauth: NonNullable<VerifiedClaims['oauth']>, nowMs: number): Promise<Actor> {
    const grant = await uow.read((q) => findGrantForToken(q, oauth.grantId, Math.floor(nowMs / 1000)));
    if (!grant || grant.account_id !== claims.sub || grant.client_id !== oauth.clientId) {
      verified.delete(token);
      throw unauthorized();
    }
    if (!grant.last_used_at || nowMs - Date.parse(grant.last_used_at) > TOUCH_EVERY_MS) {
      await uow.write((tx) => touchGrant(tx, oauth.grantId, new Date(nowMs).toISOString()));
    }
    return { userId: claims.sub, email: grant.email, via: 'rest', oauth: { clientId: oauth.clientId, grantId: oauth.grantId, scopes: oauth.scopes } };
  }

  /**
   * Bearer check: signature (cached), expiry, then the token row (or, for an OAuth access token, its
   * grant) read on every request, never cached, so a revocation made by any process is refused on
   * the next request. `load` reads the row (and may count the request in the same round trip).
   */
  async function authenticate(
    token: string,
    opts: { acceptOAuth?: boolean },
    load: (q: Executor, claims: VerifiedClaims, nowMs: number) => Promise<TokenRow | undefined>,
  ) {
    const claims = await verifySignature(token);
    const nowMs = Date.now();
    if (claims.exp * 1000 <= nowMs) throw unauthorized('Token expired');
    if (claims.oauth) {
      if (!opts.acceptOAuth) throw unauthorized('OAuth access tokens are accepted by the API (/api/v1) only');
      return { actor: await authenticateOAuth(token, claims, claims.oauth, nowMs), hits: null };
    }
    const row = await uow.read((q) => load(q, claims, nowMs));
    if (!row || row.revoked_at || row.user_id !== claims.sub || Date.parse(row.expires_at) <= nowMs) {
      verified.delete(token);
      throw unauthorized();
    }
    if (!row.last_used_at || nowMs - Date.parse(row.last_used_at) > TOUCH_EVERY_MS) {
      await uow.write((tx) => tokens.touchToken(tx, row.id, new Date(nowMs).toISOString()));
    }
    const actor: Actor = { userId: row.user_id, email: row.email, via: 'rest' };
    return { actor, hits: row.hits ?? null };
  }

  return {
    normalizeEmail,
    createUser,

    /** D23: sign-up and sign-in would be refused now (503): doors may answer before reading the body. */
    hashingBusy: () => gate.full,

    async signup(input: { email: string; password: string; name?: string | null }) {
      if (!options.allowSignup) throw new DomainError('forbidden', 'Sign-up is disabled on this server');
      return createUser(input);
    },

    /**
     * Returns the user and a new session secret (the cookie value; only its hash is stored).
     * `client` (the caller's address) scopes the sign-in throttle: 429 after too many failures.
     */
    async login(email: string, password: string, client = 'unknown') {
      const attempt = await throttle.begin(client, email);
      const user = await checkCredentials(email, password);
      await throttle.succeeded(attempt);
      const secret = randomBytes(32).toString('base64url');
      const now = Date.now();
      await uow.write((tx) =>
        sessions.insertSession(tx, {
          id: sha256(secret),
          user_id: user.id,
          created_at: new Date(now).toISOString(),
          expires_at: new Date(now + SESSION_DAYS * DAY_MS).toISOString(),
        }),
      );
      return { user: publicUser(user), session: secret, maxAgeS: SESSION_DAYS * 86_400 };
    },

    async logout(sessionSecret: string) {
      await uow.write((tx) => sessions.deleteSession(tx, sha256(sessionSecret)));
    },

    async authenticateSession(sessionSecret: string): Promise<Actor> {
      const user = await uow.read((q) => sessions.findSessionUser(q, sha256(sessionSecret), nowIso()));
      if (!user) throw unauthorized('Not signed in');
      return { userId: user.id, email: user.email, via: 'rest' };
    },

    /**
     * Bearer check: signature, expiry, revocation and the user's existence (DECISIONS D1).
     * OAuth access tokens (D20) pass only where the caller enforces their scopes (`acceptOAuth`),
     * so a door that knows nothing of scopes never lets a limited token do everything.
     */
    async authenticateToken(token: string, opts: { acceptOAuth?: boolean } = {}): Promise<Actor> {
      return (await authenticate(token, opts, (q, claims) => tokens.findActiveToken(q, claims.jti))).actor;
    },

    /**
     * The same bearer check, counting the request in the user's rate-limit window (epoch seconds
     * `windowStart`) in the token's round trip, for deployments whose counters are rows
     * (PostgreSQL, D13). `hits` is the window's count so far, or null when nothing was counted (an
     * OAuth access token: its request is counted by the rate limiter as usual).
     */
    authenticateTokenCounting: (token: string, windowStart: number, opts: { acceptOAuth?: boolean } = {}) =>
      authenticate(token, opts, (q, claims, nowMs) => findTokenCountingRequest(q, claims.jti, windowStart, new Date(nowMs).toISOString(), claims.sub)),

    async getAccount(userId: string) {
      const user = await uow.read((q) => users.findUserById(q, userId));
      if (!user) throw notFound('Account');
      return { ...publicUser(user), intake_address: user.intake_token ? `${user.intake_token}@${options.intakeDomain}` : null };
    },

    async rotateIntakeAddress(userId: string) {
      await uow.write((tx) => users.updateUser(tx, userId, { intake_token: newIntakeToken(), updated_at: nowIso() }));
      return this.getAccount(userId);
    },

    async findUserByIntakeAddress(address: string) {
      const [local, domain] = address.trim().toLowerCase().split('@');
      if (!local || domain !== options.intakeDomain) return undefined;
      return uow.read((q) => users.findUserByIntakeToken(q, local));
    },

    /** Guessing the current password is throttled like sign-in, keyed on the account (D23). */
    async changePassword(userId: string, current: string, next: string) {
      const user = await uow.read((q) => users.findUserById(q, userId));
      if (!user) throw notFound('Account');
      const attempt = await throttle.begin(`account:${userId}`, user.email);
      if (!(await verifyPassword(current, user.password_hash))) throw unprocessable('current_password', 'mismatch', 'The current password is wrong');
      await throttle.succeeded(attempt);
      await this.setPassword(userId, next);
    },

    async setPassword(userId: string, password: string) {
      if (password.length < 10) throw unprocessable('password', 'minLength', 'password must be at least 10 characters');
      const hash = await hashPassword(password);
      await uow.write(async (tx) => {
        await users.updateUser(tx, userId, { password_hash: hash, updated_at: nowIso() });
        await sessions.deleteUserSessions(tx, userId);
      });
    },

    issueToken,
    /** Unrevoked tokens, newest first, one page at a time (D23), and how many there are. */
    async listTokens(userId: string, page: { limit: number; offset: number } = { limit: MAX_ACTIVE_TOKENS, offset: 0 }) {
      const [items, total] = await uow.read((q) => Promise.all([tokens.listTokens(q, userId, page), tokens.countActiveTokens(q, userId)]));
      return { items, total, ...page };
    },

    findToken: (userId: string, tokenId: string) => uow.read((q) => tokens.findUserToken(q, userId, tokenId)),

    async revokeToken(userId: string, tokenId: string) {
      if (!(await uow.write((tx) => tokens.revokeToken(tx, userId, tokenId, nowIso())))) throw notFound('Token');
      for (const [key, claims] of verified) if (claims.jti === tokenId) verified.delete(key);
    },

    async revokeAllTokens(userId: string) {
      verified.clear();
      return uow.write((tx) => tokens.revokeAllTokens(tx, userId, nowIso()));
    },

    findUserByEmail: (email: string) => uow.read((q) => users.findUserByEmail(q, email)),
    listUsers: () => uow.read((q) => users.listUsers(q)),
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;

/** The session cookie as the pages use it. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountsService } from '../../core/accounts/accounts.service.js';
import type { Actor } from '../../core/actor.js';
import { DomainError } from '../../core/errors.js';
import { SESSION_COOKIE } from '../../http/auth.js';

/** HttpOnly, SameSite=Lax; Secure when this request reached us over HTTPS. */
export const cookieOptions = (req: FastifyRequest) => ({ path: '/', httpOnly: true, sameSite: 'lax' as const, secure: req.protocol === 'https' });

export interface SignedIn {
  actor: Actor;
  session: string;
}

/** The signed-in visitor, or null when there is no valid session. */
export async function currentSession(req: FastifyRequest, accounts: AccountsService): Promise<SignedIn | null> {
  const session = req.cookies[SESSION_COOKIE];
  if (!session || session.length > 200) return null;
  try {
    return { actor: await accounts.authenticateSession(session), session };
  } catch (err) {
    if (err instanceof DomainError && err.code === 'unauthorized') return null;
    throw err;
  }
}

export function startSession(req: FastifyRequest, reply: FastifyReply, session: string, maxAgeS: number) {
  reply.setCookie(SESSION_COOKIE, session, { ...cookieOptions(req), maxAge: maxAgeS });
}

export function endSession(req: FastifyRequest, reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(req));
}

/**
 * Who is calling (D17): HTTP Basic with the account email and an API token as password (calendar
 * apps cannot send bearer tokens), or a bearer token. The token is checked by the accounts use
 * case, as for REST; anything else is 401 with a Basic challenge.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Actor } from '../../core/actor.js';
import type { AccountsService } from '../../core/accounts/accounts.service.js';

const CHALLENGE = 'Basic realm="Agendum", charset="UTF-8"';

function credentials(header: string | undefined): { email: string | null; token: string } | null {
  if (!header) return null;
  const [scheme, value] = header.split(/\s+/, 2);
  if (!value) return null;
  if (/^bearer$/i.test(scheme)) return { email: null, token: value };
  if (!/^basic$/i.test(scheme) || value.length > 8192) return null;
  const decoded = Buffer.from(value, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) return null;
  return { email: decoded.slice(0, colon).trim().toLowerCase(), token: decoded.slice(colon + 1) };
}

export async function authenticate(accounts: AccountsService, req: FastifyRequest): Promise<Actor | null> {
  const given = credentials(req.headers.authorization);
  if (!given) return null;
  try {
    // OAuth access tokens too: the door checks their scopes (scopes.ts).
    const actor = await accounts.authenticateToken(given.token, { acceptOAuth: true });
    if (given.email !== null && given.email !== actor.email.toLowerCase()) return null;
    return { ...actor, via: 'caldav' };
  } catch {
    return null;
  }
}

export function challenge(reply: FastifyReply) {
  return reply
    .code(401)
    .header('WWW-Authenticate', CHALLENGE)
    .header('Content-Type', 'text/plain; charset=utf-8')
    .send('Sign in with your account email and an API token as the password.');
}

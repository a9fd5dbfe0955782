/**
 * A value handed from a POST to the GET it redirects to, without storing it anywhere or putting it
 * in a URL (post/redirect/get for the new-token page, D23): sealed with AES-256-GCM under a key
 * derived from the service secret, bound to the session (its hash is the associated data), in a
 * short-lived HttpOnly cookie scoped to one path, and cleared by the GET that shows it. A reload
 * of that GET finds no cookie: nothing is shown twice and nothing is created twice.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function createSealedCookie(secret: Uint8Array, name: string, path: string, maxAgeS: number) {
  const key = createHmac('sha256', secret).update(`agendum web sealed cookie v1:${name}`).digest();
  const aad = (session: string) => createHash('sha256').update(session).digest();
  const options = (req: FastifyRequest) => ({ path, httpOnly: true, sameSite: 'strict' as const, secure: req.protocol === 'https' });

  return {
    put(req: FastifyRequest, reply: FastifyReply, session: string, value: unknown) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(session));
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      const sealed = Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
      reply.setCookie(name, sealed, { ...options(req), maxAge: maxAgeS });
    },

    /** The value, once: the cookie is cleared whatever it held. Null when absent, stale or forged. */
    take<T>(req: FastifyRequest, reply: FastifyReply, session: string): T | null {
      const raw = req.cookies[name];
      if (raw === undefined) return null;
      reply.clearCookie(name, options(req));
      try {
        const data = Buffer.from(raw, 'base64url');
        const decipher = createDecipheriv('aes-256-gcm', key, data.subarray(0, 12)).setAAD(aad(session));
        decipher.setAuthTag(data.subarray(12, 28));
        return JSON.parse(Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8')) as T;
      } catch {
        return null;
      }
    },
  };
}

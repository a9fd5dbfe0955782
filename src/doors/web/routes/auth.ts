/** Sign in, sign up, sign out. */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../../core/errors.js';
import { noticeOf, seeOther, sendPage, type WebContext } from '../context.js';
import { field } from '../forms.js';
import { currentSession, endSession, startSession } from '../session.js';
import { signInPage, signUpPage } from '../views/auth.js';
import { messagePage } from '../views/message.js';

// One message for an unknown email and a wrong password, so the form does not reveal accounts.
const BAD_CREDENTIALS = 'Wrong email or password.';

export async function authPages(app: FastifyInstance, ctx: WebContext) {
  const { accounts, csrf } = ctx;

  app.get('/', async (req, reply) => {
    if (await currentSession(req, accounts)) return seeOther(reply, '/settings/tokens');
    return sendPage(reply, 200, signInPage({ csrf: csrf.forVisitor(req, reply), notice: noticeOf(req), allowSignup: ctx.allowSignup }));
  });

  app.post('/signin', async (req, reply) => {
    const email = field(req, 'email', 320).trim();
    const password = field(req, 'password');
    const again = (status: number, error: string) =>
      sendPage(reply, status, signInPage({ csrf: csrf.forVisitor(req, reply), email, error, allowSignup: ctx.allowSignup }));
    if (!email || !password) return again(400, 'Enter your email and your password.');
    try {
      const { session, maxAgeS } = await accounts.login(email, password, req.ip);
      startSession(req, reply, session, maxAgeS);
      return seeOther(reply, '/settings/tokens');
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      if (err.code === 'unauthorized') return again(401, BAD_CREDENTIALS);
      if (err.code === 'rate_limit_exceeded') {
        const wait = err.extra.retryAfter ?? 900;
        reply.header('Retry-After', String(wait));
        return again(429, `Too many failed sign-in attempts. For your safety, try again in ${Math.ceil(wait / 60)} minute${wait > 60 ? 's' : ''}.`);
      }
      throw err;
    }
  });

  app.get('/signup', async (req, reply) => {
    if (!ctx.allowSignup) return sendPage(reply, 403, messagePage('Sign-up is closed', 'Accounts on this server are created by its administrator.'));
    if (await currentSession(req, accounts)) return seeOther(reply, '/settings/tokens');
    return sendPage(reply, 200, signUpPage({ csrf: csrf.forVisitor(req, reply) }));
  });

  app.post('/signup', async (req, reply) => {
    if (!ctx.allowSignup) return sendPage(reply, 403, messagePage('Sign-up is closed', 'Accounts on this server are created by its administrator.'));
    const name = field(req, 'name', 200).trim();
    const email = field(req, 'email', 320).trim();
    const password = field(req, 'password');
    const again = (status: number, errors: Parameters<typeof signUpPage>[0]['errors']) =>
      sendPage(reply, status, signUpPage({ csrf: csrf.forVisitor(req, reply), name, email, errors }));
    if (!email) return again(400, { email: 'Enter your email address.' });
    try {
      await accounts.signup({ email, password, name: name || null });
      const { session, maxAgeS } = await accounts.login(email, password, req.ip);
      startSession(req, reply, session, maxAgeS);
      return seeOther(reply, '/settings/tokens?notice=welcome');
    } catch (err) {
      if (!(err instanceof DomainError)) throw err;
      if (err.code === 'conflict') return again(409, { email: 'An account with this email already exists. Sign in instead.' });
      if (err.extra.details?.field === 'email') return again(400, { email: 'Enter a valid email address, like name@example.com.' });
      if (err.extra.details?.field === 'password') return again(422, { password: 'Choose a password of at least 10 characters.' });
      throw err;
    }
  });

  app.post('/signout', async (req, reply) => {
    const signed = await currentSession(req, accounts);
    if (signed) await accounts.logout(signed.session);
    endSession(req, reply);
    return seeOther(reply, '/?notice=signed-out');
  });
}

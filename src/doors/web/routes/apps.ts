/** /settings/apps: the OAuth apps a user registers (D20). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError } from '../../../core/errors.js';
import type { OAuthService } from '../../../core/oauth/oauth.service.js';
import { noticeOf, requireUser, seeOther, sendPage, type WebContext } from '../context.js';
import { field } from '../forms.js';
import { appPage, appsPage, deleteAppPage, type AppForm } from '../views/apps.js';
import { messagePage } from '../views/message.js';

const CLIENT_ID = /^agd_[A-Za-z0-9_-]{16}$/;
type Params = { Params: { id: string } };

const formOf = (req: FastifyRequest): AppForm => ({ name: field(req, 'name', 300), redirectUris: field(req, 'redirect_uris', 25_000) });
const linesOf = (form: AppForm) => form.redirectUris.split(/\r?\n/);

/** A domain refusal of the form's content: the message to show beside the form, and its field. */
const formError = (err: unknown) => {
  if (!(err instanceof DomainError) || err.code !== 'unprocessable_entity') return null;
  return { error: err.message, errorField: err.extra.details?.field === 'redirect_uris' ? ('redirect_uris' as const) : ('name' as const) };
};

export async function appPages(app: FastifyInstance, ctx: WebContext, oauth: OAuthService) {
  const notFoundPage = (reply: Parameters<typeof sendPage>[0]) =>
    sendPage(reply, 404, messagePage('App not found', 'This app does not exist or was deleted.', { signedIn: true }));

  const loadOwn = async (req: FastifyRequest<Params>) => {
    const user = await requireUser(ctx, req);
    if (!CLIENT_ID.test(req.params.id)) return { user, app: null };
    try {
      return { user, app: await oauth.get(user.actor, req.params.id) };
    } catch (err) {
      if (err instanceof DomainError && err.code === 'not_found') return { user, app: null };
      throw err;
    }
  };

  app.get('/settings/apps', async (req, reply) => {
    const user = await requireUser(ctx, req);
    return sendPage(reply, 200, appsPage({ user: user.view, apps: await oauth.list(user.actor), notice: noticeOf(req) }));
  });

  // Like a new API token, the secret is in this answer only: never stored, never in a URL.
  app.post('/settings/apps', async (req, reply) => {
    const user = await requireUser(ctx, req);
    const form = formOf(req);
    try {
      const created = await oauth.register(user.actor, { name: form.name, redirectUris: linesOf(form), public: field(req, 'public', 5) === 'yes' });
      return sendPage(reply, 200, appsPage({ user: user.view, apps: await oauth.list(user.actor), created: { ...created, fresh: true } }));
    } catch (err) {
      const problem = formError(err);
      if (!problem) throw err;
      return sendPage(
        reply,
        422,
        appsPage({ user: user.view, apps: await oauth.list(user.actor), form: { ...form, public: field(req, 'public', 5) === 'yes', ...problem } }),
      );
    }
  });

  app.get<Params>('/settings/apps/:id', async (req, reply) => {
    const { user, app: found } = await loadOwn(req);
    if (!found) return notFoundPage(reply);
    return sendPage(reply, 200, appPage({ user: user.view, app: found, notice: noticeOf(req) }));
  });

  app.post<Params>('/settings/apps/:id', async (req, reply) => {
    const { user, app: found } = await loadOwn(req);
    if (!found) return notFoundPage(reply);
    const form = formOf(req);
    try {
      await oauth.update(user.actor, found.client_id, { name: form.name, redirectUris: linesOf(form) });
    } catch (err) {
      const problem = formError(err);
      if (!problem) throw err;
      return sendPage(reply, 422, appPage({ user: user.view, app: found, form: { ...form, ...problem } }));
    }
    return seeOther(reply, `/settings/apps/${found.client_id}?notice=app-saved`);
  });

  app.post<Params>('/settings/apps/:id/secret', async (req, reply) => {
    const { user, app: found } = await loadOwn(req);
    if (!found || found.public) return notFoundPage(reply);
    const rotated = await oauth.rotateSecret(user.actor, found.client_id);
    return sendPage(reply, 200, appPage({ user: user.view, app: rotated.app, secret: { ...rotated, fresh: false } }));
  });

  app.get<Params>('/settings/apps/:id/delete', async (req, reply) => {
    const { user, app: found } = await loadOwn(req);
    if (!found) return notFoundPage(reply);
    return sendPage(reply, 200, deleteAppPage({ user: user.view, app: found }));
  });

  app.post<Params>('/settings/apps/:id/delete', async (req, reply) => {
    const { user, app: found } = await loadOwn(req);
    if (!found) return notFoundPage(reply);
    await oauth.remove(user.actor, found.client_id);
    return seeOther(reply, '/settings/apps?notice=app-deleted');
  });
}

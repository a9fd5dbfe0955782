/** /settings/apps: register, list, edit and delete OAuth apps (D20). */
import type { OAuthApp } from '../../../core/oauth/oauth.service.js';
import { html } from '../html.js';
import { csrfField, errorAlert, layout, time } from '../layout.js';

type User = { email: string; csrf: string };

export interface NewSecret {
  app: OAuthApp;
  client_secret: string | null;
  fresh: boolean;
}

function secretPanel(s: NewSecret) {
  if (s.client_secret === null) {
    return html`<section class="alert ok" aria-labelledby="secret-title">
  <h2 id="secret-title" tabindex="-1" data-focus>“${s.app.name}” is registered</h2>
  <p>A public app has no secret: it proves itself with PKCE on every authorization.</p>
  <label for="client-id-new">Client ID</label>
  <div class="secret"><input id="client-id-new" type="text" readonly value="${s.app.client_id}" data-testid="client-id" spellcheck="false"></div>
</section>`;
  }
  return html`<section class="alert warn" aria-labelledby="secret-title">
  <h2 id="secret-title" tabindex="-1" data-focus>${s.fresh ? html`“${s.app.name}” is registered` : html`New secret for “${s.app.name}”`}</h2>
  <p><strong>Copy the client secret now. You will not see it again:</strong> Agendum cannot show it later${s.fresh ? '' : html`, and the old secret no longer works`}.</p>
  <label for="client-id-new">Client ID</label>
  <div class="secret"><input id="client-id-new" type="text" readonly value="${s.app.client_id}" data-testid="client-id" spellcheck="false"></div>
  <label for="client-secret">Client secret</label>
  <div class="secret">
    <input id="client-secret" type="text" readonly value="${s.client_secret}" autocomplete="off" spellcheck="false" data-testid="client-secret">
    <button type="button" data-copy="client-secret" aria-describedby="copy-status" hidden>Copy</button>
  </div>
  <p class="copy-status" id="copy-status" aria-live="polite"></p>
</section>`;
}

export interface AppForm {
  name: string;
  redirectUris: string;
  public?: boolean;
  error?: string | null;
  errorField?: 'name' | 'redirect_uris';
}

function appFields(form: AppForm, idPrefix: string) {
  const invalid = (field: 'name' | 'redirect_uris') =>
    form.error && (form.errorField ?? field) === field ? html` aria-invalid="true" aria-describedby="${idPrefix}-error"` : '';
  return html`${errorAlert(`${idPrefix}-error`, form.error ? [form.error] : [])}
  <div class="field">
    <label for="${idPrefix}-name">App name</label>
    <input id="${idPrefix}-name" name="name" type="text" required maxlength="200" value="${form.name}"${invalid('name')}>
  </div>
  <div class="field">
    <label for="${idPrefix}-uris">Redirect URIs</label>
    <textarea id="${idPrefix}-uris" name="redirect_uris" rows="3" required spellcheck="false" aria-describedby="${idPrefix}-uris-hint"${invalid('redirect_uris')}>${form.redirectUris}</textarea>
    <p class="hint" id="${idPrefix}-uris-hint">One per line, exactly as the app sends them. https, or http only for localhost and 127.0.0.1.</p>
  </div>`;
}

export function appsPage(v: { user: User; apps: OAuthApp[]; created?: NewSecret | null; notice?: string | null; form?: AppForm }): string {
  const form = v.form ?? { name: '', redirectUris: '' };
  const rows = v.apps.map(
    (a) => html`<tr>
    <td class="name" data-label="App">${a.name}${a.public ? html` <span class="badge">public</span>` : ''}</td>
    <td data-label="Client ID"><code>${a.client_id}</code></td>
    <td data-label="Registered">${time(a.created_at)}</td>
    <td><a class="button secondary" href="/settings/apps/${a.client_id}" aria-label="Edit ${a.name}">Edit…</a></td>
  </tr>`,
  );
  return layout({
    title: 'Apps',
    section: 'apps',
    user: v.user,
    notice: v.notice,
    body: html`<h1>Your apps</h1>
${v.created ? secretPanel(v.created) : ''}
<p class="muted">Register an app you build, so other people can let it use Agendum for them (OAuth 2.0 with PKCE). They choose what it may do; you never see their password. The endpoints are listed at <a href="/.well-known/oauth-authorization-server"><code>/.well-known/oauth-authorization-server</code></a>.</p>
<form method="post" action="/settings/apps" class="card">
  ${csrfField(v.user.csrf)}
  <h2>Register an app</h2>
  ${appFields(form, 'app')}
  <div class="field check">
    <input id="app-public" name="public" type="checkbox" value="yes"${form.public ? html` checked` : ''} aria-describedby="app-public-hint">
    <div>
      <label for="app-public">Public app (no secret)</label>
      <p class="hint" id="app-public-hint">For mobile, desktop and browser apps, which cannot keep a secret from their users. They rely on PKCE alone.</p>
    </div>
  </div>
  <div class="actions"><button type="submit">Register app</button></div>
</form>
<section class="card" aria-label="Registered apps">${
      v.apps.length
        ? html`<table class="stack"><caption>Registered apps</caption>
  <thead><tr><th scope="col">App</th><th scope="col">Client ID</th><th scope="col">Registered</th><th scope="col"><span class="vh">Actions</span></th></tr></thead>
  <tbody>${rows}</tbody></table>`
        : html`<h2>Registered apps</h2><p class="muted">No apps yet.</p>`
    }</section>`,
  });
}

export function appPage(v: { user: User; app: OAuthApp; form?: AppForm; secret?: NewSecret | null; notice?: string | null }): string {
  const form = v.form ?? { name: v.app.name, redirectUris: v.app.redirect_uris.join('\n') };
  const base = `/settings/apps/${v.app.client_id}`;
  return layout({
    title: v.app.name,
    section: 'apps',
    user: v.user,
    notice: v.notice,
    body: html`<p><a href="/settings/apps">← All apps</a></p>
<h1>${v.app.name}</h1>
${v.secret ? secretPanel(v.secret) : ''}
<div class="card">
  <dl class="facts">
    <dt>Client ID</dt><dd><code data-testid="client-id">${v.app.client_id}</code></dd>
    <dt>Registered</dt><dd>${time(v.app.created_at)}</dd>
    <dt>Client authentication</dt><dd>${
      v.app.public
        ? html`None: a public app, PKCE with S256 only`
        : html`<code>client_secret_basic</code> (HTTP Basic with the client id and secret), and PKCE with S256`
    }</dd>
  </dl>
</div>
<form method="post" action="${base}" class="card">
  ${csrfField(v.user.csrf)}
  <h2>Edit</h2>
  ${appFields(form, 'edit')}
  <div class="actions"><button type="submit">Save changes</button></div>
</form>
${
  v.app.public
    ? ''
    : html`<div class="card">
  <h2>Client secret</h2>
  <p>Lost it, or it leaked? Make a new one. The old secret stops working at once.</p>
  <form method="post" action="${base}/secret" class="actions" data-confirm="Make a new secret? The old one stops working at once.">
    ${csrfField(v.user.csrf)}
    <button type="submit" class="secondary">Make a new secret</button>
  </form>
</div>`
}
<div class="card">
  <h2>Delete this app</h2>
  <p>Everyone who authorized it loses the connection; its tokens stop working at once.</p>
  <p><a class="button danger" href="${base}/delete">Delete app…</a></p>
</div>`,
  });
}

export function deleteAppPage(v: { user: User; app: OAuthApp }): string {
  return layout({
    title: 'Delete app',
    section: 'apps',
    user: v.user,
    body: html`<h1>Delete “${v.app.name}”?</h1>
<div class="card">
  <p>Every token issued to this app stops working, for every person who authorized it. This cannot be undone.</p>
  <form method="post" action="/settings/apps/${v.app.client_id}/delete" class="actions">
    ${csrfField(v.user.csrf)}
    <button type="submit" class="danger" autofocus>Delete app</button>
    <a class="button secondary" href="/settings/apps/${v.app.client_id}">Cancel</a>
  </form>
</div>`,
  });
}

/** /settings/authorized: the apps a user let in, what they may do, and Revoke (D20). */
import type { AuthorizedApp } from '../../../core/oauth/oauth.service.js';
import { SCOPES, isScope } from '../../../core/oauth/scopes.js';
import { html } from '../html.js';
import { csrfField, layout, time } from '../layout.js';

type User = { email: string; csrf: string };

export const scopeWords = (scope: string) => (isScope(scope) ? SCOPES[scope] : scope);

export function authorizedPage(v: { user: User; apps: AuthorizedApp[]; notice?: string | null }): string {
  const cards = v.apps.map(
    (a) => html`<section class="card" aria-labelledby="app-${a.client_id}">
  <h2 id="app-${a.client_id}">${a.name}</h2>
  <p class="muted">Last used: ${time(a.last_used_at)}</p>
  <p>It may:</p>
  <ul class="scopes">${a.scopes.map((s) => html`<li>${scopeWords(s)} <code>${s}</code></li>`)}</ul>
  <form method="post" action="/settings/authorized/${a.client_id}/revoke" class="actions" data-confirm="Revoke ${a.name}? It loses access at once.">
    ${csrfField(v.user.csrf)}
    <button type="submit" class="danger" aria-label="Revoke ${a.name}">Revoke access</button>
  </form>
</section>`,
  );
  return layout({
    title: 'Authorized apps',
    section: 'authorized',
    user: v.user,
    notice: v.notice,
    body: html`<h1>Authorized apps</h1>
<p class="muted">Apps you allowed to use Agendum for you. Revoking one stops it at once: its tokens no longer work, and it must ask you again.</p>
${v.apps.length ? cards : html`<div class="card"><p class="muted">No app has access to your account.</p></div>`}`,
  });
}

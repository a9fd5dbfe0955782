/** API tokens: create (the new token shown once), list, and the revoke confirmation. */
import { html } from '../html.js';
import { csrfField, errorAlert, layout, time } from '../layout.js';

export interface TokenRow {
  id: string;
  name: string;
  created_at: string;
  expires_at: string;
  last_used_at: string | null;
}
export interface NewToken {
  name: string;
  token: string;
  expires_at: string;
}

export interface TokensView {
  user: { email: string; csrf: string };
  tokens: TokenRow[];
  created?: NewToken | null;
  notice?: string | null;
  form?: { name: string; days: string; error?: string | null };
}

function newTokenPanel(t: NewToken) {
  return html`<section class="alert warn" aria-labelledby="new-token-title">
  <h2 id="new-token-title" tabindex="-1" data-focus>Your new token “${t.name}”</h2>
  <p><strong>Copy it now. You will not see it again:</strong> Agendum keeps no copy it could show you later.</p>
  <label for="new-token">Token</label>
  <div class="secret">
    <input id="new-token" type="text" readonly value="${t.token}" autocomplete="off" spellcheck="false" data-testid="new-token">
    <button type="button" data-copy="new-token" aria-describedby="copy-status" hidden>Copy</button>
  </div>
  <p class="copy-status" id="copy-status" aria-live="polite"></p>
  <p>Send it as <code>Authorization: Bearer &lt;token&gt;</code>. It expires on ${time(t.expires_at)}.</p>
</section>`;
}

function tokenTable(tokens: TokenRow[], now: number) {
  if (!tokens.length) return html`<h2>Your tokens</h2><p class="muted">No tokens yet. Create one above to use the API.</p>`;
  const rows = tokens.map(
    (t) => html`<tr>
    <td class="name" data-label="Name">${t.name}${Date.parse(t.expires_at) <= now ? html` <span class="badge">expired</span>` : ''}</td>
    <td data-label="Created">${time(t.created_at)}</td>
    <td data-label="Expires">${time(t.expires_at)}</td>
    <td data-label="Last used">${time(t.last_used_at)}</td>
    <td><a class="button secondary" href="/settings/tokens/${t.id}/revoke" aria-label="Revoke ${t.name}">Revoke…</a></td>
  </tr>`,
  );
  return html`<table class="stack">
  <caption>Your tokens</caption>
  <thead><tr><th scope="col">Name</th><th scope="col">Created</th><th scope="col">Expires</th><th scope="col">Last used</th><th scope="col"><span class="vh">Actions</span></th></tr></thead>
  <tbody>${rows}</tbody>
</table>`;
}

export function tokensPage(v: TokensView): string {
  const form = v.form ?? { name: '', days: '90' };
  const invalid = form.error ? html` aria-invalid="true" aria-describedby="token-error"` : '';
  return layout({
    title: 'API tokens',
    section: 'tokens',
    user: v.user,
    notice: v.notice,
    body: html`<h1>API tokens</h1>
${v.created ? newTokenPanel(v.created) : ''}
<p class="muted">Scripts and apps use a token to call the API as you (<code>${v.user.email}</code>). Give each one its own token, so you can revoke one without breaking the others.</p>
<form method="post" action="/settings/tokens" class="card">
  ${csrfField(v.user.csrf)}
  <h2>Create a token</h2>
  ${errorAlert('token-error', form.error ? [form.error] : [])}
  <div class="field-row">
    <div class="field">
      <label for="token-name">Name</label>
      <input id="token-name" name="name" type="text" required maxlength="200" value="${form.name}" placeholder="e.g. laptop sync script"${invalid}>
    </div>
    <div class="field small">
      <label for="token-days">Lifetime in days</label>
      <input id="token-days" name="expires_in_days" type="number" inputmode="numeric" required min="1" max="3650" value="${form.days}" aria-describedby="days-hint">
    </div>
  </div>
  <p class="hint" id="days-hint">1 to 3650 days. The token stops working after that.</p>
  <div class="actions"><button type="submit">Create token</button></div>
</form>
<section class="card" aria-label="Existing tokens">${tokenTable(v.tokens, Date.now())}</section>`,
  });
}

export function revokePage(v: { user: { email: string; csrf: string }; token: TokenRow }): string {
  return layout({
    title: 'Revoke token',
    section: 'tokens',
    user: v.user,
    body: html`<h1>Revoke “${v.token.name}”?</h1>
<div class="card">
  <p>Anything using this token gets <code>401 Unauthorized</code> from the moment you revoke it. This cannot be undone; you can create a new token instead.</p>
  <dl class="facts">
    <dt>Created</dt><dd>${time(v.token.created_at)}</dd>
    <dt>Last used</dt><dd>${time(v.token.last_used_at)}</dd>
  </dl>
  <form method="post" action="/settings/tokens/${v.token.id}/revoke" class="actions">
    ${csrfField(v.user.csrf)}
    <button type="submit" class="danger" autofocus>Revoke token</button>
    <a class="button secondary" href="/settings/tokens">Cancel</a>
  </form>
</div>`,
  });
}

/** The consent page of an OAuth authorization (D20), and the sign-in form shown before it when needed. */
import { html } from '../html.js';
import { csrfField, layout } from '../layout.js';
import { signInForm } from './auth.js';
import { scopeWords } from './authorized.js';

export interface ConsentView {
  user: { email: string; csrf: string };
  uid: string;
  appName: string;
  scopes: string[];
  redirectOrigin: string;
}

export function consentPage(v: ConsentView): string {
  return layout({
    title: `Allow ${v.appName}?`,
    section: 'none',
    user: v.user,
    narrow: true,
    body: html`<h1>Allow <span class="app-name">${v.appName}</span> to use your Agendum account?</h1>
<div class="card">
  <p>Signed in as <strong>${v.user.email}</strong>. <span class="app-name">${v.appName}</span> asks to:</p>
  <ul class="scopes" aria-label="What the app asks for">${v.scopes.map((s) => html`<li>${scopeWords(s)} <code>${s}</code></li>`)}</ul>
  <p class="muted">It never sees your password. You can revoke its access at any time on <a href="/settings/authorized">Authorized apps</a>. After your answer you go back to <code>${v.redirectOrigin}</code>.</p>
  <form method="post" action="/oauth/interaction/${v.uid}/decision" class="actions">
    ${csrfField(v.user.csrf)}
    <button type="submit" name="decision" value="approve" autofocus>Approve</button>
    <button type="submit" name="decision" value="deny" class="secondary">Deny</button>
  </form>
</div>`,
  });
}

export function consentSignInPage(v: { csrf: string; uid: string; appName: string; email?: string; error?: string | null }): string {
  return layout({
    title: 'Sign in',
    section: 'signin',
    narrow: true,
    body: html`<h1>Sign in to continue</h1>
<p><span class="app-name">${v.appName}</span> wants to use your Agendum account. Sign in first; you choose what it may do next.</p>
${signInForm(`/oauth/interaction/${v.uid}/login`, v)}`,
  });
}

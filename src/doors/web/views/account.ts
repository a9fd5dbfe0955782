/** The account page: who you are, the email intake address, change password, sign out. */
import { html } from '../html.js';
import { csrfField, errorAlert, layout, time } from '../layout.js';

export interface AccountView {
  user: { email: string; csrf: string };
  account: { email: string; name: string | null; created_at: string; intake_address: string | null };
  notice?: string | null;
  passwordError?: string | null;
}

export function accountPage(v: AccountView): string {
  const a = v.account;
  const pwInvalid = v.passwordError ? html` aria-invalid="true" aria-describedby="password-error"` : '';
  const intake = a.intake_address
    ? html`<label for="intake-address">Your intake address</label>
  <div class="secret">
    <input id="intake-address" type="text" readonly value="${a.intake_address}" autocomplete="off" spellcheck="false">
    <button type="button" data-copy="intake-address" aria-describedby="intake-copy-status" hidden>Copy</button>
  </div>
  <p class="copy-status" id="intake-copy-status" aria-live="polite"></p>`
    : html`<p class="muted">No intake address yet; create one below.</p>`;
  return layout({
    title: 'Account',
    section: 'account',
    user: v.user,
    notice: v.notice,
    body: html`<h1>Account</h1>
<section class="card" aria-labelledby="profile-title">
  <h2 id="profile-title">Profile</h2>
  <dl class="facts">
    <dt>Email</dt><dd>${a.email}</dd>
    <dt>Name</dt><dd>${a.name ?? html`<span class="muted">Not set</span>`}</dd>
    <dt>Member since</dt><dd>${time(a.created_at)}</dd>
  </dl>
</section>
<section class="card" aria-labelledby="intake-title">
  <h2 id="intake-title">Email intake</h2>
  <p>Forward an email to this secret address and Agendum turns it into tasks and events.</p>
  ${intake}
  <form method="post" action="/settings/account/intake-address" data-confirm="Make a new intake address? The current one stops working at once.">
    ${csrfField(v.user.csrf)}
    <p class="hint">If the address leaks, make a new one: the old address stops accepting mail at once.</p>
    <div class="actions"><button type="submit" class="secondary">${a.intake_address ? 'Make a new address' : 'Create an address'}</button></div>
  </form>
</section>
<section class="card" aria-labelledby="password-title">
  <h2 id="password-title">Change password</h2>
  ${errorAlert('password-error', v.passwordError ? [v.passwordError] : [])}
  <form method="post" action="/settings/account/password" novalidate>
    ${csrfField(v.user.csrf)}
    <input type="text" name="username" autocomplete="username" value="${a.email}" hidden>
    <div class="field">
      <label for="current-password">Current password</label>
      <input id="current-password" name="current_password" type="password" autocomplete="current-password" required maxlength="1000"${pwInvalid}>
    </div>
    <div class="field">
      <label for="new-password">New password</label>
      <input id="new-password" name="new_password" type="password" autocomplete="new-password" required minlength="10" maxlength="1000" aria-describedby="new-password-hint">
      <p class="hint" id="new-password-hint">At least 10 characters. Changing it signs you out everywhere else.</p>
    </div>
    <div class="field">
      <label for="confirm-password">Repeat the new password</label>
      <input id="confirm-password" name="confirm_password" type="password" autocomplete="new-password" required maxlength="1000">
    </div>
    <div class="actions"><button type="submit">Change password</button></div>
  </form>
</section>
<section class="card" aria-labelledby="signout-title">
  <h2 id="signout-title">Sign out</h2>
  <p>Ends this browser's session. Your API tokens keep working.</p>
  <form method="post" action="/signout">${csrfField(v.user.csrf)}<button type="submit" class="secondary">Sign out</button></form>
</section>`,
  });
}

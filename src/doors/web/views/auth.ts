/** The sign-in and sign-up pages. */
import { html } from '../html.js';
import { csrfField, errorAlert, layout } from '../layout.js';

export interface SignInView {
  csrf: string;
  email?: string;
  error?: string | null;
  notice?: string | null;
  allowSignup: boolean;
}

/** The email and password form, with its error, posted to `action` (the sign-in page, or an OAuth interaction). */
export function signInForm(action: string, v: { csrf: string; email?: string; error?: string | null }) {
  const invalid = v.error ? html` aria-invalid="true" aria-describedby="signin-error"` : '';
  return html`${errorAlert('signin-error', v.error ? [v.error] : [])}
<form method="post" action="${action}" class="card" novalidate>
  ${csrfField(v.csrf)}
  <div class="field">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${v.email ?? ''}"${invalid}${v.error ? '' : html` autofocus`}>
  </div>
  <div class="field">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1000"${invalid}>
  </div>
  <div class="actions"><button type="submit">Sign in</button></div>
</form>`;
}

export function signInPage(v: SignInView): string {
  return layout({
    title: 'Sign in',
    section: 'signin',
    narrow: true,
    notice: v.notice,
    body: html`<h1>Sign in</h1>
${signInForm('/signin', v)}
${v.allowSignup ? html`<p>New here? <a href="/signup">Create an account</a>.</p>` : html`<p class="muted">Accounts on this server are created by its administrator.</p>`}`,
  });
}

export interface SignUpView {
  csrf: string;
  email?: string;
  name?: string;
  errors?: Partial<Record<'email' | 'password' | 'form', string>>;
}

export function signUpPage(v: SignUpView): string {
  const errors = v.errors ?? {};
  const messages = [errors.form, errors.email, errors.password].filter((m): m is string => Boolean(m));
  const describe = (fieldName: 'email' | 'password', hint?: string) => {
    const ids = [hint, errors[fieldName] ? 'signup-error' : null].filter(Boolean).join(' ');
    return html`${ids ? html` aria-describedby="${ids}"` : ''}${errors[fieldName] ? html` aria-invalid="true"` : ''}`;
  };
  return layout({
    title: 'Create an account',
    section: 'signup',
    narrow: true,
    body: html`<h1>Create an account</h1>
${errorAlert('signup-error', messages)}
<form method="post" action="/signup" class="card" novalidate>
  ${csrfField(v.csrf)}
  <div class="field">
    <label for="name">Name <span class="optional">(optional)</span></label>
    <input id="name" name="name" type="text" autocomplete="name" maxlength="200" value="${v.name ?? ''}"${messages.length ? '' : html` autofocus`}>
  </div>
  <div class="field">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" autocomplete="email" required maxlength="320" value="${v.email ?? ''}"${describe('email')}>
  </div>
  <div class="field">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="new-password" required minlength="10" maxlength="1000"${describe('password', 'password-hint')}>
    <p class="hint" id="password-hint">At least 10 characters. A short sentence is easy to remember and hard to guess.</p>
  </div>
  <div class="actions"><button type="submit">Create account</button></div>
</form>
<p>Already have an account? <a href="/">Sign in</a>.</p>`,
  });
}

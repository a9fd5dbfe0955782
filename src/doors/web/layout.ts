/** The page shell every account page shares: head, header with navigation, main, notices. */
import { html, type Html } from './html.js';
import { CSRF_FIELD } from './csrf.js';
import { assetUrl } from './static.js';

export type Section = 'tokens' | 'apps' | 'authorized' | 'account' | 'signin' | 'signup' | 'none';

export interface Page {
  title: string;
  section: Section;
  body: Html;
  /** Present when someone is signed in: shows the navigation and the sign-out button. */
  user?: { email: string; csrf: string } | null;
  /** A short confirmation shown above the content (after a redirect). */
  notice?: string | null;
  /** Sign-in and sign-up use a narrow column. */
  narrow?: boolean;
}

export const csrfField = (token: string) => html`<input type="hidden" name="${CSRF_FIELD}" value="${token}">`;

const navLink = (href: string, label: string, current: boolean) => html`<a href="${href}"${current ? html` aria-current="page"` : ''}>${label}</a>`;

export function layout(page: Page): string {
  const nav = page.user
    ? html`<nav class="site-nav" aria-label="Account">
        ${navLink('/settings/tokens', 'API tokens', page.section === 'tokens')}
        ${navLink('/settings/apps', 'Apps', page.section === 'apps')}
        ${navLink('/settings/authorized', 'Authorized apps', page.section === 'authorized')}
        ${navLink('/settings/account', 'Account', page.section === 'account')}
        <form method="post" action="/signout">${csrfField(page.user.csrf)}<button type="submit" class="link">Sign out</button></form>
      </nav>`
    : '';
  const notice = page.notice ? html`<div class="alert ok" role="status"><p>${page.notice}</p></div>` : '';
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${page.title} · Agendum</title>
<link rel="icon" href="${assetUrl('icon')}" type="image/svg+xml">
<link rel="stylesheet" href="${assetUrl('css')}">
<script src="${assetUrl('js')}" defer></script>
</head>
<body${page.narrow ? html` class="narrow"` : ''}>
<a class="skip" href="#main">Skip to content</a>
<header class="site-header"><div class="bar">
  <a class="brand" href="${page.user ? '/settings/tokens' : '/'}">Agendum</a>
  ${nav}
</div></header>
<main id="main" tabindex="-1">
${notice}
${page.body}
</main>
</body>
</html>
`.value;
}

/** An error message block; focused on load so screen readers and keyboard users land on it. */
export const errorAlert = (id: string, messages: string[]) =>
  messages.length ? html`<div class="alert error" id="${id}" role="alert" tabindex="-1" data-focus>${messages.map((m) => html`<p>${m}</p>`)}</div>` : '';

/** `<time>` shown in UTC by the server and in local time once the script runs. */
export const time = (iso: string | null, empty = 'Never') =>
  iso ? html`<time datetime="${iso}" data-local>${iso.slice(0, 16).replace('T', ' ')} UTC</time>` : html`<span class="muted">${empty}</span>`;

/** A page that only says something went wrong (403 CSRF, 404, 413, 500 ...). */
import { html } from '../html.js';
import { layout } from '../layout.js';

export function messagePage(title: string, message: string, opts: { signedIn?: boolean } = {}): string {
  return layout({
    title,
    section: 'none',
    narrow: true,
    body: html`<h1>${title}</h1>
<div class="alert error" role="alert"><p>${message}</p></div>
<p><a href="${opts.signedIn ? '/settings/tokens' : '/'}">${opts.signedIn ? 'Back to your settings' : 'Go to the sign-in page'}</a></p>`,
  });
}

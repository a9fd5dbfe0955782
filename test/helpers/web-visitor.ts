/** A browser-like visitor of the account pages through inject: keeps cookies, reads CSRF tokens from pages. */
import type { App } from '../../src/app.js';

type Inject = App['server']['inject'];

export function visitor(inject: Inject) {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (setCookie: string | string[] | undefined) => {
    for (const c of [setCookie ?? []].flat()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      const [k, v] = [pair.slice(0, i), pair.slice(i + 1)];
      if (v && !/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c)) jar.set(k, v);
      else jar.delete(k);
    }
  };
  const send = async (method: 'GET' | 'POST', url: string, payload?: string, headers: Record<string, string> = {}) => {
    const res = await inject({ method, url, payload, headers: { cookie: cookieHeader(), ...headers } });
    remember(res.headers['set-cookie']);
    return res;
  };
  return {
    jar,
    remember,
    get: (url: string) => send('GET', url),
    post: (url: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
      send('POST', url, new URLSearchParams(form).toString(), { 'content-type': 'application/x-www-form-urlencoded', ...headers }),
    /** Any body with the visitor's cookies, for bodies a form would never send. */
    send,
    csrfOf: (body: string) => /name="_csrf" value="([^"]+)"/.exec(body)?.[1] ?? '',
  };
}

export type Visitor = ReturnType<typeof visitor>;

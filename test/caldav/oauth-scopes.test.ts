/**
 * OAuth access tokens on CalDAV (D20, src/doors/caldav/scopes.ts): a tasks collection needs
 * tasks:read to read and tasks:write to write its objects, events likewise, collection changes
 * contexts:write; the home lists only what the token may read; API tokens keep full access.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../helpers/app.js';
import { registerApp, startOAuthApp, tokensFor, type OAuthTestApp, type TestClient } from '../helpers/oauth.js';
import { dav, home, propfindBody, syncBody, vevent, vtodo, type DavRes } from './helpers.js';

let ctx: OAuthTestApp;
let alice: TestUser;
let client: TestClient;
let work: string;
const tokens = new Map<string, string>();

async function tokenWith(scope: string) {
  if (!tokens.has(scope)) tokens.set(scope, (await tokensFor(ctx, client, alice, scope)).access_token);
  return tokens.get(scope)!;
}

/** A DAV request with an OAuth bearer token. */
async function bearer(scope: string, method: string, url: string, body?: string, headers: Record<string, string> = {}): Promise<DavRes> {
  const token = await tokenWith(scope);
  const res = await ctx.t.app.server.inject({
    method: method as 'GET',
    url,
    payload: body,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': body.startsWith('BEGIN:') ? 'text/calendar; charset=utf-8' : 'application/xml; charset=utf-8' } : {}),
      ...headers,
    },
  });
  return { status: res.statusCode, headers: res.headers as DavRes['headers'], body: res.body };
}

beforeAll(async () => {
  ctx = await startOAuthApp();
  alice = await ctx.t.user('alice');
  client = await registerApp(ctx.t, await ctx.t.user('dev'));
  work = (await ctx.t.as(alice).post('/contexts', { name: 'Work' })).body.data.id;
});
afterAll(() => ctx?.t.close());

const tasks = () => `${home(alice)}${work}-tasks/`;
const events = () => `${home(alice)}${work}-events/`;

describe('OAuth tokens on CalDAV', () => {
  it('tasks:read reads tasks collections only, and the home lists only those', async () => {
    const h = await bearer('tasks:read', 'PROPFIND', home(alice), propfindBody('<D:resourcetype/>'), { depth: '1' });
    expect(h.status).toBe(207);
    const hrefs = [...h.body.matchAll(/<D:href>([^<]+)<\/D:href>/g)].map((m) => m[1]);
    expect(hrefs).toEqual([home(alice), `${home(alice)}personal-tasks/`, tasks()]);
    expect((await bearer('tasks:read', 'REPORT', tasks(), syncBody(''), { depth: '1' })).status).toBe(207);
    const denied = await bearer('tasks:read', 'REPORT', events(), syncBody(''), { depth: '1' });
    expect(denied.status).toBe(403);
    expect(denied.body).toContain('<D:need-privileges/>');
    expect(denied.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="events:read"');
    const put = await bearer('tasks:read', 'PUT', `${tasks()}t1.ics`, vtodo('t1', ['SUMMARY:Not allowed']));
    expect(put.status).toBe(403);
    expect(put.headers['www-authenticate']).toBe('Bearer error="insufficient_scope", scope="tasks:write"');
    expect((await ctx.t.as(alice).get(`/tasks?context_id=${work}`)).body.data).toEqual([]);
  });

  it('the write scopes write objects of their kind; a collection change needs contexts:write', async () => {
    const scope = 'tasks:read tasks:write events:read events:write';
    expect((await bearer(scope, 'PUT', `${tasks()}t2.ics`, vtodo('t2', ['SUMMARY:Allowed']), { 'if-none-match': '*' })).status).toBe(201);
    const ev = vevent('e2', ['DTSTART:20260301T100000Z', 'DTEND:20260301T110000Z', 'SUMMARY:Allowed too']);
    expect((await bearer(scope, 'PUT', `${events()}e2.ics`, ev)).status).toBe(201);
    expect((await bearer(scope, 'GET', `${tasks()}t2.ics`)).body).toContain('SUMMARY:Allowed');
    expect((await bearer('events:read events:write', 'DELETE', `${tasks()}t2.ics`)).status).toBe(403);
    const rename = `<?xml version="1.0"?><D:propertyupdate xmlns:D="DAV:"><D:set><D:prop><D:displayname>Job</D:displayname></D:prop></D:set></D:propertyupdate>`;
    expect((await bearer(scope, 'PROPPATCH', tasks(), rename)).status).toBe(403);
    const mk = `<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>New</D:displayname></D:prop></D:set></C:mkcalendar>`;
    expect((await bearer(scope, 'MKCALENDAR', `${home(alice)}new-list/`, mk)).status).toBe(403);
    expect((await bearer(`${scope} contexts:write`, 'PROPPATCH', tasks(), rename)).status).toBe(207);
    expect((await ctx.t.as(alice).get(`/contexts/${work}`)).body.data.name).toBe('Job');
    expect((await bearer(`${scope} contexts:write`, 'MKCALENDAR', `${home(alice)}new-list/`, mk)).status).toBe(201);
  });

  it('a token with no calendar scope is refused everywhere; API tokens keep full access', async () => {
    const res = await bearer('contexts:read', 'PROPFIND', '/caldav/', propfindBody('<D:current-user-principal/>'), { depth: '0' });
    expect(res.status).toBe(403);
    expect(res.headers['www-authenticate']).toContain('insufficient_scope');
    const full = await dav(ctx.t, alice)('PROPFIND', home(alice), propfindBody('<D:resourcetype/>'), { depth: '1' });
    expect(full.body).toContain(`${work}-events/`);
    expect(full.body).toContain(`${work}-tasks/`);
  });
});

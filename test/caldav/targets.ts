/**
 * Servers the real-client checks run against: Agendum (the real app on a loopback port, with REST
 * as "the other side" of two-way sync) and Debian's Radicale (the reference server, with raw
 * CalDAV writes as the other side), so the same checks prove the harness before they judge us.
 */
import { startRadicale } from './radicale.js';
import type { ChildProcess } from 'node:child_process';
import type net from 'node:net';
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';

export interface Target {
  name: string;
  /** Where clients start discovery. */
  baseUrl: string;
  username: string;
  password: string;
  taskCollection: string;
  eventCollection: string;
  /** Changes made outside the client under test. */
  other: {
    /** Titles of the records the server holds in the collection of that kind. */
    titles(kind: 'task' | 'event'): Promise<string[]>;
    retitle(kind: 'task' | 'event', uid: string, title: string): Promise<void>;
    remove(kind: 'task' | 'event', uid: string): Promise<void>;
  };
  close(): Promise<void>;
}

const auth = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;

/** Finds a resource href by UID with a calendar-query (works on any CalDAV server). */
async function hrefOfUid(base: string, collection: string, user: string, pass: string, kind: 'task' | 'event', uid: string) {
  const body = `<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="${kind === 'task' ? 'VTODO' : 'VEVENT'}"><C:prop-filter name="UID"><C:text-match collation="i;octet">${uid}</C:text-match></C:prop-filter></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>`;
  const res = await fetch(new URL(collection, base), {
    method: 'REPORT',
    headers: { authorization: auth(user, pass), depth: '1', 'content-type': 'application/xml' },
    body,
  });
  const text = await res.text();
  const m = /<(?:\w+:)?href>([^<]+)<\/(?:\w+:)?href>[\s\S]*?<(?:\w+:)?calendar-data[^>]*>([\s\S]*?)<\/(?:\w+:)?calendar-data>/.exec(text);
  if (!m) throw new Error(`no resource with UID ${uid}: ${text.slice(0, 300)}`);
  return { href: m[1], data: m[2].replace(/&#13;/g, '\r').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&') };
}

export async function agendumTarget(): Promise<Target & { t: TestApp; user: TestUser; contextId: string }> {
  const t = await startTestApp();
  await t.app.server.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.server.address() as net.AddressInfo;
  const user = await t.user('client');
  const contextId = (await t.as(user).post('/contexts', { name: 'Synced' })).body.data.id;
  const api = t.as(user);
  const find = async (kind: 'task' | 'event', uid: string) => {
    const list = (await api.get(`/${kind}s?context_id=${contextId}&limit=100`)).body.data as Array<{ id: string; title: string }>;
    const obj = await t.app.services.calendar.objectByUid({ userId: user.id, email: user.email, via: 'caldav' }, kind, uid);
    const rec = list.find((r) => r.id === obj?.record_id);
    if (!rec) throw new Error(`no ${kind} with UID ${uid}`);
    return rec;
  };
  return {
    name: 'agendum',
    t,
    user,
    contextId,
    baseUrl: `http://127.0.0.1:${port}/caldav/`,
    username: user.email,
    password: user.token,
    taskCollection: `/caldav/calendars/${user.id}/${contextId}-tasks/`,
    eventCollection: `/caldav/calendars/${user.id}/${contextId}-events/`,
    other: {
      titles: async (kind) => ((await api.get(`/${kind}s?context_id=${contextId}&limit=100`)).body.data as Array<{ title: string }>).map((r) => r.title),
      retitle: async (kind, uid, title) => {
        const res = await api.put(`/${kind}s/${(await find(kind, uid)).id}`, { title, publish: true });
        if (res.status !== 200) throw new Error(`REST update: ${res.status}`);
      },
      remove: async (kind, uid) => {
        const res = await api.delete(`/${kind}s/${(await find(kind, uid)).id}`);
        if (res.status !== 204) throw new Error(`REST delete: ${res.status}`);
      },
    },
    close: () => t.close(),
  };
}

/** Debian's Radicale on a loopback port, with one user and a task and an event calendar. */
export async function radicaleTarget(): Promise<Target & { child: ChildProcess }> {
  const radicale = await startRadicale();
  const { child } = radicale;
  const base = radicale.base;
  const headers = { authorization: auth('alice', 'secret') };
  for (const [name, comp] of [
    ['tasks', 'VTODO'],
    ['events', 'VEVENT'],
  ]) {
    const res = await fetch(`${base}alice/${name}/`, {
      method: 'MKCALENDAR',
      headers: { ...headers, 'content-type': 'application/xml' },
      body: `<?xml version="1.0"?><C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:set><D:prop><D:displayname>${name}</D:displayname><C:supported-calendar-component-set><C:comp name="${comp}"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>`,
    });
    if (res.status !== 201) throw new Error(`radicale MKCALENDAR ${res.status}: ${await res.text()}`);
  }
  const coll = (kind: 'task' | 'event') => `/alice/${kind === 'task' ? 'tasks' : 'events'}/`;
  return {
    name: 'radicale',
    child,
    baseUrl: base,
    username: 'alice',
    password: 'secret',
    taskCollection: coll('task'),
    eventCollection: coll('event'),
    other: {
      titles: async (kind) => {
        const res = await fetch(new URL(coll(kind), base), {
          method: 'REPORT',
          headers: { ...headers, depth: '1', 'content-type': 'application/xml' },
          body: `<?xml version="1.0"?><C:calendar-query xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"><D:prop><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"/></C:filter></C:calendar-query>`,
        });
        return [...(await res.text()).matchAll(/SUMMARY:([^\r\n&]*)/g)].map((m) => m[1]);
      },
      retitle: async (kind, uid, title) => {
        const { href, data } = await hrefOfUid(base, coll(kind), 'alice', 'secret', kind, uid);
        const res = await fetch(new URL(href, base), {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'text/calendar' },
          body: data.replace(/SUMMARY:[^\r\n]*/, `SUMMARY:${title}`),
        });
        if (res.status >= 300) throw new Error(`radicale PUT ${res.status}`);
      },
      remove: async (kind, uid) => {
        const { href } = await hrefOfUid(base, coll(kind), 'alice', 'secret', kind, uid);
        const res = await fetch(new URL(href, base), { method: 'DELETE', headers });
        if (res.status >= 300) throw new Error(`radicale DELETE ${res.status}`);
      },
    },
    close: () => radicale.stop(),
  };
}

/**
 * CalDAV against Radicale on the same machine in the same run (issue 11): one collection of
 * 10,000 events spread over a year, and three client actions, each timed as the median of
 * BENCH_ROUNDS runs after one untimed warm-up:
 *   1. initial sync: PROPFIND Depth 1 (getetag) + calendar-multiget of every href (calendar-data),
 *      100 hrefs per request as Evolution sends them (Radicale takes minutes on one request of 10,000);
 *   2. incremental sync after 10 changes: sync-collection from the previous token + multiget of
 *      what it names;
 *   3. a one-month time-range calendar-query (getetag + calendar-data).
 *
 *   node --import tsx bench/caldav.ts                                    # SQLite
 *   BENCH_PG_URL=postgres://postgres@127.0.0.1:55432/postgres node --import tsx bench/caldav.ts
 * Agendum runs in this process; Radicale (Debian's /usr/bin/radicale) in its own.
 */
import { startRadicale } from '../test/caldav/radicale.js';
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createScratchDatabase } from '../test/helpers/scratch-pg.js';

const ITEMS = Number(process.env.BENCH_ITEMS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const YEAR_MS = 365 * 86_400_000;
const START = Date.UTC(2026, 0, 1);

const stamp = (ms: number) => `${new Date(ms).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
const ics = (uid: string, i: number, title = `Event ${i}`) => {
  const start = START + Math.floor((i * YEAR_MS) / ITEMS);
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Agendum bench//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(start + 3_600_000)}`,
    `SUMMARY:${title}`,
    'DESCRIPTION:Seeded for the CalDAV benchmark',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
};

interface Server {
  name: string;
  base: string;
  auth: string;
  collection: string;
  close(): Promise<void>;
}

const xml = (s: string) => `<?xml version="1.0" encoding="utf-8"?>${s}`;
const NSS = 'xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav"';

async function dav(s: Server, method: string, url: string, body?: string, headers: Record<string, string> = {}) {
  const res = await fetch(new URL(url, s.base), {
    method,
    body,
    headers: { authorization: s.auth, 'content-type': body?.startsWith('BEGIN') ? 'text/calendar' : 'application/xml', ...headers },
  });
  const text = await res.text();
  if (res.status >= 400) throw new Error(`${s.name} ${method} ${url}: ${res.status} ${text.slice(0, 200)}`);
  return { status: res.status, text, etag: res.headers.get('etag') };
}

const hrefs = (text: string) => [...text.matchAll(/<(?:\w+:)?href>([^<]+)<\/(?:\w+:)?href>/g)].map((m) => m[1]);
const countData = (text: string) => (text.match(/BEGIN:VEVENT/g) ?? []).length;

async function initialSync(s: Server) {
  const list = await dav(s, 'PROPFIND', s.collection, xml(`<D:propfind ${NSS}><D:prop><D:getetag/></D:prop></D:propfind>`), { depth: '1' });
  const members = hrefs(list.text).filter((h) => h.endsWith('.ics'));
  let fetched = 0;
  for (let i = 0; i < members.length; i += 100) {
    const got = await dav(
      s,
      'REPORT',
      s.collection,
      xml(
        `<C:calendar-multiget ${NSS}><D:prop><D:getetag/><C:calendar-data/></D:prop>${members
          .slice(i, i + 100)
          .map((h) => `<D:href>${h}</D:href>`)
          .join('')}</C:calendar-multiget>`,
      ),
      { depth: '1' },
    );
    fetched += countData(got.text);
  }
  return { members: members.length, fetched };
}

async function syncToken(s: Server, token: string) {
  const r = await dav(
    s,
    'REPORT',
    s.collection,
    xml(`<D:sync-collection ${NSS}><D:sync-token>${token}</D:sync-token><D:sync-level>1</D:sync-level><D:prop><D:getetag/></D:prop></D:sync-collection>`),
    { depth: '1' },
  );
  return { text: r.text, token: /<(?:\w+:)?sync-token>([^<]*)</.exec(r.text)![1] };
}

async function incremental(s: Server, token: string) {
  const r = await syncToken(s, token);
  const changed = hrefs(r.text).filter((h) => h.endsWith('.ics'));
  const got = await dav(
    s,
    'REPORT',
    s.collection,
    xml(
      `<C:calendar-multiget ${NSS}><D:prop><D:getetag/><C:calendar-data/></D:prop>${changed.map((h) => `<D:href>${h}</D:href>`).join('')}</C:calendar-multiget>`,
    ),
    { depth: '1' },
  );
  return { changed: changed.length, fetched: countData(got.text) };
}

async function monthQuery(s: Server) {
  const r = await dav(
    s,
    'REPORT',
    s.collection,
    xml(
      `<C:calendar-query ${NSS}><D:prop><D:getetag/><C:calendar-data/></D:prop><C:filter><C:comp-filter name="VCALENDAR"><C:comp-filter name="VEVENT"><C:time-range start="20260601T000000Z" end="20260701T000000Z"/></C:comp-filter></C:comp-filter></C:filter></C:calendar-query>`,
    ),
    { depth: '1' },
  );
  return { fetched: countData(r.text) };
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const t0 = performance.now();
  const result = await fn();
  return { ms: performance.now() - t0, result };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const progress = (msg: string) => console.error(`${new Date().toISOString().slice(11, 19)} ${msg}`);

async function measure(s: Server) {
  const out: Record<string, number> = {};
  progress(`${s.name}: warm-up sync`);
  await initialSync(s);
  progress(`${s.name}: initial sync x${ROUNDS}`); // warm-up: caches, prepared statements, objects written for REST-made records
  const initial = [];
  for (let i = 0; i < ROUNDS; i++) {
    const { ms, result } = await timed(() => initialSync(s));
    if (result.members !== ITEMS || result.fetched !== ITEMS) throw new Error(`${s.name}: initial sync saw ${result.members}/${result.fetched} of ${ITEMS}`);
    initial.push(ms);
  }
  out.initial = median(initial);
  progress(`${s.name}: incremental sync x${ROUNDS}`);
  const incr = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const { token } = await syncToken(s, '');
    for (let k = 0; k < 10; k++) {
      const i = ((round * 10 + k) * 37) % ITEMS;
      await dav(s, 'PUT', `${s.collection}ev-${i}.ics`, ics(`ev-${i}`, i, `Changed ${round}`));
    }
    const { ms, result } = await timed(() => incremental(s, token));
    if (result.changed !== 10 || result.fetched !== 10) throw new Error(`${s.name}: incremental sync saw ${result.changed}/${result.fetched} of 10`);
    if (round > 0) incr.push(ms); // round 0 is the warm-up
  }
  out.incremental = median(incr);
  progress(`${s.name}: month query x${ROUNDS}`);
  const month = [];
  await monthQuery(s);
  for (let i = 0; i < ROUNDS; i++) {
    const { ms, result } = await timed(() => monthQuery(s));
    if (result.fetched < Math.floor((ITEMS * 30) / 365)) throw new Error(`${s.name}: month query found ${result.fetched}`);
    month.push(ms);
  }
  out.month = median(month);
  return out;
}

async function radicale(): Promise<Server> {
  const radicale = await startRadicale('agendum-bench-radicale-');
  const s: Server = {
    name: 'radicale',
    base: radicale.base,
    auth: `Basic ${Buffer.from('alice:secret').toString('base64')}`,
    collection: '/alice/bench/',
    close: () => radicale.stop(),
  };
  await dav(
    s,
    'MKCALENDAR',
    s.collection,
    xml(
      `<C:mkcalendar ${NSS}><D:set><D:prop><C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set></D:prop></D:set></C:mkcalendar>`,
    ),
  );
  progress(`radicale: writing ${ITEMS} items`);
  // Items are written into Radicale's storage folder directly (its PUT path would take minutes to seed);
  // the untimed warm-up sync lets it index them.
  const folder = path.join(radicale.dir, 'collections', 'collection-root', 'alice', 'bench');
  for (let i = 0; i < ITEMS; i++) fs.writeFileSync(path.join(folder, `ev-${i}.ics`), ics(`ev-${i}`, i));
  return s;
}

async function agendum(databaseUrl: string): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-bench-data-'));
  const app = await createApp(loadConfig({ DATABASE_URL: databaseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '10000000' }), { logger: false });
  await app.server.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.server.address() as net.AddressInfo;
  const user = await app.services.accounts.createUser({ email: `bench-${Date.now()}@example.com`, password: 'correct horse battery' });
  const { token } = await app.services.accounts.issueToken(user.id, 'bench');
  const s: Server = {
    name: 'agendum',
    base: `http://127.0.0.1:${port}/`,
    auth: `Basic ${Buffer.from(`${user.email}:${token}`).toString('base64')}`,
    collection: `/caldav/calendars/${user.id}/personal-events/`,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  // Seeded through the same PUT a client sends, a few at a time.
  const t0 = performance.now();
  for (let i = 0; i < ITEMS; i += 8) {
    await Promise.all(Array.from({ length: Math.min(8, ITEMS - i) }, (_, k) => dav(s, 'PUT', `${s.collection}ev-${i + k}.ics`, ics(`ev-${i + k}`, i + k))));
  }
  console.error(`agendum: seeded ${ITEMS} events by PUT in ${Math.round(performance.now() - t0)} ms`);
  return s;
}

const rows: Array<Record<string, string | number>> = [];
const report = (name: string, r: Record<string, number>) => {
  const row = {
    server: name,
    'initial sync ms': Math.round(r.initial),
    'incremental (10 changes) ms': Math.round(r.incremental * 10) / 10,
    'one-month query ms': Math.round(r.month * 10) / 10,
  };
  rows.push(row);
  console.log(JSON.stringify(row));
  return r;
};

const rad = await radicale();
let radFigures: Record<string, number>;
try {
  radFigures = report('radicale', await measure(rad));
} finally {
  await rad.close();
}

const targets: Array<[string, () => Promise<{ url: string; drop: () => Promise<void> }>]> = [
  [
    'sqlite',
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-bench-'));
      return { url: `sqlite:${path.join(dir, 'app.db')}`, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
    },
  ],
];
if (process.env.BENCH_PG_URL) targets.push(['postgres', () => createScratchDatabase(process.env.BENCH_PG_URL!, 'agendum_bench')]);
for (const [dialect, make] of targets) {
  const database = await make();
  const s = await agendum(database.url);
  let f: Record<string, number>;
  try {
    f = report(`agendum (${dialect})`, await measure(s));
  } finally {
    await s.close();
    await database.drop();
  }
  console.log(
    JSON.stringify({
      server: `ratio radicale / agendum (${dialect})`,
      initial: Math.round((radFigures.initial / f.initial) * 10) / 10,
      incremental: Math.round((radFigures.incremental / f.incremental) * 10) / 10,
      month: Math.round((radFigures.month / f.month) * 10) / 10,
    }),
  );
}
console.table(rows);

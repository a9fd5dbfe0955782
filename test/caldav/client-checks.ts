/**
 * What each real client must manage against a server: discover, create, read, update, delete,
 * and sync both ways (its own writes reach the server; the server's changes and deletions reach
 * its next sync). The same checks run against Radicale and Agendum.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { DAVClient, type DAVCalendar } from 'tsdav';
import { expect } from 'vitest';
import type { Target } from './targets.js';

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));

export const ical = (kind: 'task' | 'event', uid: string, title: string, extra: string[] = []) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Agendum tests//EN',
    kind === 'task' ? 'BEGIN:VTODO' : 'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `SUMMARY:${title}`,
    ...(kind === 'event' ? ['DTSTART:20260310T090000Z', 'DTEND:20260310T100000Z'] : ['DUE;VALUE=DATE:20260320']),
    ...extra,
    kind === 'task' ? 'END:VTODO' : 'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

/** Client-written details that must survive an edit made elsewhere (D17). */
const RICH_EVENT = (uid: string, title: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Agendum tests//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    'DTSTART:20260302T090000Z',
    'DTEND:20260302T093000Z',
    `SUMMARY:${title}`,
    'RRULE:FREQ=DAILY;COUNT=5',
    'CATEGORIES:Team',
    'X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    'DESCRIPTION:Reminder',
    'TRIGGER:-PT15M',
    'X-WR-ALARMUID:al-1',
    'END:VALARM',
    'END:VEVENT',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    'RECURRENCE-ID:20260304T090000Z',
    'DTSTART:20260304T150000Z',
    'DTEND:20260304T153000Z',
    `SUMMARY:${title} (late)`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
const RICH_LINES = [
  'RRULE:FREQ=DAILY;COUNT=5',
  'CATEGORIES:Team',
  'X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC',
  'X-WR-ALARMUID:al-1',
  'TRIGGER:-PT15M',
  'RECURRENCE-ID:20260304T090000Z',
];

const pathOf = (u: string) => new URL(u, 'http://x').pathname;
const unfold = (s: string) => s.replace(/\r?\n[ \t]/g, '');

// ---------- python3-caldav ----------

export async function py(target: Pick<Target, 'baseUrl' | 'username' | 'password'>, cmd: string, args: Record<string, unknown> = {}) {
  const payload = JSON.stringify({ url: target.baseUrl, username: target.username, password: target.password, ...args });
  try {
    const { stdout } = await run('/usr/bin/python3', [path.join(here, 'clients/pycaldav.py'), cmd, payload], { timeout: 60_000 });
    return JSON.parse(stdout);
  } catch (err) {
    // The script prints the client's DAV error as JSON and exits 3.
    const out = (err as { stdout?: string }).stdout;
    if (out) return JSON.parse(out);
    throw err;
  }
}

export async function pythonCaldav(target: Target, tag: string) {
  const calendars: Array<{ url: string }> = await py(target, 'discover');
  const found = calendars.map((c) => pathOf(c.url));
  expect(found).toContain(target.taskCollection);
  expect(found).toContain(target.eventCollection);
  const ev = { calendar_url: new URL(target.eventCollection, target.baseUrl).href, kind: 'event' };
  const td = { calendar_url: new URL(target.taskCollection, target.baseUrl).href, kind: 'task' };
  const evUid = `py-ev-${tag}`;
  const tdUid = `py-td-${tag}`;

  await py(target, 'put', { ...ev, ical: ical('event', evUid, 'Py event') });
  await py(target, 'put', { ...td, ical: ical('task', tdUid, 'Py task') });
  expect(await target.other.titles('event')).toContain('Py event');
  expect(await target.other.titles('task')).toContain('Py task');
  const listed: Array<{ data: string }> = await py(target, 'list', ev);
  expect(listed.some((o) => o.data.includes(`UID:${evUid}`))).toBe(true);
  expect((await py(target, 'list', td)).some((o: { data: string }) => o.data.includes(`UID:${tdUid}`))).toBe(true);

  const first = await py(target, 'sync', ev);
  expect(first.changed.some((o: { data: string }) => o.data.includes(evUid))).toBe(true);
  await py(target, 'update', { ...ev, uid: evUid, summary: 'Py event renamed' });
  expect(await target.other.titles('event')).toContain('Py event renamed');
  const second = await py(target, 'sync', { ...ev, token: first.token });
  expect(second.changed.map((o: { data: string }) => unfold(o.data)).join()).toContain('SUMMARY:Py event renamed');

  await target.other.retitle('event', evUid, 'Renamed elsewhere');
  const third = await py(target, 'sync', { ...ev, token: second.token });
  expect(third.changed.map((o: { data: string }) => unfold(o.data)).join()).toContain('SUMMARY:Renamed elsewhere');
  expect((await py(target, 'get', { ...ev, uid: evUid })).data).toContain('Renamed elsewhere');

  await target.other.remove('event', evUid);
  const fourth = await py(target, 'sync', { ...ev, token: third.token });
  expect(fourth.deleted.length).toBe(1);
  expect(fourth.changed).toEqual([]);

  await py(target, 'delete', { ...td, uid: tdUid });
  expect(await target.other.titles('task')).not.toContain('Py task');

  // Alarms, X- properties, categories, recurrence and an override survive an edit made elsewhere.
  const richUid = `py-rich-${tag}`;
  await py(target, 'put', { ...ev, ical: RICH_EVENT(richUid, 'Rich') });
  await target.other.retitle('event', richUid, 'Rich edited');
  const rich = unfold((await py(target, 'get', { ...ev, uid: richUid })).data);
  expect(rich).toContain('SUMMARY:Rich edited');
  for (const line of RICH_LINES) expect(rich).toContain(line);
  const hits: string[] = await py(target, 'date_search', { ...ev, start: '2026-03-04T14:00:00+00:00', end: '2026-03-04T16:00:00+00:00' });
  expect(hits.length).toBe(1);
}

// ---------- tsdav ----------

export async function tsdav(target: Target, tag: string) {
  const client = new DAVClient({
    serverUrl: target.baseUrl,
    credentials: { username: target.username, password: target.password },
    authMethod: 'Basic',
    defaultAccountType: 'caldav',
  });
  await client.login();
  const calendars = await client.fetchCalendars();
  const cal = (p: string) => {
    const c = calendars.find((x) => pathOf(x.url) === p);
    if (!c) throw new Error(`tsdav did not discover ${p} among ${calendars.map((x) => x.url).join(', ')}`);
    return c;
  };
  const events = cal(target.eventCollection);
  const tasks = cal(target.taskCollection);
  const evUid = `ts-ev-${tag}`;
  const created = await client.createCalendarObject({ calendar: events, filename: `${evUid}.ics`, iCalString: ical('event', evUid, 'Ts event') });
  expect(created.ok).toBe(true);
  expect((await client.createCalendarObject({ calendar: tasks, filename: `ts-td-${tag}.ics`, iCalString: ical('task', `ts-td-${tag}`, 'Ts task') })).ok).toBe(
    true,
  );
  expect(await target.other.titles('event')).toContain('Ts event');
  expect(await target.other.titles('task')).toContain('Ts task');

  const objects = await client.fetchCalendarObjects({ calendar: events });
  const mine = objects.find((o) => o.data?.includes(`UID:${evUid}`));
  expect(mine?.etag).toBeTruthy();
  const todos = await client.fetchCalendarObjects({
    calendar: tasks,
    filters: [{ 'comp-filter': { _attributes: { name: 'VCALENDAR' }, 'comp-filter': { _attributes: { name: 'VTODO' } } } }],
  });
  expect(todos.some((o) => o.data?.includes(`UID:ts-td-${tag}`))).toBe(true);

  const updated = await client.updateCalendarObject({
    calendarObject: { url: mine!.url, etag: mine!.etag, data: mine!.data.replace('SUMMARY:Ts event', 'SUMMARY:Ts event renamed') },
  });
  expect(updated.ok).toBe(true);
  expect(await target.other.titles('event')).toContain('Ts event renamed');

  // Sync: first everything, then the change and the deletion made elsewhere.
  const collection = { ...events, objectMultiGet: client.calendarMultiGet.bind(client) } as DAVCalendar & { objectMultiGet: unknown };
  const first = (await client.smartCollectionSync({
    collection: { ...collection, objects: [] },
    method: 'webdav',
    detailedResult: true,
  } as never)) as unknown as { syncToken: string; objects: { created: Array<{ data: string }>; updated: unknown[]; deleted: unknown[] } };
  expect(first.objects.created.some((o) => o.data.includes(evUid))).toBe(true);
  await target.other.retitle('event', evUid, 'Ts renamed elsewhere');
  const local = first.objects.created as Array<{ url: string; etag: string; data: string }>;
  const second = (await client.smartCollectionSync({
    collection: { ...collection, syncToken: first.syncToken, objects: local },
    method: 'webdav',
    detailedResult: true,
  } as never)) as unknown as {
    syncToken: string;
    objects: { created: unknown[]; updated: Array<{ url: string; data: string; etag: string }>; deleted: unknown[] };
  };
  expect(second.objects.updated.map((o) => unfold(o.data)).join()).toContain('Ts renamed elsewhere');
  await target.other.remove('event', evUid);
  const third = (await client.smartCollectionSync({
    collection: { ...collection, syncToken: second.syncToken, objects: local },
    method: 'webdav',
    detailedResult: true,
  } as never)) as unknown as { objects: { deleted: Array<{ url: string }> } };
  expect(third.objects.deleted.map((o) => pathOf(o.url))).toContain(pathOf(mine!.url));

  const task = (
    await client.fetchCalendarObjects({
      calendar: tasks,
      filters: [{ 'comp-filter': { _attributes: { name: 'VCALENDAR' }, 'comp-filter': { _attributes: { name: 'VTODO' } } } }],
    })
  ).find((o) => o.data?.includes(`UID:ts-td-${tag}`))!;
  expect((await client.deleteCalendarObject({ calendarObject: { url: task.url, etag: task.etag } })).ok).toBe(true);
  expect(await target.other.titles('task')).not.toContain('Ts task');
}

// ---------- vdirsyncer ----------

async function vdir(config: string, ...args: string[]) {
  return run('/bin/sh', ['-c', `yes | /usr/bin/vdirsyncer -c '${config}' ${args.join(' ')}`], {
    timeout: 120_000,
    env: { ...process.env, LC_ALL: 'C.UTF-8', LANG: 'C.UTF-8' },
  });
}

const filesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.ics')) : []);

export async function vdirsyncer(target: Target, tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agendum-vdir-'));
  const local = path.join(dir, 'local');
  const config = path.join(dir, 'config');
  const remoteOf = (p: string) => new URL(p, target.baseUrl).href;
  fs.writeFileSync(
    config,
    [
      '[general]',
      `status_path = "${path.join(dir, 'status')}"`,
      '',
      ...(['events', 'tasks'] as const).flatMap((k) => [
        `[pair cal_${k}]`,
        `a = "local_${k}"`,
        `b = "remote_${k}"`,
        'collections = null',
        'conflict_resolution = "b wins"',
        '',
        `[storage local_${k}]`,
        'type = "filesystem"',
        `path = "${path.join(local, k)}"`,
        'fileext = ".ics"',
        '',
        `[storage remote_${k}]`,
        'type = "caldav"',
        `url = "${remoteOf(k === 'events' ? target.eventCollection : target.taskCollection)}"`,
        `username = "${target.username}"`,
        `password = "${target.password}"`,
        '',
      ]),
    ].join('\n'),
  );
  try {
    fs.mkdirSync(path.join(local, 'events'), { recursive: true });
    fs.mkdirSync(path.join(local, 'tasks'), { recursive: true });
    await vdir(config, 'discover');
    await vdir(config, 'sync');
    const evUid = `vd-ev-${tag}`;
    // Local creations go up.
    fs.writeFileSync(path.join(local, 'events', `${evUid}.ics`), ical('event', evUid, 'Vd event'));
    fs.writeFileSync(path.join(local, 'tasks', `vd-td-${tag}.ics`), ical('task', `vd-td-${tag}`, 'Vd task'));
    // vdirsyncer refuses to sync a side that was emptied completely; one task stays.
    fs.writeFileSync(path.join(local, 'tasks', `vd-keep-${tag}.ics`), ical('task', `vd-keep-${tag}`, 'Vd keep'));
    fs.writeFileSync(path.join(local, 'events', `vd-keep-${tag}.ics`), ical('event', `vd-keep-${tag}`, 'Vd keep'));
    await vdir(config, 'sync');
    expect(await target.other.titles('event')).toContain('Vd event');
    expect(await target.other.titles('task')).toContain('Vd task');
    // A local edit goes up.
    const file = path.join(local, 'events', `${evUid}.ics`);
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('SUMMARY:Vd event', 'SUMMARY:Vd event renamed'));
    await vdir(config, 'sync');
    expect(await target.other.titles('event')).toContain('Vd event renamed');
    // Changes made elsewhere come down.
    await target.other.retitle('event', evUid, 'Vd renamed elsewhere');
    await vdir(config, 'sync');
    const down = filesIn(path.join(local, 'events'))
      .map((f) => unfold(fs.readFileSync(path.join(local, 'events', f), 'utf8')))
      .join();
    expect(down).toContain('SUMMARY:Vd renamed elsewhere');
    // A deletion elsewhere removes the local file; a local deletion removes the remote record.
    await target.other.remove('event', evUid);
    await vdir(config, 'sync');
    expect(filesIn(path.join(local, 'events')).some((f) => fs.readFileSync(path.join(local, 'events', f), 'utf8').includes(evUid))).toBe(false);
    for (const f of filesIn(path.join(local, 'tasks'))) {
      if (fs.readFileSync(path.join(local, 'tasks', f), 'utf8').includes(`vd-td-${tag}`)) fs.rmSync(path.join(local, 'tasks', f));
    }
    await vdir(config, 'sync');
    expect(await target.other.titles('task')).not.toContain('Vd task');
    expect(await target.other.titles('task')).toContain('Vd keep');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

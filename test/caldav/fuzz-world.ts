/**
 * The world both CalDAV fuzz files work in: a fuzzing owner with a context of their own, and a
 * victim with a task and an event whose calendar must not move, whatever the fuzzer sends.
 */
import { startTestApp, type TestApp, type TestUser } from '../helpers/app.js';
import { dav, home } from './helpers.js';

export interface DavFuzzWorld {
  t: TestApp;
  owner: TestUser;
  victim: TestUser;
  ctxId: string;
  /** The owner's collection: `tasks`/`events` of the context, or `personal-tasks`/`personal-events`. */
  collectionUrl(kind: string): string;
  /** The victim's records and calendar listing, without the tokens that move on any change. */
  victimSnapshot(): Promise<string>;
}

export async function buildDavFuzzWorld(): Promise<DavFuzzWorld> {
  const t = await startTestApp();
  const owner = await t.user('fuzzer');
  const victim = await t.user('victim');
  const ctxId = (await t.as(owner).post('/contexts', { name: 'Fuzzed' })).body.data.id;
  await t.as(victim).post('/tasks', { title: 'victim task', due_date: '2026-12-01T10:00:00Z' });
  await t.as(victim).post('/events', { title: 'victim event', start_time: '2026-12-01T10:00:00Z', end_time: '2026-12-01T11:00:00Z' });
  return {
    t,
    owner,
    victim,
    ctxId,
    collectionUrl: (kind) => (kind.startsWith('personal-') ? `${home(owner)}${kind}/` : `${home(owner)}${ctxId}-${kind}/`),
    async victimSnapshot() {
      const [tasks, events, cal] = await Promise.all([
        t.as(victim).get('/tasks?limit=100'),
        t.as(victim).get('/events?limit=100'),
        dav(t, victim)('PROPFIND', home(victim), undefined, { depth: '1' }),
      ]);
      return JSON.stringify([
        tasks.body.data,
        events.body.data,
        cal.status,
        cal.body.replace(/<D:sync-token>[^<]*<\/D:sync-token>|<CS:getctag>[^<]*<\/CS:getctag>/g, ''),
      ]);
    },
  };
}

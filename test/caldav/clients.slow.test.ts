/**
 * Real CalDAV clients (python3-caldav, tsdav, vdirsyncer) against Debian's Radicale first, which
 * proves the checks, then against Agendum on the database TEST_DATABASE names.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { pythonCaldav, tsdav, vdirsyncer } from './client-checks.js';
import { agendumTarget, radicaleTarget, type Target } from './targets.js';

for (const [name, start] of [['Radicale (reference)', radicaleTarget], ['Agendum', agendumTarget]] as const) {
  describe(name, () => {
    let target: Target;
    beforeAll(async () => { target = await start(); }, 60_000);
    afterAll(() => target?.close());
    it('python3-caldav discovers, creates, reads, updates, deletes and syncs both ways', () => pythonCaldav(target, 'a'), 120_000);
    it('tsdav discovers, creates, reads, updates, deletes and syncs both ways', () => tsdav(target, 'b'), 120_000);
    it('vdirsyncer discovers and syncs both ways', () => vdirsyncer(target, 'c'), 240_000);
  });
}

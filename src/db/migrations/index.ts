import type { Migration } from 'kysely';
import * as m001 from './001_initial.js';
import * as m002 from './002_list_indexes.js';
import * as m004 from './004_sync_feed.js';
import * as m006 from './006_login_throttle.js';
import * as m013 from './013_intake_limits.js';
import * as m014 from './014_hardening.js';
import * as m012 from './012_oauth.js';
import * as m011 from './011_webhooks.js';
import * as m010 from './010_caldav.js';
import * as m015 from './015_request_path.js';
import * as m016 from './016_calendar_trash.js';
import * as m017 from './017_text_sort.js';
import * as m018 from './018_webhook_grants.js';
import * as m019 from './019_count_lock_order.js';
import * as m020 from './020_attendee_added_by.js';
import * as m021 from './021_search_folding.js';

/** Every migration in order. Listed in code (not read from disk) so the built service carries them. */
export const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_list_indexes': m002,
  '004_sync_feed': m004,
  '006_login_throttle': m006,
  '013_intake_limits': m013,
  '014_hardening': m014,
  '012_oauth': m012,
  '011_webhooks': m011,
  '010_caldav': m010,
  '015_request_path': m015,
  '016_calendar_trash': m016,
  '017_text_sort': m017,
  '018_webhook_grants': m018,
  '019_count_lock_order': m019,
  '020_attendee_added_by': m020,
  '021_search_folding': m021,
};

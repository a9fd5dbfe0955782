import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { listVisibleTasks } from '../../src/core/tasks/tasks.store.js';
const sqlite = new SQLite('/tmp/agendum-request-path.db');
let compileOnly = false;
const db = new Kysely<any>({ dialect: new SqliteDialect({ database: sqlite }) });
const u = await db.selectFrom('users').select('id').where('email', '=', 'request-path@example.com').executeTakeFirstOrThrow();
const run = () => listVisibleTasks(db as any, u.id, {}, [{ field: 'created_at', desc: true }], { limit: 50, offset: 0 });
for (let i = 0; i < 300; i++) await run();
let c = process.cpuUsage(); for (let i = 0; i < 2000; i++) await run(); let d = process.cpuUsage(c); console.log('full list', ((d.user + d.system) / 2000).toFixed(0), 'µs');
// statements only
const st = sqlite.prepare('select 1');

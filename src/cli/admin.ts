/**
 * `npm run admin -- <command> [options]`: account chores for self-hosters, run against DATABASE_URL
 * (and DATA_DIR / JWT_SECRET, so issued tokens are signed like the running service's).
 */
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../config.js';
import { DomainError } from '../core/errors.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { loadJwtSecret } from '../secrets.js';
import { createServices } from '../services.js';
import { COMMANDS, UsageError, usage } from './admin-commands.js';

// Exit codes (sysexits.h): 0 done, 1 the command failed (unknown user, duplicate email ...),
// 64 wrong usage, 78 bad configuration.
async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    (name ? console.log : console.error)(usage());
    return name ? 0 : 64;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`Unknown command "${name}".\n\n${usage()}`);
    return 64;
  }
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({ args: rest, options: command.options, strict: true, allowPositionals: false }).values as Record<string, string | undefined>;
    for (const required of command.required) if (!values[required]) throw new UsageError(`--${required} is required`);
  } catch (err) {
    console.error(`${(err as Error).message}\n\nUsage: npm run admin -- ${name} ${command.synopsis}`);
    return 64;
  }

  const config = loadConfigOrExit();
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database.db, config.database);
    const services = createServices(database.db, {
      jwtSecret: loadJwtSecret(config.jwtSecret, config.dataDir),
      allowSignup: true,
      intakeDomain: config.intake.domain,
      syncRetentionDays: config.syncRetentionDays,
    });
    await command.run(services, values, (line) => console.log(line));
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\nUsage: npm run admin -- ${name} ${command.synopsis}`);
      return 64;
    }
    if (err instanceof DomainError) {
      console.error(`${name}: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    console.error(err);
    process.exitCode = 1;
  },
);

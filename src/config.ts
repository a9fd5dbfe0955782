import fs from 'node:fs';
import path from 'node:path';

/** Everything the service reads from its environment, validated once at start (DECISIONS D2). */
export interface Config {
  port: number;
  host: string;
  database: DatabaseConfig;
  /** Where the SQLite file (by default) and the generated JWT secret live. */
  dataDir: string;
  jwtSecret: string | null;
  allowSignup: boolean;
  rateLimit: { max: number; windowS: number };
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Worker processes behind one port (cluster mode); 1 runs in-process. */
  workers: number;
  intake: {
    domain: string;
    secret: string | null;
    smtpPort: number | null;
    maxBytes: number;
    /** PEM files for STARTTLS on the SMTP listener; null offers no TLS. */
    tls: { certFile: string; keyFile: string } | null;
  };
  syncRetentionDays: number;
  /** PEM files to serve HTTPS directly (CalDAV clients such as Apple's need TLS); null serves plain HTTP. */
  tls: { certFile: string; keyFile: string } | null;
}

export type DatabaseConfig =
  | { dialect: 'sqlite'; file: string }
  | { dialect: 'postgres'; url: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!/^\d+$/.test(raw.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
      problems.push(`${name} must be an integer between ${min} and ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  };
  const optionalInt = (name: string, min: number, max: number): number | null =>
    env[name] === undefined || env[name] === '' ? null : int(name, 0, min, max);
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (/^(true|1|yes)$/i.test(raw)) return true;
    if (/^(false|0|no)$/i.test(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };

  const databaseUrl = env.DATABASE_URL || 'sqlite:./data/app.db';
  let database: DatabaseConfig = { dialect: 'sqlite', file: './data/app.db' };
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!file) problems.push('DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/app.db');
    database = { dialect: 'sqlite', file: file === ':memory:' ? file : path.resolve(file) };
  } else if (/^postgres(ql)?:\/\//.test(databaseUrl)) {
    try {
      new URL(databaseUrl);
      database = { dialect: 'postgres', url: databaseUrl };
    } catch {
      problems.push('DATABASE_URL is not a valid postgres:// URL');
    }
  } else {
    problems.push(`DATABASE_URL must start with sqlite: or postgres:// (got "${databaseUrl}")`);
  }

  const dataDir = path.resolve(
    env.DATA_DIR || (database.dialect === 'sqlite' && database.file !== ':memory:' ? path.dirname(database.file) : './data'),
  );

  const jwtSecret = env.JWT_SECRET || null;
  if (jwtSecret !== null && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters');

  const logLevel = (env.LOG_LEVEL || 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const host = env.HOST || '127.0.0.1';
  const intakeDomain = (env.INTAKE_DOMAIN || 'intake.localhost').toLowerCase();
  if (!/^[a-z0-9.-]+$/.test(intakeDomain)) problems.push('INTAKE_DOMAIN must be a domain name');
  const intakeSecret = env.INTAKE_SECRET || null;
  if (intakeSecret !== null && intakeSecret.length < 16) problems.push('INTAKE_SECRET must be at least 16 characters');

  const tlsCert = env.INTAKE_TLS_CERT || null;
  const tlsKey = env.INTAKE_TLS_KEY || null;
  let intakeTls: Config['intake']['tls'] = null;
  if (Boolean(tlsCert) !== Boolean(tlsKey)) problems.push('INTAKE_TLS_CERT and INTAKE_TLS_KEY must be set together');
  else if (tlsCert && tlsKey) {
    for (const [name, file] of [['INTAKE_TLS_CERT', tlsCert], ['INTAKE_TLS_KEY', tlsKey]] as const) {
      if (!fs.existsSync(file)) problems.push(`${name} names a file that does not exist (${file})`);
    }
    intakeTls = { certFile: path.resolve(tlsCert), keyFile: path.resolve(tlsKey) };
  }

  const httpsCert = env.TLS_CERT || null;
  const httpsKey = env.TLS_KEY || null;
  let tls: Config['tls'] = null;
  if (Boolean(httpsCert) !== Boolean(httpsKey)) problems.push('TLS_CERT and TLS_KEY must be set together');
  else if (httpsCert && httpsKey) {
    for (const [name, file] of [['TLS_CERT', httpsCert], ['TLS_KEY', httpsKey]] as const) {
      if (!fs.existsSync(file)) problems.push(`${name} names a file that does not exist (${file})`);
    }
    tls = { certFile: path.resolve(httpsCert), keyFile: path.resolve(httpsKey) };
  }

  const config: Config = {
    port: int('PORT', 3000, 0, 65535),
    host,
    database,
    dataDir,
    jwtSecret,
    allowSignup: bool('ALLOW_SIGNUP', true),
    rateLimit: { max: int('RATE_LIMIT_MAX', 600, 1, 10_000_000), windowS: int('RATE_LIMIT_WINDOW_S', 60, 1, 86_400) },
    logLevel,
    workers: int('WORKERS', 1, 1, 64),
    intake: {
      domain: intakeDomain,
      secret: intakeSecret,
      smtpPort: optionalInt('INTAKE_SMTP_PORT', 0, 65535),
      maxBytes: int('INTAKE_MAX_BYTES', 10 * 1024 * 1024, 1024, 100 * 1024 * 1024),
      tls: intakeTls,
    },
    syncRetentionDays: int('SYNC_RETENTION_DAYS', 30, 1, 3650),
    tls,
  };
  if (config.workers > 1 && database.dialect === 'sqlite') {
    // SQLite has one writer and the in-process rate limiter would count per worker: scale out on PostgreSQL.
    problems.push('WORKERS > 1 needs PostgreSQL (DATABASE_URL=postgres://...); SQLite serves from one process');
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/** `loadConfig` for entry points: a bad configuration prints every problem and exits 78 (EX_CONFIG). */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }
}

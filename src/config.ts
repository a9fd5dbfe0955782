import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Everything the service reads from its environment, validated once at start (DECISIONS D2). */
export interface Config {
  port: number;
  host: string;
  /**
   * Where people and apps reach this service: PUBLIC_URL when set, else http://HOST:PORT (D20).
   * The OAuth issuer and the URLs in its metadata are built from it. No trailing slash.
   */
  publicUrl: string;
  database: DatabaseConfig;
  /** Where the SQLite file (by default) and the generated JWT secret live. */
  dataDir: string;
  jwtSecret: string | null;
  allowSignup: boolean;
  rateLimit: { max: number; windowS: number };
  /**
   * Whether X-Forwarded-For names the client (D23): false (the default: the peer address is the
   * client), a number of proxy hops to trust, or the addresses/CIDRs of trusted proxies.
   */
  trustProxy: false | number | string[];
  /** Password hashes computed at once, and how many more may wait before 503 (D23). */
  passwordHashing: { concurrency: number; queue: number };
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
    /** Time one message may take to be parsed and read (D22); past it the message fails with extraction_timeout. */
    budgetMs: number;
    /** Items (tasks, events, cancellations) one message may make (D22); the rest are dropped and counted. */
    maxItems: number;
    /** Worker threads that parse and read messages, off the request thread (D22). */
    poolSize: number;
  };
  syncRetentionDays: number;
  webhooks: WebhookConfig;
  /** PEM files to serve HTTPS directly (CalDAV clients such as Apple's need TLS); null serves plain HTTP. */
  tls: { certFile: string; keyFile: string } | null;
}

interface WebhookConfig {
  /** Seconds before each retry (D18); its length is the number of retries. */
  retrySchedule: number[];
  /** Deliver to private, loopback and link-local addresses too (tests, closed networks). */
  allowPrivate: boolean;
  /** How often the dispatcher looks for new changes and the workers for due deliveries, in ms. */
  pollMs: number;
  /** Deliveries one process sends at once. */
  concurrency: number;
}

export type DatabaseConfig = { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string };

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
  const optionalInt = (name: string, min: number, max: number): number | null => (env[name] === undefined || env[name] === '' ? null : int(name, 0, min, max));
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

  const dataDir = path.resolve(env.DATA_DIR || (database.dialect === 'sqlite' && database.file !== ':memory:' ? path.dirname(database.file) : './data'));

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
    for (const [name, file] of [
      ['INTAKE_TLS_CERT', tlsCert],
      ['INTAKE_TLS_KEY', tlsKey],
    ] as const) {
      if (!fs.existsSync(file)) problems.push(`${name} names a file that does not exist (${file})`);
    }
    intakeTls = { certFile: path.resolve(tlsCert), keyFile: path.resolve(tlsKey) };
  }

  const port = int('PORT', 3000, 0, 65535);
  let publicUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (env.PUBLIC_URL) {
    let url: URL | null = null;
    try {
      url = new URL(env.PUBLIC_URL);
    } catch {
      /* reported below */
    }
    // An origin only: the service's routes (/oauth, /api/v1, /.well-known) sit at the root.
    if (!url || !/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
      problems.push(`PUBLIC_URL must be an http(s) origin without path, query or credentials, e.g. https://agendum.example.com (got "${env.PUBLIC_URL}")`);
    } else {
      publicUrl = url.origin;
    }
  }

  const workers = int('WORKERS', 1, 1, 64);
  const httpsCert = env.TLS_CERT || null;
  const httpsKey = env.TLS_KEY || null;
  let tls: Config['tls'] = null;
  if (Boolean(httpsCert) !== Boolean(httpsKey)) problems.push('TLS_CERT and TLS_KEY must be set together');
  else if (httpsCert && httpsKey) {
    for (const [name, file] of [
      ['TLS_CERT', httpsCert],
      ['TLS_KEY', httpsKey],
    ] as const) {
      if (!fs.existsSync(file)) problems.push(`${name} names a file that does not exist (${file})`);
    }
    tls = { certFile: path.resolve(httpsCert), keyFile: path.resolve(httpsKey) };
  }

  const config: Config = {
    port,
    trustProxy: parseTrustProxy(env.TRUST_PROXY, problems),
    // Half the cores by default, shared among the WORKERS processes (each bounds its own hashes):
    // hashes running on every core starve the event loop of the rest of the service (measured:
    // reads' p99 172 ms during a burst with 2 hashes on 2 busy cores).
    passwordHashing: {
      concurrency: int('PASSWORD_HASH_CONCURRENCY', Math.max(1, Math.floor(os.availableParallelism() / 2 / workers)), 1, 64),
      queue: int('PASSWORD_HASH_QUEUE', 16, 0, 10_000),
    },
    host,
    publicUrl,
    database,
    dataDir,
    jwtSecret,
    allowSignup: bool('ALLOW_SIGNUP', true),
    rateLimit: { max: int('RATE_LIMIT_MAX', 600, 1, 10_000_000), windowS: int('RATE_LIMIT_WINDOW_S', 60, 1, 86_400) },
    logLevel,
    workers,
    intake: {
      domain: intakeDomain,
      secret: intakeSecret,
      smtpPort: optionalInt('INTAKE_SMTP_PORT', 0, 65535),
      maxBytes: int('INTAKE_MAX_BYTES', 10 * 1024 * 1024, 1024, 100 * 1024 * 1024),
      tls: intakeTls,
      budgetMs: int('INTAKE_BUDGET_MS', 2000, 1, 600_000),
      maxItems: int('INTAKE_MAX_ITEMS', 50, 1, 10_000),
      // Each process gets its share of the cores: cluster workers each run their own pool.
      poolSize: int('INTAKE_POOL_SIZE', Math.max(1, Math.floor(os.availableParallelism() / workers)), 1, 64),
    },
    syncRetentionDays: int('SYNC_RETENTION_DAYS', 30, 1, 3650),
    webhooks: {
      retrySchedule: retrySchedule(env.WEBHOOK_RETRY_SCHEDULE, problems),
      allowPrivate: bool('WEBHOOK_ALLOW_PRIVATE', false),
      pollMs: int('WEBHOOK_POLL_MS', 200, 10, 60_000),
      concurrency: int('WEBHOOK_CONCURRENCY', 16, 1, 256),
    },
    tls,
  };
  if (config.workers > 1 && database.dialect === 'sqlite') {
    // SQLite has one writer and the in-process rate limiter would count per worker: scale out on PostgreSQL.
    problems.push('WORKERS > 1 needs PostgreSQL (DATABASE_URL=postgres://...); SQLite serves from one process');
  }
  if (problems.length) throw new ConfigError(problems);
  return config;
}

/**
 * TRUST_PROXY: unset, `false`/`off`/`0` (trust nobody), a hop count (`1`: one reverse proxy in
 * front), or a comma list of proxy addresses and CIDRs (`10.0.0.0/8, 127.0.0.1`). `true` is refused:
 * trusting every hop lets any client name itself in X-Forwarded-For.
 */
function parseTrustProxy(raw: string | undefined, problems: string[]): Config['trustProxy'] {
  const value = (raw ?? '').trim();
  if (value === '' || /^(false|off|no|0)$/i.test(value)) return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 32) problems.push(`TRUST_PROXY hop count must be 0..32 (got "${value}")`);
    return hops;
  }
  if (/^(true|on|yes)$/i.test(value)) {
    problems.push("TRUST_PROXY=true would trust any X-Forwarded-For; give a hop count (e.g. 1) or the proxies' addresses/CIDRs");
    return false;
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = net.isIP(address);
    const bits = family === 4 ? 32 : 128;
    const ok = family !== 0 && extra === undefined && (prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits));
    if (!ok) problems.push(`TRUST_PROXY entry "${entry}" is not an IP address or CIDR`);
  }
  return entries;
}

/** The spec's retry delays: 1 min, 5 min, 15 min, 1 h, 6 h (the last attempt is final). */
const DEFAULT_RETRY_SCHEDULE = [60, 300, 900, 3600, 21600];

/** WEBHOOK_RETRY_SCHEDULE: seconds, comma-separated (fractions allowed, for tests); `none` for no retries. */
function retrySchedule(raw: string | undefined, problems: string[]): number[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_RETRY_SCHEDULE;
  if (raw.trim() === 'none') return [];
  const parts = raw.split(',').map((p) => p.trim());
  const values = parts.map(Number);
  if (parts.length > 20 || parts.some((p, i) => !/^\d+(\.\d+)?$/.test(p) || values[i] > 7 * 86_400)) {
    problems.push(`WEBHOOK_RETRY_SCHEDULE must be up to 20 comma-separated delays in seconds, each at most 604800, or none (got "${raw}")`);
    return DEFAULT_RETRY_SCHEDULE;
  }
  return values;
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

/** The admin commands: each parses its own options and calls the account use cases. */
import { randomBytes } from 'node:crypto';
import type { Services } from '../services.js';
import { notFound } from '../core/errors.js';

export class UsageError extends Error {}

type Options = Record<string, { type: 'string' }>;
type Out = (line: string) => void;

interface Command {
  synopsis: string;
  summary: string;
  options: Options;
  required: string[];
  run(services: Services, values: Record<string, string | undefined>, out: Out): Promise<void>;
}

const str = { type: 'string' } as const;

async function userByEmail(services: Services, email: string) {
  const user = await services.accounts.findUserByEmail(email.trim().toLowerCase());
  if (!user) throw notFound(`User ${email}`);
  return user;
}

function days(value: string | undefined): number {
  if (value === undefined) return 90;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 3650) throw new UsageError('--days must be a whole number from 1 to 3650');
  return n;
}

export const COMMANDS: Record<string, Command> = {
  'create-user': {
    synopsis: '--email <email> --password <password> [--name <name>]',
    summary: 'Create an account (works even when ALLOW_SIGNUP=false).',
    options: { email: str, password: str, name: str },
    required: ['email', 'password'],
    async run(services, v, out) {
      const user = await services.accounts.createUser({ email: v.email!, password: v.password!, name: v.name ?? null });
      out(`Created user ${user.email} (${user.id})`);
    },
  },
  'issue-token': {
    synopsis: '--email <email> [--name <token name>] [--days <1..3650, default 90>]',
    summary: 'Issue an API token for a user and print it (shown only this once).',
    options: { email: str, name: str, days: str },
    required: ['email'],
    async run(services, v, out) {
      const lifetime = days(v.days);
      const user = await userByEmail(services, v.email!);
      const token = await services.accounts.issueToken(user.id, v.name?.trim() || 'admin-issued', lifetime);
      out(token.token);
    },
  },
  'list-users': {
    synopsis: '',
    summary: 'List every account: id, email, name, created.',
    options: {},
    required: [],
    async run(services, _v, out) {
      const users = await services.accounts.listUsers();
      out(['id', 'email', 'name', 'created_at'].join('\t'));
      for (const u of users) out([u.id, u.email, u.name ?? '', u.created_at].join('\t'));
    },
  },
  'reset-password': {
    synopsis: '--email <email> [--password <new password>]',
    summary: 'Set a new password (a random one is generated and printed when omitted); ends all sessions.',
    options: { email: str, password: str },
    required: ['email'],
    async run(services, v, out) {
      const user = await userByEmail(services, v.email!);
      const password = v.password ?? randomBytes(15).toString('base64url');
      await services.accounts.setPassword(user.id, password);
      out(v.password === undefined ? `New password for ${user.email}: ${password}` : `Password changed for ${user.email}`);
    },
  },
  'revoke-tokens': {
    synopsis: '--email <email>',
    summary: 'Revoke every API token of a user (they get 401 from then on).',
    options: { email: str },
    required: ['email'],
    async run(services, v, out) {
      const user = await userByEmail(services, v.email!);
      const n = await services.accounts.revokeAllTokens(user.id);
      out(`Revoked ${n} token${n === 1 ? '' : 's'} of ${user.email}`);
    },
  },
};

export function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name} ${c.synopsis}\n      ${c.summary}`);
  return (
    `Usage: npm run admin -- <command> [options]\n\nCommands:\n${lines.join('\n')}\n\n` +
    'The database and secrets come from the same environment as the service (DATABASE_URL, DATA_DIR, JWT_SECRET).\n' +
    'Exit codes: 0 done, 1 the command failed, 64 wrong usage, 78 bad configuration.'
  );
}

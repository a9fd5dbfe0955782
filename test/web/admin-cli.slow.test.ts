/** The admin CLI, spawned as a real process against this run's database (SQLite file or PostgreSQL). */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function admin(...args: string[]): Promise<Run> {
  const db = t.config.database;
  const env = {
    PATH: process.env.PATH,
    DATABASE_URL: db.dialect === 'sqlite' ? `sqlite:${db.file}` : db.url,
    DATA_DIR: t.config.dataDir,
    LOG_LEVEL: 'silent',
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// Each step spawns a process that loads TypeScript; give the whole sequence room on a busy machine.
describe('npm run admin', { timeout: 180_000 }, () => {
  const email = `cli-${Date.now()}@example.com`;

  it('explains itself and refuses wrong usage with exit code 64', async () => {
    const none = await admin();
    expect(none.code).toBe(64);
    expect(none.stderr).toContain('Usage: npm run admin -- <command>');
    for (const cmd of ['create-user', 'issue-token', 'list-users', 'reset-password', 'revoke-tokens']) expect(none.stderr).toContain(cmd);
    const unknown = await admin('frobnicate');
    expect(unknown.code).toBe(64);
    expect(unknown.stderr).toContain('Unknown command "frobnicate"');
    const missing = await admin('create-user', '--email', email);
    expect(missing.code).toBe(64);
    expect(missing.stderr).toContain('--password is required');
  });

  it('creates a user, issues a working token, lists, resets the password and revokes tokens', async () => {
    const created = await admin('create-user', '--email', email, '--password', 'cli password 123', '--name', 'Cli User');
    expect(created).toMatchObject({ code: 0 });
    expect(created.stdout).toContain(`Created user ${email}`);
    expect((await admin('create-user', '--email', email, '--password', 'cli password 123')).code).toBe(1);

    const issued = await admin('issue-token', '--email', email, '--name', 'ci', '--days', '7');
    expect(issued.code).toBe(0);
    const token = issued.stdout.trim();
    const user = { id: '', email, token };
    expect((await t.as(user).get('/tasks')).status).toBe(200);
    expect((await admin('issue-token', '--email', email, '--days', '0')).code).toBe(64);
    expect((await admin('issue-token', '--email', 'nobody@example.com')).code).toBe(1);

    const listed = await admin('list-users');
    expect(listed.code).toBe(0);
    expect(listed.stdout.split('\n').find((l) => l.includes(email))).toContain('Cli User');

    const reset = await admin('reset-password', '--email', email);
    expect(reset.code).toBe(0);
    const generated = /New password for .+: (\S+)/.exec(reset.stdout)?.[1];
    expect(generated?.length).toBeGreaterThanOrEqual(16);
    await expect(t.app.services.accounts.login(email, generated!)).resolves.toMatchObject({ user: { email } });
    expect((await admin('reset-password', '--email', email, '--password', 'chosen password 1')).code).toBe(0);
    await expect(t.app.services.accounts.login(email, 'chosen password 1')).resolves.toBeTruthy();

    const revoked = await admin('revoke-tokens', '--email', email);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain('Revoked 1 token');
    expect((await t.as(user).get('/tasks')).status).toBe(401);
  });
});

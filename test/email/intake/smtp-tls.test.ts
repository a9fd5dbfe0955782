import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.js';
import { startTestApp, type TestApp } from '../../helpers/app.js';
import { emailItemCount, intakeAddress } from './helpers.js';

const dir = mkdtempSync(path.join(tmpdir(), 'agendum-smtp-tls-'));
const cert = path.join(dir, 'cert.pem');
const key = path.join(dir, 'key.pem');
let t: TestApp;

beforeAll(async () => {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=intake.localhost', '-keyout', key, '-out', cert], {
    stdio: 'ignore',
  });
  t = await startTestApp({ INTAKE_SMTP_PORT: '0', INTAKE_TLS_CERT: cert, INTAKE_TLS_KEY: key });
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('SMTP intake with a certificate', () => {
  it('offers STARTTLS and accepts mail over it', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: t.app.smtpPort!,
      secure: false,
      requireTLS: true,
      tls: { rejectUnauthorized: false },
    });
    const info = await transport.sendMail({
      from: 'ana@example.org',
      to: address,
      subject: 'Quarterly report',
      text: 'Please review the quarterly report by Monday.',
    });
    expect(info.accepted).toEqual([address]);
    expect(await emailItemCount(t, u)).toBe(1);
  });

  it('needs both files, and files that exist', () => {
    expect(() => loadConfig({ INTAKE_TLS_CERT: cert })).toThrow(/INTAKE_TLS_CERT and INTAKE_TLS_KEY must be set together/);
    expect(() => loadConfig({ INTAKE_TLS_CERT: cert, INTAKE_TLS_KEY: path.join(dir, 'missing.pem') })).toThrow(
      /INTAKE_TLS_KEY names a file that does not exist/,
    );
  });
});

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../helpers/app.js';
import { emailItemCount, intakeAddress, plainMail, postMail } from './helpers.js';

const run = promisify(execFile);
const hasSwaks = existsSync('/usr/bin/swaks');
if (!hasSwaks) console.warn('swaks is not installed (apt-get install -y swaks): the swaks SMTP test is skipped');

let t: TestApp;
let port: number;
beforeAll(async () => {
  // No INTAKE_SECRET here: the HTTP way in is off while SMTP is on.
  t = await startTestApp({ INTAKE_SMTP_PORT: '0', INTAKE_MAX_BYTES: '65536' });
  port = t.app.smtpPort!;
});
afterAll(async () => t?.close());

const transport = () => nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true });

async function emailsOf(user: TestUser) {
  return (await t.as(user).get('/emails')).body.data as any[];
}

/** swaks' transcript and exit code; it exits non-zero when the server refuses. */
async function swaks(args: string[]): Promise<{ code: number; out: string }> {
  try {
    const { stdout, stderr } = await run('swaks', ['--server', '127.0.0.1', '--port', String(port), '--from', 'ana@example.org', '--timeout', '20', ...args], {
      timeout: 30_000,
    });
    return { code: 0, out: stdout + stderr };
  } catch (err: any) {
    return { code: err.code ?? 1, out: `${err.stdout ?? ''}${err.stderr ?? ''}` };
  }
}

describe('SMTP intake', () => {
  it('listens on an ephemeral port and offers neither STARTTLS nor AUTH without a certificate', async () => {
    expect(port).toBeGreaterThan(0);
    if (!hasSwaks) return;
    const { out } = await swaks(['--quit-after', 'EHLO']);
    expect(out).toMatch(/250[- ]SIZE 65536/);
    expect(out).not.toMatch(/STARTTLS/);
    expect(out).not.toMatch(/250[- ]AUTH/);
  });

  it('makes tasks from a message sent with nodemailer', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const info = await transport().sendMail({
      from: 'Marcus Hale <marcus@example.org>',
      to: address,
      subject: 'Fwd: Board prep',
      date: new Date('2026-11-17T16:42:00-08:00'),
      messageId: '<nodemailer-1@example.org>',
      text: 'Hi,\n\nPlease send me the updated investor deck by Friday.\n\nThanks',
    });
    expect(info.accepted).toEqual([address]);
    const [email] = await emailsOf(u);
    expect(email).toMatchObject({ status: 'processed', subject: 'Fwd: Board prep', from: 'marcus@example.org', message_id: 'nodemailer-1@example.org' });
    const tasks = (await t.as(u).get(`/tasks?source_email_id=${email.id}`)).body.data;
    expect(tasks.map((x: any) => x.title)).toEqual([expect.stringMatching(/investor deck/i)]);
    expect(tasks[0]).toMatchObject({ is_published: true, version_major: 1 });

    // The same Message-ID again is accepted (250) and makes nothing new.
    await transport().sendMail({
      from: 'marcus@example.org',
      to: address,
      subject: 'Fwd: Board prep',
      messageId: '<nodemailer-1@example.org>',
      text: 'Please send me the deck.',
    });
    expect(await emailsOf(u)).toHaveLength(1);
    expect(await emailItemCount(t, u)).toBe(1);
  });

  it('makes tasks from a message sent with swaks', async (ctx) => {
    if (!hasSwaks) ctx.skip();
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const { code, out } = await swaks([
      '--to',
      address,
      '--header',
      'Subject: Lease renewal',
      '--header',
      'Date: Mon, 16 Nov 2026 10:00:00 +0000',
      '--body',
      'Hello,\n\nPlease sign the lease renewal by Thursday.\n\nBest, Ana',
    ]);
    expect(code, out).toBe(0);
    expect(out).toMatch(/<- {2}250 OK: message accepted/);
    const [email] = await emailsOf(u);
    expect(email.status).toBe('processed');
    const tasks = (await t.as(u).get(`/tasks?source_email_id=${email.id}`)).body.data;
    expect(tasks).toHaveLength(1);
    expect(tasks[0].title).toMatch(/lease renewal/i);
    expect(tasks[0].due_date).toBe('2026-11-19T23:59:00.000Z');
  });

  it('refuses an unknown recipient at RCPT with 550', async () => {
    const err = await transport()
      .sendMail({ from: 'a@example.org', to: 'nobody@intake.localhost', subject: 'x', text: 'Please call me' })
      .catch((e) => e);
    expect(err.responseCode).toBe(550);
    if (hasSwaks) {
      const { code, out } = await swaks(['--to', 'nobody@intake.localhost', '--body', 'hello']);
      expect(code).not.toBe(0);
      expect(out).toMatch(/<\*\* 550 5\.1\.1 <nobody@intake\.localhost>: no such intake address/);
    }
  });

  it('refuses a message over INTAKE_MAX_BYTES with 552 (SIZE parameter and the stream itself)', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const big = `Please read this.\n${'lorem ipsum '.repeat(7000)}`;
    const err = await transport()
      .sendMail({ from: 'a@example.org', to: address, subject: 'Big', text: big })
      .catch((e) => e);
    expect(err.responseCode).toBe(552);
    if (hasSwaks) {
      // swaks does not announce SIZE, so this is caught while the data streams in.
      const { code, out } = await swaks(['--to', address, '--header', 'Subject: Big', '--body', big]);
      expect(code).not.toBe(0);
      expect(out).toMatch(/<\*\* 552 /);
    }
    expect(await emailsOf(u)).toEqual([]);
    expect(await emailItemCount(t, u)).toBe(0);
  });

  it('refuses bytes that are not a message with 550, and keeps a message it could not process (554)', async () => {
    const u = await t.user();
    const address = await intakeAddress(t, u);
    const smtp = transport();
    const junk = await smtp.sendMail({ envelope: { from: 'a@example.org', to: [address] }, raw: 'just words, no headers\r\n' }).catch((e) => e);
    expect(junk.responseCode).toBe(550);
    expect(await emailsOf(u)).toEqual([]);

    const badCal = [
      'From: ana@example.org',
      `To: ${address}`,
      'Subject: Planning',
      'Message-ID: <smtp-badcal@example.org>',
      'MIME-Version: 1.0',
      'Content-Type: text/calendar; method=REQUEST',
      '',
      'BEGIN:VCALENDAR',
      'BEGIN:VEVENT',
      'DTSTART:nonsense',
      '',
    ].join('\r\n');
    const failed = await smtp.sendMail({ envelope: { from: 'ana@example.org', to: [address] }, raw: badCal }).catch((e) => e);
    expect(failed.responseCode).toBe(554);
    const [email] = await emailsOf(u);
    expect(email).toMatchObject({ status: 'failed', task_ids: [] });
    expect(await emailItemCount(t, u)).toBe(0);
  });

  it('leaves POST /intake/email off (503) when INTAKE_SECRET is unset', async () => {
    const res = await postMail(t, plainMail({ to: 'x@intake.localhost' }));
    expect(res.status).toBe(503);
    expect(res.body.error).toBe('service_unavailable');
  });
});

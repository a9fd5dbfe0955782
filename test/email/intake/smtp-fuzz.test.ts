/**
 * Fuzzes the SMTP listener over a raw socket with the command sequences broken and hostile clients
 * send: commands out of order, unknown verbs, malformed and huge addresses and parameters, bare LF,
 * NULs, 8-bit bytes, DATA bodies that are not messages, pipelined bursts and abrupt closes. Every
 * reply must be a well-formed SMTP reply and none a 451 (something threw), and afterwards the
 * service still delivers an ordinary message and answers /healthz. Seeded and replayable: FUZZ_SEED, FUZZ_RUNS.
 */
import net from 'node:net';
import fc from 'fast-check';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestUser } from '../../helpers/app.js';
import { intakeAddress, plainMail } from './helpers.js';

let t: TestApp;
let me: TestUser;
let address: string;
let port: number;

beforeAll(async () => {
  t = await startTestApp({ INTAKE_SMTP_PORT: '0', INTAKE_MAX_BYTES: '65536' });
  port = t.app.smtpPort!;
  me = await t.user('smtp');
  address = await intakeAddress(t, me);
});
afterAll(async () => t?.close());

/** Sends the lines (each followed by CRLF unless it carries its own ending) and collects the replies until the server goes quiet or closes. */
function converse(lines: string[], closeEarly: boolean): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let replies = '';
    let quiet: NodeJS.Timeout;
    const finish = () => {
      clearTimeout(quiet);
      socket.destroy();
      resolve(replies);
    };
    const wait = () => {
      clearTimeout(quiet);
      quiet = setTimeout(finish, 150);
    };
    socket.on('data', (d) => {
      replies += d.toString('latin1');
      wait();
    });
    socket.on('error', finish);
    socket.on('close', finish);
    socket.once('data', () => {
      for (const l of lines) socket.write(Buffer.from(/\n$/.test(l) ? l : `${l}\r\n`, 'latin1'));
      if (closeEarly) socket.end();
    });
  });
}

const addresses = fc.constantFrom(
  '<me>',
  '<nobody@nowhere.invalid>',
  '<>',
  'no-brackets@example.org',
  '<a@b',
  `<${'x'.repeat(600)}@example.org>`,
  '<"quoted local"@example.org>',
  '<\u0000@x>',
);
const command = fc.oneof(
  fc.constantFrom(
    'EHLO client.example',
    'HELO',
    'HELO x',
    'RSET',
    'NOOP',
    'VRFY postmaster',
    'EXPN list',
    'HELP',
    'STARTTLS',
    'AUTH PLAIN AGxvZ2luAHB3',
    'BDAT 10 LAST',
    'QUIT',
    'DATA',
    '.',
    '',
  ),
  addresses.map((a) => `MAIL FROM:${a}`),
  addresses.map((a) => `RCPT TO:${a}`),
  fc.constantFrom(
    'MAIL FROM:<a@example.org> SIZE=999999999',
    'MAIL FROM:<a@example.org> BODY=8BITMIME SMTPUTF8',
    'MAIL FROM:<a@example.org> SIZE=-1',
    'RCPT TO:<me> NOTIFY=NEVER',
  ),
  fc.string({ maxLength: 80 }).map((s) => s.replace(/[\r\n]/g, ' ')),
  fc.constantFrom('MAIL FROM:<a@example.org>\n', 'X'.repeat(5000), '\u00ff\u00fe binary', 'Subject: no headers first\r\n\r\nbody\r\n.'),
);
const session = fc.record({
  greet: fc.constantFrom('EHLO fuzz.example', 'HELO fuzz.example', null),
  commands: fc.array(command, { maxLength: 10 }),
  data: fc.option(
    fc.constantFrom(
      'Subject: hi\r\n\r\nPlease send the report by Friday.',
      'not a message at all',
      '\u0000\u0000',
      '..leading dot\r\n.\r\n',
      `Subject: big\r\n\r\n${'line\r\n'.repeat(20_000)}`,
    ),
    { nil: null },
  ),
  closeEarly: fc.boolean(),
});

describe('fuzzing the SMTP listener', () => {
  it('answers every session with well-formed replies and still delivers afterwards', async () => {
    await fc.assert(
      fc.asyncProperty(session, async (s) => {
        const fill = (l: string) => l.replace('<me>', `<${address}>`);
        const lines = [...(s.greet ? [s.greet] : []), ...s.commands.map(fill)];
        if (s.data !== null) lines.push('MAIL FROM:<a@example.org>', `RCPT TO:<${address}>`, 'DATA', `${s.data}\r\n.\r\n`);
        const replies = await converse(lines, s.closeEarly);
        // A greeting, then nothing but SMTP reply lines: a code, a space or hyphen, text.
        expect(replies, lines.join('\n').slice(0, 500)).toMatch(/^220[ -]/);
        for (const line of replies.split('\r\n').filter(Boolean)) expect(line, replies.slice(0, 500)).toMatch(/^[2-5]\d\d[ -]/);
        // 451 is the listener's answer when something threw while it handled a command.
        expect(replies, lines.join('\n').slice(0, 500)).not.toMatch(/^451/m);
      }),
      { seed: Number(process.env.FUZZ_SEED ?? 20261127), numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
    );
    const sent = await nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, ignoreTLS: true }).sendMail({
      envelope: { from: 'marcus@example.org', to: address },
      raw: plainMail({ to: address, subject: 'After the fuzz' }),
    });
    expect(sent.accepted).toEqual([address]);
    expect((await t.request('GET', '/healthz')).status).toBe(200);
    const emails = (await t.as(me).get('/emails?limit=100')).body.data as Array<{ subject: string }>;
    expect(emails.map((e) => e.subject)).toContain('After the fuzz');
  }, 300_000);
});

import { describe, expect, it } from 'vitest';
import { EmailParseError, parseEmail } from '../../../src/doors/email/extraction/index.js';
import { mail, run } from './helpers.js';

describe('parseEmail', () => {
  it('rejects input that is not a message', async () => {
    await expect(parseEmail(Buffer.from('{"hello": "world"}'))).rejects.toBeInstanceOf(EmailParseError);
    await expect(parseEmail(Buffer.from(''))).rejects.toBeInstanceOf(EmailParseError);
    await expect(parseEmail(Buffer.from('just some words\nand more words\n'))).rejects.toBeInstanceOf(EmailParseError);
  });

  it('reads headers, RFC 2047 subject and a quoted-printable body', async () => {
    const raw = mail(
      {
        From: '=?UTF-8?B?55Sw5Lit?= <tanaka@example.jp>',
        To: 'Me <me@example.com>, other@example.com',
        Subject: '=?UTF-8?Q?Caf=C3=A9_planning?=',
        Date: 'Wed, 04 Nov 2026 10:00:00 -0500',
        'Message-ID': '<abc123@example.jp>',
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Transfer-Encoding': 'quoted-printable',
      },
      'Could you send the caf=C3=A9 menu to Lea by Friday?\n',
    );
    const { parsed, out } = await run(raw);
    expect(parsed.subject).toBe('Café planning');
    expect(parsed.messageId).toBe('abc123@example.jp');
    expect(parsed.to).toEqual(['me@example.com', 'other@example.com']);
    expect(parsed.date).toBe('2026-11-04T15:00:00.000Z');
    expect(parsed.text).toContain('café menu');
    expect(parsed.hasContent).toBe(true);
    expect(out.tasks).toHaveLength(1);
    expect(out.tasks[0].title).toBe('Send the café menu to Lea');
    // Friday after Wed 2026-11-04, 23:59 at -05:00
    expect(out.tasks[0].due_date).toBe('2026-11-07T04:59:00.000Z');
  });

  it('decodes a base64 body', async () => {
    const body = Buffer.from('Please upload the signed contract by November 20.\n').toString('base64');
    const { out } = await run(
      mail(
        {
          From: 'a@example.com',
          To: 'b@example.com',
          Subject: 'Contract',
          Date: 'Mon, 02 Nov 2026 09:00:00 +0000',
          'Content-Type': 'text/plain; charset=utf-8',
          'Content-Transfer-Encoding': 'base64',
        },
        body,
      ),
    );
    expect(out.tasks.map((t) => t.title)).toEqual(['Upload the signed contract']);
    expect(out.tasks[0].due_date).toBe('2026-11-20T23:59:00.000Z');
  });

  it('converts HTML-only mail, keeping action-item tables row by row', async () => {
    const html =
      '<html><body><p>Hi team,</p><p><b>Action items</b></p><table><tr><th>Owner</th><th>Action</th><th>Due</th></tr>' +
      '<tr><td>Ana</td><td>Send the launch checklist</td><td>12 Nov</td></tr><tr><td>Bo</td><td>Book the venue</td><td>TBD</td></tr></table>' +
      '<p>Thanks,<br>Kim</p></body></html>';
    const { parsed, out } = await run(
      mail(
        {
          From: 'kim@example.com',
          To: 'me@example.com',
          Subject: 'Notes',
          Date: 'Tue, 10 Nov 2026 09:00:00 +0100',
          'Content-Type': 'text/html; charset=utf-8',
        },
        html,
      ),
    );
    expect(parsed.text).toContain('Ana | Send the launch checklist | 12 Nov');
    expect(out.tasks.map((t) => [t.title, t.due_date])).toEqual([
      ['Send the launch checklist', '2026-11-12T22:59:00.000Z'],
      ['Book the venue', null],
    ]);
    expect(out.tasks[0].confidence).toBeGreaterThanOrEqual(0.85);
  });

  it('marks a message without subject, text or calendar part as having no content', async () => {
    const { parsed, out } = await run(mail({ From: 'a@example.com', To: 'b@example.com', Date: 'Mon, 02 Nov 2026 09:00:00 +0000' }, ''));
    expect(parsed.hasContent).toBe(false);
    expect(out.tasks).toHaveLength(1); // never dropped silently
  });
});

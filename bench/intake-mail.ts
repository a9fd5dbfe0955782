/** Generated mail for the intake benchmark: plain, HTML-only and invitation messages, each unique. */
let n = 0;

const date = 'Tue, 17 Nov 2026 09:12:00 -0800';
const crlf = (lines: string[]) => Buffer.from(lines.join('\r\n'), 'utf8');

function plain(to: string, id: string) {
  return crlf([
    'From: Marcus Hale <marcus@example.org>',
    `To: ${to}`,
    `Subject: Fwd: Board prep ${id}`,
    `Date: ${date}`,
    `Message-ID: <${id}@bench.example.org>`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    '---------- Forwarded message ---------',
    'From: Dana Lee <dana@example.org>',
    'Date: Mon, Nov 16, 2026 at 4:42 PM',
    'Subject: Board prep',
    '',
    'Hi Marcus,',
    '',
    'Please send me the updated investor deck by Friday EOD.',
    'Can you also pull the Q3 churn numbers into a one-pager? No rush on that one.',
    '',
    'Thanks,',
    'Dana',
    '',
  ]);
}

function html(to: string, id: string) {
  return crlf([
    'From: Bright Smiles Dental <reminders@brightsmiles.example>',
    `To: ${to}`,
    `Subject: Appointment reminder ${id}`,
    `Date: ${date}`,
    `Message-ID: <${id}@bench.example.org>`,
    'MIME-Version: 1.0',
    'Content-Type: text/html; charset=utf-8',
    '',
    '<html><body><p>Hello,</p><p>Please confirm your cleaning appointment by <b>Thursday</b>.</p>',
    '<table><tr><td>Patient</td><td>Alex</td></tr><tr><td>Dentist</td><td>Dr. Rivera</td></tr></table>',
    '<p>Bring your insurance card.</p></body></html>',
    '',
  ]);
}

function invitation(to: string, id: string) {
  return crlf([
    'From: Ana Ortiz <ana@example.org>',
    `To: ${to}`,
    `Subject: Invitation: Design review ${id}`,
    `Date: ${date}`,
    `Message-ID: <${id}@bench.example.org>`,
    'MIME-Version: 1.0',
    'Content-Type: multipart/mixed; boundary="b1"',
    '',
    '--b1',
    'Content-Type: text/plain; charset=utf-8',
    '',
    'You have been invited to the design review.',
    '',
    '--b1',
    'Content-Type: text/calendar; charset=utf-8; method=REQUEST',
    '',
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//bench//EN',
    'METHOD:REQUEST',
    'BEGIN:VEVENT',
    `UID:${id}@bench.example.org`,
    'SEQUENCE:0',
    'DTSTAMP:20261117T170000Z',
    'DTSTART:20261201T150000Z',
    'DTEND:20261201T160000Z',
    'SUMMARY:Design review',
    'LOCATION:Room 4',
    'ORGANIZER;CN=Ana Ortiz:mailto:ana@example.org',
    `ATTENDEE;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${to}`,
    'ATTENDEE;PARTSTAT=ACCEPTED:mailto:ben@example.org',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
    '--b1--',
    '',
  ]);
}

export const KINDS = { plain, html, invitation } as const;

/** The next message of the mix (plain, html, invitation in turn), with a fresh Message-ID. */
export function nextMail(to: string, run: string): Buffer {
  const i = n++;
  const kind = (['plain', 'html', 'invitation'] as const)[i % 3];
  return KINDS[kind](to, `${run}-${i}`);
}

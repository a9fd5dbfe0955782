import { describe, expect, it } from 'vitest';
import { corpusFile, mail, run } from './helpers.js';

function calendarMail(ics: string, subject = 'Invitation'): Buffer {
  const boundary = 'b1';
  const body = [
    `--${boundary}`,
    'Content-Type: text/plain; charset=utf-8',
    '',
    'Please read the doc before the meeting by Friday.',
    '',
    `--${boundary}`,
    'Content-Type: text/calendar; charset=utf-8; method=REQUEST',
    '',
    ics.trim(),
    '',
    `--${boundary}--`,
    '',
  ].join('\n');
  return mail(
    {
      From: 'org@example.com',
      To: 'me@example.com',
      Subject: subject,
      Date: 'Mon, 02 Nov 2026 09:00:00 -0800',
      'Content-Type': `multipart/mixed; boundary="${boundary}"`,
    },
    body,
  );
}

describe('invitations', () => {
  it('invitation, update and cancellation share the UID with rising SEQUENCE', async () => {
    const first = (await run(corpusFile('003-invite-design-review'))).out;
    const update = (await run(corpusFile('004-invite-design-review-update'))).out;
    expect(first.events).toHaveLength(1);
    expect(first.tasks).toHaveLength(0); // text of an invitation mail is not read
    const ev = first.events[0];
    expect(ev.start_time).toBe('2026-12-01T23:00:00.000Z');
    expect(ev.end_time).toBe('2026-12-02T00:00:00.000Z');
    expect(ev.location).toContain('Yerba Buena');
    expect(ev.confidence).toBeGreaterThanOrEqual(0.95);
    expect(ev.ical_sequence).toBe(0);
    expect(ev.attendees.some((a) => a.rsvp_status === 'accepted')).toBe(true);
    expect(update.events[0].ical_uid).toBe(ev.ical_uid);
    expect(update.events[0].ical_sequence).toBeGreaterThan(0);
    expect(update.events[0].start_time).toBe('2026-12-02T18:00:00.000Z');

    const invite = (await run(corpusFile('014-invite-acme-demo'))).out;
    const cancel = (await run(corpusFile('015-invite-acme-demo-cancel'))).out;
    expect(cancel.events).toHaveLength(0);
    expect(cancel.cancellations).toEqual([{ ical_uid: invite.events[0].ical_uid, ical_sequence: 1 }]);
  });

  it('reads Windows TZIDs through the VTIMEZONE of the file', async () => {
    const { out } = await run(corpusFile('036-invite-outlook-sydney-qbr'));
    expect(out.events[0].start_time).toBe('2026-11-23T22:30:00.000Z'); // 09:30 AEDT
    expect(out.events[0].end_time).toBe('2026-11-24T00:00:00.000Z');
    const german = (await run(corpusFile('038-invite-outlook-german-kickoff'))).out;
    expect(german.events[0].start_time).toBe('2026-12-01T09:00:00.000Z'); // 10:00 W. Europe Standard Time
  });

  it('maps a Windows TZID without VTIMEZONE, and takes the first occurrence of an RRULE', async () => {
    const ics = `BEGIN:VCALENDAR
VERSION:2.0
METHOD:REQUEST
BEGIN:VEVENT
UID:win-1@example.com
SEQUENCE:2
SUMMARY:Weekly planning
DTSTART;TZID=W. Europe Standard Time:20261110T150000
DTEND;TZID=W. Europe Standard Time:20261110T153000
RRULE:FREQ=WEEKLY;COUNT=5
ATTENDEE;CN=Ann;PARTSTAT=TENTATIVE:mailto:ann@example.com
ATTENDEE;PARTSTAT=DECLINED:mailto:bob@example.com
END:VEVENT
END:VCALENDAR`;
    const { out } = await run(calendarMail(ics));
    expect(out.events).toHaveLength(1);
    expect(out.events[0]).toMatchObject({
      title: 'Weekly planning',
      start_time: '2026-11-10T14:00:00.000Z',
      end_time: '2026-11-10T14:30:00.000Z',
      all_day: false,
      ical_uid: 'win-1@example.com',
      ical_sequence: 2,
    });
    expect(out.events[0].attendees).toEqual([
      { email: 'ann@example.com', name: 'Ann', rsvp_status: 'tentative' },
      { email: 'bob@example.com', name: null, rsvp_status: 'declined' },
    ]);
  });

  it('all-day invitations start at midnight UTC and end the day after the last day', async () => {
    const { out } = await run(corpusFile('023-invite-allday-winter-break'));
    expect(out.events[0]).toMatchObject({ all_day: true, start_time: '2026-12-24T00:00:00.000Z', end_time: '2026-12-26T00:00:00.000Z' });
  });

  it('reads an .ics attachment of a forwarded mail', async () => {
    const { out } = await run(corpusFile('028-gmail-fwd-invite-ics-attachment'));
    expect(out.events).toHaveLength(1);
    expect(out.events[0].start_time).toBe('2026-11-13T16:00:00.000Z');
  });

  it('reports an invalid calendar part instead of throwing, and still reads the text', async () => {
    const { out } = await run(calendarMail('BEGIN:VCALENDAR\nthis is not ical at all\n'));
    expect(out.errors).toHaveLength(1);
    expect(out.events).toHaveLength(0);
    expect(out.tasks.length).toBeGreaterThan(0);
  });
});

import { describe, expect, it } from 'vitest';
import { corpusFile, mail, run } from './helpers.js';

describe('forwards and replies', () => {
  it('uses the Gmail forwarded block date as reference', async () => {
    const { out } = await run(corpusFile('022-gmail-fwd-late-boiler-inspection'));
    const confirm = out.tasks.find((t) => /confirm/i.test(t.title));
    expect(confirm?.due_date).toBe('2026-11-24T04:59:00.000Z'); // Mon 2026-11-23 23:59 -05:00, not Nov 30
    expect(out.events[0].start_time).toBe('2026-12-03T14:00:00.000Z');
  });

  it('uses the Outlook From/Sent block date of a forward', async () => {
    const raw = mail(
      { From: 'me@example.com', To: 'intake@example.com', Subject: 'FW: Report', Date: 'Tue, 17 Nov 2026 09:00:00 +0000' },
      [
        'see below',
        '',
        '________________________________',
        'From: Boss <boss@example.com>',
        'Sent: Thursday, November 12, 2026 4:55 PM',
        'To: Me <me@example.com>',
        'Subject: Report',
        '',
        'Please send me the quarterly report by Monday.',
        '',
      ].join('\n'),
    );
    const { out } = await run(raw);
    expect(out.tasks.map((t) => [t.title, t.due_date])).toEqual([['Send me the quarterly report', '2026-11-16T23:59:00.000Z']]);
  });

  it('ignores quoted history of a reply and uses its own Date', async () => {
    const { out } = await run(corpusFile('026-outlook-reply-quoted-sow'));
    expect(out.tasks).toHaveLength(1);
    expect(out.tasks[0].due_date).toBe('2026-12-05T07:59:00.000Z'); // Fri 2026-12-04 -08:00
    const gmail = (await run(corpusFile('007-reply-quoted-budget'))).out;
    expect(gmail.tasks.some((t) => /flag|review by/i.test(t.title))).toBe(false);
    expect(gmail.tasks.map((t) => t.due_date)).toContain('2026-11-30T18:00:00.000Z'); // Monday noon -06:00
  });

  it('drops ">" quoted lines', async () => {
    const raw = mail(
      { From: 'a@example.com', To: 'b@example.com', Subject: 'Re: plan', Date: 'Mon, 02 Nov 2026 09:00:00 +0000' },
      'Sounds good, see you then.\n\n> Please send the plan by Friday.\n> Thanks\n',
    );
    const { out } = await run(raw);
    expect(out.tasks).toEqual([expect.objectContaining({ title: 'Plan', due_date: null })]);
    expect(out.tasks[0].confidence).toBeLessThanOrEqual(0.5);
  });
});

describe('meetings and languages', () => {
  it('reads explicit zones and durations', async () => {
    const { out } = await run(corpusFile('029-call-redwood-explicit-pt'));
    expect(out.events[0]).toMatchObject({ start_time: '2026-11-19T18:00:00.000Z', end_time: '2026-11-19T18:30:00.000Z' });
  });

  it('reads German and French mail', async () => {
    const de = (await run(corpusFile('009-german-vertragsentwurf'))).out;
    expect(de.events[0].start_time).toBe('2026-11-18T14:00:00.000Z');
    expect(de.tasks[0].due_date).toBe('2026-11-13T22:59:00.000Z');
    const fr = (await run(corpusFile('024-french-devis-cuisine'))).out;
    expect(fr.tasks.map((t) => t.due_date)).toEqual(['2026-11-09T22:59:00.000Z', '2026-11-30T22:59:00.000Z']);
  });
});

describe('subject fallback', () => {
  it.each([
    ['010-newsletter-product-weekly', 'Product Weekly #214: pricing pages that actually convert'],
    ['011-receipt-order-shipped', 'Your order #2026-1203-7741 has shipped!'],
    ['035-github-pr-merged-fyi', '[acme/web] Fix date parsing for 12/03 inputs (PR #4821)'],
  ])('%s gives one undated task from the subject', async (name, title) => {
    const { out } = await run(corpusFile(name));
    expect(out.events).toHaveLength(0);
    expect(out.tasks).toHaveLength(1);
    expect(out.tasks[0]).toMatchObject({ title, due_date: null });
    expect(out.tasks[0].confidence).toBeLessThanOrEqual(0.5);
    expect(out.tasks[0].description).toContain('From email');
  });
});

/**
 * Third quality round (issue 16): a list header alone does not silence a mail that asks its reader
 * to act by a date; dated asks survive in machine mail; German ordinals are not sentence ends; a
 * label followed only by a deadline names the item; venue parts and "date, hour :" schedule lines;
 * street types written with a capital; asking that something not be done is not a task; confidence
 * follows the evidence of each field. Sentences here are made up for the rules, not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { headers, mail, run } from './helpers.js';

const CET = 'Mon, 30 Nov 2026 10:00:00 +0100';
const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';
const LIST = { 'List-Unsubscribe': '<mailto:leave@choir.example.org>', 'List-Id': '<members.choir.example.org>' };

describe('list notices', () => {
  it('reads a list notice that asks for a reply by a date: the ask and its event', async () => {
    const body = [
      'Dear singers,',
      '',
      'The winter social is on Saturday, December 19 at 6 PM at the Oak Room, 14 Mill Lane.',
      '',
      'Register by Friday, December 11 so we can plan the catering.',
    ].join('\n');
    const { out } = await run(mail(headers(EST, 'Winter social', 'notice1', 'City Choir <news@choir.example.org>', LIST), body));
    expect(out.tasks).toHaveLength(1);
    expect(out.tasks[0].title).toMatch(/^Register/);
    expect(out.tasks[0].due_date?.slice(0, 10)).toBe('2026-12-12');
    expect(out.events).toHaveLength(1);
    expect(out.events[0].title).toMatch(/social/i);
    expect(out.events[0].start_time).toBe('2026-12-19T23:00:00.000Z');
  });

  it('keeps a list notice that asks nothing, and marketing list mail, to the subject fallback', async () => {
    const informs = 'The winter social is on Saturday, December 19 at 6 PM at the Oak Room.';
    const a = (await run(mail(headers(EST, 'Choir news', 'notice2', 'City Choir <news@choir.example.org>', LIST), informs))).out;
    expect(a.events).toHaveLength(0);
    expect(a.tasks.map((t) => t.due_date)).toEqual([null]);
    const promo = 'Shop now: 20% off all scores. Order by Friday, December 11 for delivery before the holidays.';
    const b = (await run(mail(headers(EST, 'Holiday sale', 'notice3', 'Score Shop <news@scores.example.com>', LIST), promo))).out;
    expect(b.events).toHaveLength(0);
    expect(b.tasks.map((t) => t.due_date)).toEqual([null]);
  });

  it('keeps a dated instruction in machine mail', async () => {
    const body = 'Your parcel is waiting at the Elm Street locker.\n\nCollect it by Wednesday, December 9. Bring the code below.\n\nCode: 4471';
    const { out } = await run(mail(headers(EST, 'Your parcel is at the locker', 'pickup', 'Lockers <no-reply@lockers.example.com>'), body));
    expect(out.tasks).toHaveLength(1);
    expect(out.tasks[0].due_date?.slice(0, 10)).toBe('2026-12-10');
  });
});

describe('sentences and list entries', () => {
  it('does not end a German sentence at an ordinal, and names an entry by its label when only a deadline follows', async () => {
    const body =
      'Bitte beachten Sie folgende Fristen:\n\n- Unterlagen für das 3. Quartal abgeben: bis 20. Januar\n- Jahresabrechnung Dezember: bis 18. Dezember';
    const { out } = await run(mail(headers(CET, 'Fristen', 'ordinal'), body));
    const titles = out.tasks.map((t) => t.title);
    expect(titles).toContain('Unterlagen für das 3. Quartal abgeben');
    expect(titles).toContain('Jahresabrechnung Dezember');
  });

  it('reads "date, hour : title, venue" schedule lines', async () => {
    const body = 'Le programme :\n\n- 9 janvier, 10h : réunion de rentrée, salle Victor Hugo\n- 16 janvier : date limite des cotisations';
    const { out } = await run(mail(headers(CET, 'Programme de janvier', 'colon'), body));
    expect(out.events).toHaveLength(1);
    expect(out.events[0]).toMatchObject({ title: 'Réunion de rentrée', location: 'salle Victor Hugo', start_time: '2027-01-09T09:00:00.000Z' });
  });

  it('asks nothing when it asks that something not be done', async () => {
    for (const [i, body] of ['No flowers please.', 'Bitte keine Blumen mitbringen.', 'Pas de cadeaux, s’il vous plaît.'].entries()) {
      const { out } = await run(mail(headers(CET, 'Samstag', `neg${i}`), `Wir feiern am Samstag, 12. Dezember um 19 Uhr im Vereinsheim. ${body}`));
      expect(out.tasks, body).toHaveLength(0);
    }
  });

  it('reads "<submissions> close on <date>" as a deadline', async () => {
    const { out } = await run(mail(headers(EST, 'Poster session', 'closes'), 'Poster submission closes on Friday, January 8. Posters are A1.'));
    expect(out.tasks).toHaveLength(1);
    expect(out.tasks[0].title).toMatch(/poster submission/i);
    expect(out.tasks[0].due_date?.slice(0, 10)).toBe('2027-01-09');
  });

  it('prefers a street address with a capitalised street type over a phrase guessed from a preposition', async () => {
    const { out } = await run(mail(headers(EST, 'Dinner', 'street'), 'We are hosting a dinner on Friday, December 11 at 7 PM at our flat, 12 Birch Road.'));
    expect(out.events).toHaveLength(1);
    expect(out.events[0].location).toMatch(/12 Birch Road/);
  });
});

describe('confidence from evidence', () => {
  // The rules' own level (calibrate.ts), which the item model reads as one of its features.
  it('trusts a written date more than a weekday, and a clean title more than a fragment', async () => {
    const written = (await run(mail(headers(EST, 'Report', 'c1'), 'Please send the report by December 4.'))).out.tasks[0];
    const weekday = (await run(mail(headers(EST, 'Report', 'c2'), 'Please send the report by Friday.'))).out.tasks[0];
    expect(written.confidence).toBeGreaterThan(weekday.confidence);
  });

  it('trusts a fallback less in a person’s mail than in a receipt', async () => {
    const personal = (await run(mail(headers(EST, 'Hello', 'f1'), 'Hope you are well.'))).out.tasks[0];
    const receipt = (
      await run(mail(headers(EST, 'Your receipt', 'f2', 'Shop <receipts@shop.example.com>'), 'Order #88120\nTotal: $12.50\nThank you for your order.'))
    ).out.tasks[0];
    expect(personal.due_date).toBeNull();
    expect(receipt.due_date).toBeNull();
    expect(receipt.confidence).toBeGreaterThan(personal.confidence);
    expect(receipt.confidence).toBeLessThanOrEqual(0.5);
  });
});

/**
 * Fourth quality round (issue 16): list mail is read by whether it asks for something by a date, not
 * by marketing words; an ask to buy is not an errand; a calendar's notice without an iCalendar part
 * is its event; purpose clauses before the ask; German separable verbs and shared-activity
 * statements; French verb-pronoun imperatives; "from 7pm" starts; a notice's "sender" is not a
 * disclaimer. Sentences here are made up for the rules, not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { headers, mail, run } from './helpers.js';

const CET = 'Mon, 30 Nov 2026 10:00:00 +0100';
const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';
const LIST = { 'List-Unsubscribe': '<mailto:leave@club.example.org>', Precedence: 'list' };

describe('list mail is read by what it asks', () => {
  it('keeps the ask and the event of a list notice that uses a marketing word', async () => {
    const body = [
      'Hello members,',
      '',
      'Our garden swap is on Saturday, December 19 from 9 AM to noon at the Oak Street hall. There will be a plant sale too.',
      '',
      'Please register your stall by Friday, December 11.',
    ].join('\n');
    const { out } = await run(mail(headers(EST, 'Garden swap', 'l1', 'Garden Club <news@club.example.org>', LIST), body));
    expect(out.tasks.map((t) => [t.title.split(' ')[0], t.due_date?.slice(0, 10)])).toEqual([['Register', '2026-12-12']]);
    expect(out.events).toHaveLength(1);
    expect(out.events[0].start_time).toBe('2026-12-19T14:00:00.000Z');
  });

  it('does not take an ask to buy by a date for an errand', async () => {
    const body = 'Notre sélection de l’hiver est arrivée.\n\nCommandez avant le 14 décembre pour une livraison avant les fêtes.';
    const { out } = await run(mail(headers(CET, 'Sélection hiver', 'l2', 'Boutique <infos@boutique.example.fr>', LIST), body));
    expect(out.events).toHaveLength(0);
    expect(out.tasks.map((t) => t.due_date)).toEqual([null]);
  });
});

describe('calendar notices without an invitation part', () => {
  it('makes the event, titled from the subject, with its place', async () => {
    const body = [
      'Piano lesson',
      'When',
      'Thu Dec 10, 2026 5pm - 5:45pm Eastern Time - New York',
      '',
      'Where',
      'Music House, 88 Linden Road',
      '',
      'Invitation from Google Calendar',
      'To stop receiving these emails, change your notification settings.',
    ].join('\n');
    const subject = 'Notification: Piano lesson @ Thu Dec 10, 2026 5pm - 5:45pm (EST) (kim@example.com)';
    const { out } = await run(mail(headers(EST, subject, 'c1', 'Google Calendar <calendar-notification@google.com>'), body));
    expect(out.tasks).toHaveLength(0);
    expect(out.events).toHaveLength(1);
    expect(out.events[0].title).toBe('Piano lesson');
    expect(out.events[0].start_time).toBe('2026-12-10T22:00:00.000Z');
    expect(out.events[0].end_time).toBe('2026-12-10T22:45:00.000Z');
    expect(out.events[0].location).toMatch(/Linden/);
  });
});

describe('sentence structure', () => {
  it('reads the ask after a purpose clause, and not an undated instruction after one', async () => {
    const dated = (await run(mail(headers(EST, 'Your stall', 'p1'), 'To keep your stall, confirm your attendance by Friday, December 4.'))).out;
    expect(dated.tasks.map((t) => [t.title, t.due_date?.slice(0, 10)])).toEqual([['Confirm your attendance', '2026-12-05']]);
    const how = 'Registration closes on Friday, December 4. To register, fill in the form on the website.';
    const b = (await run(mail(headers(EST, 'Registration', 'p2'), how))).out;
    expect(b.tasks.filter((t) => /fill/i.test(t.title))).toHaveLength(0);
  });

  it('reads German separable verbs as asks titled by object and infinitive', async () => {
    const body = 'Hallo Mia,\n\nbitte füllt das Formular bis Freitag, 4. Dezember aus.\n\nHiermit laden wir euch auch zum Sommerfest ein.';
    const { out } = await run(mail(headers(CET, 'Formular', 'd1'), body));
    expect(out.tasks.map((t) => [t.title, t.due_date?.slice(0, 10)])).toEqual([['Formular ausfüllen', '2026-12-04']]);
  });

  it('reads a German shared-activity statement as an event', async () => {
    const body = 'Liebe Nachbarn,\n\nam Samstag, 12. Dezember, grillen wir ab 17 Uhr Würstchen im Innenhof.';
    const { out } = await run(mail(headers(CET, 'Hoffest', 'd2'), body));
    expect(out.events).toHaveLength(1);
    expect(out.events[0].title).toBe('Würstchen grillen');
    expect(out.events[0].start_time).toBe('2026-12-12T16:00:00.000Z');
  });

  it('reads a French verb-pronoun imperative as an ask, and "à partir de 19h" as the start', async () => {
    const body = 'Salut,\n\nOn se retrouve vendredi 11 décembre à partir de 19h au Café du Port.\n\nEnvoie-moi le devis d’ici jeudi.';
    const { out } = await run(mail(headers(CET, 'Vendredi', 'f1'), body));
    // Titled as the infinitive since round twenty-five ("Envoyer le devis").
    expect(out.tasks.map((t) => [t.title, t.due_date?.slice(0, 10)])).toEqual([['Envoyer le devis', '2026-12-03']]);
    expect(out.events.map((e) => e.start_time)).toEqual(['2026-12-11T18:00:00.000Z']);
  });

  it('keeps a notice paragraph that names the sender, and drops a disclaimer', async () => {
    const body = [
      'Ihr Paket liegt in der Filiale Marktplatz 3.',
      '',
      'Bitte holen Sie das Paket bis zum 9. Dezember ab, danach geht es an den Absender zurück.',
      '',
      'Diese Nachricht ist vertraulich. Wenn Sie nicht der richtige Adressat sind, informieren Sie bitte den Absender.',
    ].join('\n');
    const { out } = await run(mail(headers(CET, 'Ihr Paket wartet', 'b1', 'Paketpost <noreply@paketpost.example.de>'), body));
    expect(out.tasks.map((t) => [t.title, t.due_date?.slice(0, 10)])).toEqual([['Paket abholen', '2026-12-09']]);
  });
});

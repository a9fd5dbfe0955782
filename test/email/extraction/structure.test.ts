/**
 * Reading by sentence structure and per-language cues rather than by phrases of known mails
 * (issue 16, second quality round): places named by a preposition and a noun phrase, hour ranges,
 * invitations to attend, answers asked for by a date, passive obligations, days of the month after
 * a weekday, and the mail's language from its month and weekday names.
 */
import { describe, expect, it } from 'vitest';
import { headers, mail, run } from './helpers.js';

const CET = 'Mon, 30 Nov 2026 10:00:00 +0100';
const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';

describe('events read by their structure', () => {
  it('finds the place after the preposition in Spanish, French and German', async () => {
    const cases: [string, RegExp][] = [
      ['El concierto será el jueves 17 de diciembre a las 18:00 en el patio del colegio.', /patio del colegio/],
      ['La soirée aura lieu le samedi 12 décembre à 20h à la salle des fêtes.', /salle des fêtes/],
      ['Das Konzert findet am Freitag, 11. Dezember, um 17 Uhr im Gemeindesaal statt.', /^Gemeindesaal$/],
    ];
    for (const [i, [body, place]] of cases.entries()) {
      const { out } = await run(mail(headers(CET, 'Aviso', `place${i}`), body));
      expect(out.events, body).toHaveLength(1);
      expect(out.events[0].location, body).toMatch(place);
    }
  });

  it('reads an hour range as the start and end of the event', async () => {
    const { out } = await run(mail(headers(CET, 'Ablesung', 'range'), 'Die Ablesung findet am Dienstag, 8. Dezember, zwischen 8 und 12 Uhr statt.'));
    expect(out.events).toHaveLength(1);
    expect(out.events[0]).toMatchObject({ start_time: '2026-12-08T07:00:00.000Z', end_time: '2026-12-08T11:00:00.000Z' });
  });

  it('makes an event of an invitation to attend, titled by what it invites to', async () => {
    const { out } = await run(
      mail(
        headers(EST, 'An evening with us', 'invite'),
        'You are cordially invited to our annual gala on Saturday, January 9 at 7 PM at the Riverside Hotel. Kindly reply by December 20.',
      ),
    );
    expect(out.events).toHaveLength(1);
    expect(out.events[0]).toMatchObject({ title: 'Annual gala', start_time: '2027-01-10T00:00:00.000Z', location: 'Riverside Hotel' });
    expect(out.tasks.map((t) => t.due_date)).toEqual(['2026-12-21T04:59:00.000Z']);
  });

  it('reads "el jueves 10" as the 10th and "18h" alone as six in the evening', async () => {
    const { out } = await run(
      mail(headers(CET, 'Cena', 'weekday-day'), 'Te recuerdo que el jueves 10 a las 19:00 tenemos la cena de empresa en el restaurante La Tasca.'),
    );
    expect(out.events[0]).toMatchObject({ start_time: '2026-12-10T18:00:00.000Z', location: 'restaurante La Tasca' });
    const fr = await run(mail(headers(CET, 'Répétition', 'clock'), 'La répétition aura lieu vendredi 11 à 18h dans la salle de musique.'));
    expect(fr.out.events[0]).toMatchObject({ start_time: '2026-12-11T17:00:00.000Z', location: 'salle de musique' });
  });

  it('does not take a possessive for "is", nor "Attached" for the meeting', async () => {
    const { out } = await run(
      mail(
        headers(EST, 'Board materials', 'possessive'),
        "Mom's flight lands Saturday at 4:15pm, can you pick her up at the airport?\n\nAttached are the materials for the board meeting on December 10 at 1 PM in the Boardroom.",
      ),
    );
    expect(out.tasks.map((t) => t.title)).toEqual(['Pick her up at the airport']);
    expect(out.events.map((e) => e.title)).toEqual(['Board meeting']);
  });
});

describe('tasks read by their structure', () => {
  it('reads an answer asked for by a date in four languages', async () => {
    const cases: [string, string, string][] = [
      [EST, 'RSVP by December 12 so we can order food.', '2026-12-13T04:59:00.000Z'],
      [CET, 'Inscriptions avant le 5 décembre auprès de Paul.', '2026-12-05T22:59:00.000Z'],
      [CET, 'Las inscripciones se cierran el miércoles 9 de diciembre.', '2026-12-09T22:59:00.000Z'],
      [CET, 'Anmeldung bis 10. Dezember bei Jens.', '2026-12-10T22:59:00.000Z'],
    ];
    for (const [i, [date, body, due]] of cases.entries()) {
      const { out } = await run(mail(headers(date, 'Club news', `answer${i}`), body));
      expect(
        out.tasks.map((t) => t.due_date),
        body,
      ).toEqual([due]);
    }
  });

  it('names a passive obligation by its verb, and keeps a second request with its own deadline', async () => {
    const { out } = await run(
      mail(
        headers(EST, 'Concert', 'passive'),
        'Tickets must be reserved by December 10.\n\nPlease fill in the form by Friday and send it back to the office by December 11.',
      ),
    );
    expect(out.tasks.map((t) => [t.title, t.due_date])).toEqual([
      ['Reserve tickets', '2026-12-11T04:59:00.000Z'],
      ['Fill in the form', '2026-12-05T04:59:00.000Z'],
      ['Send the form back to the office', '2026-12-12T04:59:00.000Z'],
    ]);
  });

  it('reads the imperative mood by its form in Spanish and French', async () => {
    const es = await run(mail(headers(CET, 'Fiesta', 'imp-es'), 'Envíen el formulario firmado antes del viernes 11 de diciembre.'));
    expect(es.out.tasks.map((t) => [t.title, t.due_date])).toEqual([['Envíen el formulario firmado', '2026-12-11T22:59:00.000Z']]);
    const fr = await run(mail(headers(CET, 'Sortie', 'imp-fr'), 'Retournez l’autorisation signée avant le 4 décembre.'));
    expect(fr.out.tasks.map((t) => t.due_date)).toEqual(['2026-12-04T22:59:00.000Z']);
  });

  it('does not read a lowercase "ist" after the hour as a time zone', async () => {
    const { out } = await run(
      mail(
        headers(CET, 'Ihr Termin beim Friseur', 'ist', 'Salon Haarwerk <termine@haarwerk.example>'),
        'Guten Tag Frau Berger,\n\nIhr Termin am Freitag, 11.12.2026 um 14:30 Uhr ist gebucht.\n\nSalon Haarwerk, Hauptstraße 3, 80331 München',
      ),
    );
    expect(out.events).toHaveLength(1);
    expect(out.events[0]).toMatchObject({ start_time: '2026-12-11T13:30:00.000Z', location: 'Salon Haarwerk, Hauptstraße 3, 80331 München' });
  });
});

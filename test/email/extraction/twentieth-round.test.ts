/**
 * Twentieth quality round (issue 16), from the misses of `email-typical28` and `email-typical29`
 * (tuning sets since) and a second reading of typical13, typical14 and typical19. Sentences here are
 * made up for the rules (several wordings and languages each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { extractor, headers, localDay, mail, minutes, run, titles } from './helpers.js';

const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';
const CET = 'Tue, 1 Dec 2026 09:00:00 +0100';
const PST = 'Tue, 1 Dec 2026 09:00:00 -0800';
const ART = 'Tue, 1 Dec 2026 09:00:00 -0300';

const extracted = extractor('r20');

describe('how the mail is read', () => {
  it("keeps an Outlook table's row on one line when every cell is its own paragraph", async () => {
    const cell = (text: string) => `<td style="border:solid windowtext 1.0pt"><p class="MsoNormal">${text}</p></td>`;
    const row = (...cells: string[]) => `<tr>${cells.map(cell).join('')}</tr>`;
    const body = `<html><body><p class="MsoNormal">Hi all,</p><p class="MsoNormal">Action items</p><table class="MsoTableGrid">${row('Owner', 'Action', 'Due')}${row('Dana', 'Order the banners for the fair', 'Thu 12/3')}${row('Luis', 'Collect the volunteer forms', 'Fri 12/11')}</table><p class="MsoNormal">Thanks</p></body></html>`;
    const { out } = await run(mail({ ...headers(EST, 'Fair minutes', 'r20-table'), 'Content-Type': 'text/html; charset=utf-8' }, body));
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, -5)])).toEqual([
      ['Order the banners for the fair', '2026-12-03'],
      ['Collect the volunteer forms', '2026-12-11'],
    ]);
  });

  it('ends a sentence at a line that closes on a postcode', async () => {
    const out = await extracted(
      PST,
      'Dear Mr. Ortiz,\n\nYour visit is confirmed:\n\nThursday, December 10, 2026 at 10:30 AM\nHillcrest Academy, 55 Grove Street, Portland, OR 97205\nPlease check in at the front desk.\n\nThe visit lasts about 30 minutes.\n',
      'Your visit to Hillcrest Academy is confirmed',
    );
    expect(out.events.map((e) => [e.start_time, minutes(e)])).toEqual([['2026-12-10T18:30:00.000Z', 30]]);
    expect(out.tasks.every((t) => !t.title.includes('97205'))).toBe(true);
  });

  it('reads "lasts" as no date and "8:00 h" before a dash as eight o\'clock', async () => {
    const out = await extracted(
      ART,
      'Estimadas familias:\n\nEl viernes 11 de diciembre realizaremos una excursión al Museo de Ciencias Naturales.\n\n- Salida del colegio: 8:00 h - Regreso: 13:00 h\n',
      'Circular 9',
    );
    expect(out.events.map((e) => [e.start_time, e.end_time])).toEqual([['2026-12-11T11:00:00.000Z', '2026-12-11T16:00:00.000Z']]);
  });
});

describe('dates', () => {
  it('keeps the day after "this year -" and skips a named holiday\'s weekend', async () => {
    const party = await extracted(
      PST,
      'Hi all!\n\nWe are having our open house again this year - Saturday, December 12, from 6pm at our place (12 Birch Lane, Oakland).\n',
    );
    expect(party.events.map((e) => e.start_time)).toEqual(['2026-12-13T02:00:00.000Z']);
    const list = await extracted(PST, '- book the cabin for Presidents Day weekend\n- call the vet\n', 'to do');
    expect(list.tasks.map((t) => t.due_date)).toEqual([null, null]);
  });

  it('reads "el mismo lunes 7" and "am selben Montag" as that weekday', async () => {
    const es = await extracted(
      ART,
      'Hola Ana:\n\nTe resumo lo que necesito:\n\n- Recibos de sueldo: a más tardar el lunes 7 de diciembre.\n- Constancia de CUIT: el mismo lunes 7.\n',
      'Pendientes',
    );
    expect(es.tasks.map((t) => localDay(t.due_date, -3))).toEqual(['2026-12-07', '2026-12-07']);
    const de = await extracted(
      CET,
      'Hallo Herr Beck,\n\nwir benötigen noch:\n\n- Lohnunterlagen: bis Montag, 7. Dezember.\n- Kassenbuch: am selben Montag.\n',
      'Unterlagen',
    );
    expect(de.tasks.map((t) => localDay(t.due_date, 1))).toEqual(['2026-12-07', '2026-12-07']);
  });

  it("gives the day after a label's colon, not the one inside the label", async () => {
    const out = await extracted(
      EST,
      'Key dates:\n\n- Stock count as of December 31: Friday, January 8, 2027\n- Payroll report: Monday, January 11, 2027\n',
      'Year end',
    );
    expect(out.tasks.map((t) => localDay(t.due_date, -5))).toEqual(['2027-01-08', '2027-01-11']);
  });

  it('reads an hour in a zone named in brackets after a city ("9am Sydney time (AEDT)")', async () => {
    const out = await extracted(
      PST,
      "Hi,\n\nThe Melbourne team can meet on Thursday at 10am Melbourne time (AEDT). Let's plan on 30 minutes.\n",
      'Sync with the Melbourne team',
    );
    expect(out.events.map((e) => [e.title, e.start_time, minutes(e)])).toEqual([['Sync with the Melbourne team', '2026-12-02T23:00:00.000Z', 30]]);
  });
});

describe('asks', () => {
  it('make a collection among the readers a share to pay, in four languages', async () => {
    const cases: [string, string, string][] = [
      [EST, "Hi parents!\n\nWe're collecting $10 per child for Ms. Park's gift -- Venmo me when you can.\n", "Pay $10 for Ms. Park's gift"],
      [
        CET,
        'Liebe Eltern,\n\nwir sammeln 5 € pro Kind für das Geschenk der Erzieherin, bitte bis Freitag in der Gruppe abgeben.\n',
        '5 € für das Geschenk der Erzieherin zahlen',
      ],
      [CET, 'Hola familias:\n\nEstamos juntando 6 € por familia para el regalo del entrenador.\n', 'Pagar 6 € para el regalo del entrenador'],
      [CET, 'Bonjour,\n\nNous collectons 4 € par enfant pour le cadeau de la maîtresse.\n', 'Payer 4 € pour le cadeau de la maîtresse'],
    ];
    for (const [date, body, title] of cases) expect(titles((await extracted(date, body)).tasks)).toEqual([title]);
  });

  it('continue a need with "And the ..." and its own deadline', async () => {
    const es = await extracted(
      ART,
      'Hola Pablo:\n\nNecesitaría el presupuesto final para el viernes. Y la lista de invitados a más tardar el martes 8.\n\nGracias\n',
    );
    expect(es.tasks.map((t) => [t.title, localDay(t.due_date, -3)])).toEqual([
      ['Necesitaría el presupuesto final', '2026-12-04'],
      ['La lista de invitados', '2026-12-08'],
    ]);
    const en = await extracted(EST, 'Hi Jo,\n\nCan you send me the floor plan by Friday? And the signed quote by Monday, December 7.\n');
    expect(en.tasks.map((t) => [t.title, localDay(t.due_date, -5)])).toEqual([
      ['Send me the floor plan', '2026-12-04'],
      ['The signed quote', '2026-12-07'],
    ]);
  });

  it('read what must reach the sender as a thing to send', async () => {
    const fr = await extracted(CET, 'Madame, Monsieur,\n\nLes candidatures doivent nous parvenir au plus tard le vendredi 11 décembre.\n');
    expect(fr.tasks.map((t) => [t.title, localDay(t.due_date, 1)])).toEqual([['Envoyer les candidatures', '2026-12-11']]);
    const en = await extracted(EST, 'Dear members,\n\nNominations must reach us by Friday, December 11.\n');
    expect(titles(en.tasks)).toEqual(['Send nominations']);
  });

  it("take no ask from an option, a condition after a colon, or the writer's own sending", async () => {
    const de = await extracted(CET, 'Hallo,\n\nIhr Paket kommt morgen. Dann können Sie Ihre Zustellung noch bis 9:00 Uhr ändern.\n', 'Ihr Paket kommt morgen');
    expect(de.tasks.map((t) => t.due_date)).toEqual([null]);
    const fr = await extracted(
      CET,
      'Bonjour,\n\nNous cherchons deux bénévoles : si vous êtes disponible, merci de le signaler à Mme Roux.\n',
      'Marché de Noël',
    );
    expect(titles(fr.tasks)).toEqual(['Marché de Noël']);
    const es = await extracted(
      ART,
      'Hola:\n\nLo que necesito:\n\n- Firma del contrato: el miércoles 9 de diciembre. Te lo envío por DocuSign el martes.\n',
      'Pendientes',
    );
    expect(titles(es.tasks)).toEqual(['Firma del contrato']);
  });

  it('name a German reflexive ask with its prefix last as an infinitive', async () => {
    const out = await extracted(CET, 'Liebe Eltern,\n\nbitte meldet euch bis Freitag, 4. Dezember, über die Liste im Flur an.\n', 'Adventsbasteln');
    expect(titles(out.tasks)[0]).toMatch(/^Über die Liste im Flur anmelden/);
  });

  it('count "have a look over" and "so if you can get me your comments by ..." as one dated ask', async () => {
    const out = await extracted(
      EST,
      'Hi Kim,\n\nCould you have a look over the budget draft? The board wants it Friday, so if you can get me your comments by 10am Thursday that would be great.\n',
    );
    expect(out.tasks.map((t) => [t.title, t.due_date])).toEqual([['Have a look over the budget draft', '2026-12-03T15:00:00.000Z']]);
  });

  it('do not move a to-do entry to the week of the entry above', async () => {
    const out = await extracted(EST, '- renew the passport by Dec 15\n- order the cake by Tuesday\n', 'to do');
    expect(out.tasks.map((t) => localDay(t.due_date, -5))).toEqual(['2026-12-15', '2026-12-08']);
  });
});

describe('events', () => {
  it('make signing a contract at an office an appointment, with its street in brackets', async () => {
    const out = await extracted(
      ART,
      'Estimada Laura:\n\n- Firmar el nuevo contrato en nuestra oficina el jueves 10 de diciembre a las 17:00 (Esmeralda 350, piso 4, CABA).\n',
      'Renovación',
    );
    expect(out.events.map((e) => [e.start_time, e.location])).toEqual([['2026-12-10T20:00:00.000Z', 'Esmeralda 350, piso 4, CABA']]);
  });

  it('take an outing\'s hour from "Wir treffen uns um ..." and name a bare outing by where it goes', async () => {
    const de = await extracted(
      CET,
      'Liebe Eltern,\n\nam Mittwoch, 9. Dezember, besuchen wir mit der Klasse das Naturkundemuseum. Wir treffen uns um 8:15 Uhr am Schultor. Zurück sind wir gegen 12:30 Uhr.\n',
      'Elternbrief Klasse 2a – Ausflug ins Naturkundemuseum',
    );
    expect(de.events.map((e) => [e.start_time, e.end_time])).toEqual([['2026-12-09T07:15:00.000Z', '2026-12-09T11:30:00.000Z']]);
    const es = await extracted(
      ART,
      'Queridas familias:\n\nEl jueves 10 de diciembre realizaremos la salida al Jardín Botánico, de 9:00 a 12:00.\n',
      'Circular 12',
    );
    expect(titles(es.events)).toEqual(['Salida al Jardín Botánico']);
  });

  it('name an announced German passive by the subject, without its label', async () => {
    const out = await extracted(
      CET,
      'Sehr geehrte Mieter,\n\nam Dienstag, 15. Dezember 2026, werden zwischen 9:00 und 13:00 Uhr in allen Wohnungen die Rauchmelder geprüft.\n',
      'Ankündigung: Prüfung der Rauchmelder am 15.12.',
    );
    expect(out.events.map((e) => [e.title, e.start_time, e.end_time])).toEqual([
      ['Prüfung der Rauchmelder am 15.12', '2026-12-15T08:00:00.000Z', '2026-12-15T12:00:00.000Z'],
    ]);
  });

  it('name an event by what it invites to, and say whose appointment it is', async () => {
    const fr = await extracted(
      CET,
      "Madame, Monsieur,\n\nNous avons le plaisir de vous convier à l'assemblée générale des copropriétaires, qui se tiendra le jeudi 10 décembre à 18h30.\n",
    );
    expect(titles(fr.events)).toEqual(["L'assemblée générale des copropriétaires"]);
    const es = await extracted(
      CET,
      'Hola hijo:\n\nEl viernes 11 el abuelo tiene la revisión del oído a las 10:00 en el Hospital San Juan. ¿Lo puedes llevar?\n',
    );
    expect(titles(es.events)).toEqual(['Abuelo: revisión del oído']);
    const en = await extracted(EST, 'Hi,\n\nGrandpa has his hearing check-up on Friday at 10am at Mercy Clinic.\n');
    expect(titles(en.events)).toEqual(['Grandpa: hearing check-up']);
  });

  it('read "Follow-up: <day>, <hours>, <room>" in an action list as the follow-up meeting', async () => {
    const out = await extracted(
      EST,
      'Actions\n\n- Kai to update the risk log by Friday\n\nFollow-up: Wednesday 9 December, 14:00–14:30, Hudson room.\n',
      'Retro notes',
    );
    expect(out.events.map((e) => [e.title, e.start_time, minutes(e), e.location])).toEqual([['Follow-up', '2026-12-09T19:00:00.000Z', 30, 'Hudson room']]);
  });

  it("keeps a call's platform as its place and a museum's name before its address", async () => {
    const call = await extracted(EST, 'Next sync: Thursday 10 Dec, 15:30-16:00, Teams.\n', 'Vendor sync - notes');
    expect(call.events.map((e) => e.location)).toEqual(['Teams']);
    const trip = await extracted(
      'Mon, 30 Nov 2026 15:00:00 -0700',
      'Dear families,\n\nOn Thursday, December 10, our class will visit the Museum of Art & History (120 Main St) for a workshop. Buses leave at 9:00 AM and we will be back by 1:30 PM.\n',
      '3rd grade field trip',
    );
    expect(trip.events.map((e) => e.location)).toEqual(['Museum of Art & History (120 Main St)']);
  });
});

/**
 * Twenty-first quality round (issue 16), from the misses of `email-typical30` and `email-typical31`
 * (tuning sets since). Sentences here are made up for the rules (several wordings and languages
 * each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { extractor, headers, localDay, mail, minutes, run, titles } from './helpers.js';

const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';
const CET = 'Tue, 1 Dec 2026 09:00:00 +0100';
const PST = 'Tue, 1 Dec 2026 09:00:00 -0800';
const ART = 'Tue, 1 Dec 2026 09:00:00 -0300';

const extracted = extractor('r21');

describe('due days', () => {
  it('reads a hand-in or a cutoff at an hour as due then, not as an event', async () => {
    const out = await extracted(
      EST,
      'Key dates:\n\nFri 12/11 - Timesheets approved\nFri 12/18, 3:00 PM - Final cutoff for expense reports\n',
      'Close calendar',
    );
    expect(out.events).toEqual([]);
    expect(out.tasks.map((t) => t.due_date)).toEqual(['2026-12-12T04:59:00.000Z', '2026-12-18T20:00:00.000Z']);
  });

  it('keeps a weekday wrapped before its date and its link', async () => {
    const out = await extracted(
      PST,
      'Dear families,\n\nPlease RSVP with the number of guests using this form by Friday,\nDecember 11: https://forms.example.org/concert\n',
      'Winter concert',
    );
    expect(out.tasks.map((t) => localDay(t.due_date, -8))).toEqual(['2026-12-11']);
  });

  it('takes the deadline outside brackets before a day inside them', async () => {
    const out = await extracted(
      CET,
      'Hola Ana:\n\nNecesitamos:\n\n- Extractos bancarios (movimientos hasta el 30 de noviembre): hasta el martes 15 de diciembre.\n',
      'Pendientes',
    );
    expect(out.tasks.map((t) => localDay(t.due_date, 1))).toEqual(['2026-12-15']);
  });

  it('reads "is open now through" as a window that closes', async () => {
    const out = await extracted(EST, 'Hi all,\n\nFlu shot sign-up is open now through Friday, December 11 at 5:00 PM ET.\n', 'Flu shots');
    expect(out.events).toEqual([]);
    expect(out.tasks.map((t) => [t.title, t.due_date])).toEqual([['Flu shot sign-up', '2026-12-11T22:00:00.000Z']]);
  });

  it('dates a collection by the payment sentence after it', async () => {
    const out = await extracted(
      PST,
      "Hi families!\n\n2. We're collecting $8 per dancer for a thank-you card and flowers for Miss Rae. Please Venmo @Jo-Lee by Friday 12/4.\n",
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, -8)])).toEqual([['Pay $8 for a thank-you card and flowers for Miss Rae', '2026-12-04']]);
  });
});

describe('asks', () => {
  it('count a third party needing your answer, a reminder after "and", "podés" and "both"', async () => {
    const needs = await extracted(EST, 'Hi,\n\nOne more thing: the caterer needs your final headcount by Friday, December 4.\n');
    expect(needs.tasks.map((t) => localDay(t.due_date, -5))).toEqual(['2026-12-04']);
    const es = await extracted(
      ART,
      'Hola Vale:\n\n¿Podés mandarme el presupuesto final para el viernes?\n\nY acordate de subir las facturas al sistema, que cierra mañana a las 18.\n',
    );
    expect(es.tasks.map((t) => [t.title, t.due_date])).toEqual([
      ['Mandarme el presupuesto final', '2026-12-05T02:59:00.000Z'],
      ['Subir las facturas al sistema', '2026-12-02T21:00:00.000Z'],
    ]);
    const both = await extracted(EST, "Hi Sam,\n\nWe're missing the taxi receipt and the hotel invoice. Can you send both to me by Friday?\n");
    expect(titles(both.tasks)).toEqual(['Send the taxi receipt to me']);
  });

  it('keep "RSVP" at the head of a numbered entry and take no errand from a bus timetable', async () => {
    const out = await extracted(
      PST,
      'Hi families!\n\n1. Please RSVP to this email with how many are coming by Tuesday 12/8.\n2. Buses leave school at 9:00 AM and return by 2:30 PM.\n',
      'Class party',
    );
    expect(titles(out.tasks)).toEqual(['RSVP to this email with how many are coming']);
  });

  it('name a German ask with its prefix before "und ..." as an infinitive', async () => {
    const out = await extracted(
      CET,
      'Liebe Eltern,\n\nbitte meldet euch bis Freitag, 4. Dezember, per Mail an und überweist 10 € auf das Klassenkonto.\n',
      'Adventsfeier',
    );
    expect(titles(out.tasks)[0]).toMatch(/^Per Mail anmelden/);
  });
});

describe('events', () => {
  it('name "Next: <what> on <day>, <hours>" by what comes next', async () => {
    const out = await extracted(PST, 'Notes from today.\n\nNext: budget review on Tue Dec 8, 10:00-10:30 (same Zoom).\n', 'Notes: budget sync');
    expect(out.events.map((e) => [e.title, minutes(e)])).toEqual([['Budget review', 30]]);
  });

  it("put a patient's name before the service", async () => {
    const body =
      "Hi Dana,\n\nBiscuit's appointment is confirmed:\n\nWhen: Tuesday, December 8, 2026 at 3:40 PM\nPatient: Biscuit (canine, 4 yrs)\nReason: Dental cleaning\nWhere: Elm Street Animal Clinic, 410 Elm St, Springfield, IL 62701\n";
    const { out } = await run(
      mail(
        headers(
          'Wed, 2 Dec 2026 12:00:00 -0600',
          "Biscuit's appointment is confirmed",
          'r21-pet',
          'Elm Street Animal Clinic <appointments@elmvet.example.com>',
        ),
        body,
      ),
    );
    expect(out.events.map((e) => e.title)).toEqual([expect.stringMatching(/^Biscuit: Dental cleaning/)]);
  });

  it('keep a meeting when an errand mentions a survey, and read "Abstimmung zur ..." as a meeting', async () => {
    const es = await extracted(
      ART,
      'Tareas\n- Todos: completar la encuesta de satisfacción hasta el 11/12.\n\nPróxima reunión: jueves 10/12 a las 15:00 en la sala 2.\n',
      'Minuta reunión de equipo',
    );
    expect(es.events.map((e) => e.start_time)).toEqual(['2026-12-10T18:00:00.000Z']);
    const de = await extracted(
      CET,
      'Hallo Jan,\n\nfür das Projekt stehen die Termine jetzt fest:\n\n- Deine Unterlagen brauche ich bis Donnerstag, 3. Dezember.\n- Interne Abstimmung zur Planung: Mittwoch, 9. Dezember, 14:00 Uhr, Besprechungsraum 2.\n\nViele Grüße\nAnja\n',
      'Termine',
    );
    expect(de.events.map((e) => e.title)).toEqual(['Interne Abstimmung zur Planung']);
  });

  it('end a sentence after a street\'s "Dr." and name the event before it', async () => {
    const out = await extracted(
      'Tue, 1 Dec 2026 09:00:00 -0600',
      'Hi team!\n\nOur winter banquet is Sunday, December 13, 5:00-7:30 PM at the Lakeside Hall, 200 Harbor Dr. Dinner is catered.\n',
    );
    expect(out.events.map((e) => e.title)).toEqual(['Winter banquet']);
  });

  it("name a booking by its list entry's label, and take no errand from coming to it", async () => {
    const out = await extracted(
      CET,
      'Hola Marta:\n\n- Renovación del pasaporte: tienes que venir en persona. Te he reservado cita el martes 8 de diciembre a las 10:00 en nuestra oficina.\n',
      'Trámites',
    );
    expect(titles(out.events)).toEqual(['Renovación del pasaporte']);
    expect(out.tasks).toEqual([]);
  });

  it('read a service visit in a window of hours, and "convoqué(e) à"', async () => {
    const visit = await extracted(
      PST,
      'Dear residents,\n\nOur HVAC contractor will service all units on Wednesday, December 9, between 8:00 AM and 12:00 PM.\n',
      'HVAC maintenance - Building C',
    );
    expect(visit.events.map((e) => [e.title, e.start_time, minutes(e)])).toEqual([['HVAC maintenance', '2026-12-09T16:00:00.000Z', 240]]);
    const fr = await extracted(
      CET,
      "Madame, Monsieur,\n\nVous êtes convoqué(e) à l'assemblée générale des membres, qui se tiendra le jeudi 10 décembre à 19h.\n",
    );
    expect(titles(fr.events)).toEqual(["L'assemblée générale des membres"]);
  });

  it('read a German announcement above its day, with the property as its place', async () => {
    const out = await extracted(
      CET,
      'Sehr geehrte Mieter,\n\nim Auftrag der Eigentümer kündigen wir die jährliche Wartung der Rauchmelder an:\n\nDonnerstag, 10.12.2026, zwischen 9:00 und 13:00 Uhr\n\nObjekt: Lindenallee 5, 10115 Berlin\n',
      'Wartung Rauchmelder',
    );
    expect(out.events.map((e) => [e.title, e.location])).toEqual([['Wartung der Rauchmelder', 'Lindenallee 5, 10115 Berlin']]);
  });

  it("keep a named place's address in brackets", async () => {
    const out = await extracted(CET, 'Hola hijo:\n\nLa cena de Nochebuena es en su casa, en Toledo (calle Real 12), el jueves 24 a las 21:00.\n');
    expect(out.events.map((e) => e.location)).toEqual(['Toledo (calle Real 12)']);
  });
});

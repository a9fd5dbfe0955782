/**
 * Seventeenth quality round (issue 16), from the misses of `email-typical22` and `email-typical23`
 * (and the read sets typical18 to typical21; all tuning sets since). Sentences here are made up for
 * the rules (several wordings and languages each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { day, extractor, minutes } from './helpers.js';

const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';
const CET = 'Tue, 1 Dec 2026 09:00:00 +0100';
const ART = 'Tue, 1 Dec 2026 09:00:00 -0300';

const extracted = extractor('r17');

describe('the date of a forwarded message', () => {
  it('is read after an abbreviated weekday or a dotted month, and never after the forward', async () => {
    for (const [date, line] of [
      ['Date : mer. 2 déc. 2026 à 10:05', 'Merci de nous envoyer le devis signé avant le vendredi 11 décembre.'],
      ['Datum: Mi., 2. Dez. 2026 um 10:05', 'Bitte schicken Sie uns das unterschriebene Angebot bis Freitag, 11. Dezember.'],
    ]) {
      const out = await extracted(
        'Fri, 4 Dec 2026 08:00:00 +0100',
        `Pour ma liste.\n\n---------- Forwarded message ---------\nDe : Atelier Morel <contact@atelier-morel.example.fr>\n${date}\nSubject: Devis\n\nBonjour,\n\n${line}\n\nCordialement\n`,
        'Fwd: Devis',
      );
      expect(
        out.tasks.map((t) => day(t.due_date)),
        line,
      ).toEqual(['2026-12-11']);
    }
  });
});

describe('lists and their asks', () => {
  it('reads en-dash entries under "je vous remercie de me transmettre :"', async () => {
    const out = await extracted(
      CET,
      'Madame,\n\nPour finaliser votre dossier, je vous remercie de me transmettre :\n– votre dernier avis d’imposition, avant le lundi 7 décembre ;\n– une attestation de domicile de moins de trois mois, avant le vendredi 18 décembre.\n\nBien cordialement\n',
      'Dossier',
    );
    expect(out.tasks.map((t) => [t.title, day(t.due_date)])).toEqual([
      ['Votre dernier avis d’imposition', '2026-12-07'],
      ['Une attestation de domicile de moins de trois mois', '2026-12-18'],
    ]);
  });

  it('does not read an entry’s number as the first day of a range ("3. bis 15. Januar")', async () => {
    const out = await extracted(
      CET,
      'Hallo,\n\nwir benötigen noch:\n1. bis 11. Dezember: die Lohnabrechnungen\n2. bis 15. Januar 2027: die Spendenquittungen\n\nDanke\n',
      'Unterlagen',
    );
    expect(out.tasks.map((t) => day(t.due_date))).toEqual(['2026-12-11', '2027-01-15']);
  });

  it('reads a table of days and errands flattened to a paragraph per cell (as an HTML table is)', async () => {
    const out = await extracted(
      EST,
      'Hi team,\n\nYear-end dates:\n\nDue\n\nWhat\n\nMon 12/7\n\nSubmit your mileage logs\n\nThu 12/10\n\nApprove open timesheets\n\nFri 12/18\n\nReturn the office keys\n\nThanks\n',
      'Year-end dates',
    );
    expect(out.tasks.map((t) => [t.title, t.due_date])).toEqual([
      ['Submit your mileage logs', '2026-12-08T04:59:00.000Z'],
      ['Approve open timesheets', '2026-12-11T04:59:00.000Z'],
      ['Return the office keys', '2026-12-19T04:59:00.000Z'],
    ]);
  });

  it('reads a schedule line with its hour before the separator, a span of days as an event, and nothing in what is announced', async () => {
    const out = await extracted(
      EST,
      'Dear applicants,\n\nKey dates:\nDec 9 - Budget form due\nDec 16, 4:00 PM ET - Pitch video due\nJan 12-14: Finalist workshop, Harbor Conference Center\nFeb 2 - Winners announced\n\nGood luck!\n',
      'Key dates',
    );
    expect(out.tasks.map((t) => [t.title, t.due_date])).toEqual([
      ['Budget form due', '2026-12-10T04:59:00.000Z'],
      ['Pitch video due', '2026-12-16T21:00:00.000Z'],
    ]);
    expect(out.events.map((e) => [e.title, e.all_day, day(e.start_time), day(e.end_time), e.location])).toEqual([
      ['Finalist workshop', true, '2027-01-12', '2027-01-15', 'Harbor Conference Center'],
    ]);
  });
});

describe('events told without a meeting word', () => {
  it('names "un point téléphonique" by its phrase, not by its purpose', async () => {
    const out = await extracted(
      CET,
      'Bonjour,\n\nJe vous propose un point téléphonique le jeudi 10 décembre à 15h pour faire le tour du budget.\n\nCordialement\n',
    );
    expect(out.events.map((e) => e.title)).toEqual(['Point téléphonique']);
  });

  it('reads a time proposed for something done together', async () => {
    const out = await extracted(EST, 'Hi Jo,\n\nLet’s do a walkthrough on Thursday at 2pm in Room B. Should take about 30 minutes.\n\nBen\n');
    expect(out.events.map((e) => [e.title, e.location, minutes(e)])).toEqual([['Walkthrough', 'Room B', 30]]);
  });

  it('reads a tradesperson who will come, named by the job or by the subject that calls it a visit', async () => {
    const job = await extracted(
      EST,
      'Hi,\n\nOur electrician can come on Monday, December 7 between 9 and 11 am to replace the breaker panel.\n\nThanks\n',
      'Re: Breaker keeps tripping',
    );
    expect(job.events.map((e) => [e.title, minutes(e)])).toEqual([['Electrician: replace the breaker panel', 120]]);
    const visit = await extracted(
      EST,
      'Dear resident,\n\nOur window cleaning crew will clean the outside of all windows on Wednesday, December 9, between 8:00 AM and 3:00 PM.\n\nThank you\n',
      'Unit 4C - window cleaning visit',
    );
    expect(visit.events.map((e) => e.title)).toEqual(['Window cleaning visit']);
  });

  it('reads where people head to and a booking the sender has down for the reader', async () => {
    const drinks = await extracted(
      EST,
      'Hi all,\n\nWe’re heading to The Copper Kettle on Main Street after work on Friday 4th, from 6pm.\n\nJo\n',
      'Drinks for Lee',
    );
    expect(drinks.events.map((e) => [e.title, e.location])).toEqual([['Drinks for Lee', 'The Copper Kettle']]);
    const booked = await extracted(
      EST,
      'Hi Ana,\n\nGreat - we’ve got you down for Saturday, December 12, 7-11pm in the Loft for about 30 guests.\n\nBest\n',
      'Re: Birthday dinner booking',
    );
    expect(booked.events.map((e) => [e.title, e.start_time, e.end_time])).toEqual([
      ['Birthday dinner booking', '2026-12-13T00:00:00.000Z', '2026-12-13T04:00:00.000Z'],
    ]);
  });

  it('reads a class that will attend a show as its outing, from the departure to the return', async () => {
    const out = await extracted(
      CET,
      'Chers parents,\n\nLa classe de CM2 assistera au concert « Pierre et le loup » à l’Opéra de Rouen le mardi 15 décembre.\n\nDépart de l’école à 9h15, retour prévu vers 12h.\n\nCordialement\n',
      'Sortie au concert',
    );
    expect(out.events.map((e) => [e.title, e.start_time, e.end_time])).toEqual([['Sortie au concert', '2026-12-15T08:15:00.000Z', '2026-12-15T11:00:00.000Z']]);
  });
});

describe('deadlines that are not events', () => {
  it('reads "runs through" and "entries close" as a deadline, no event at its hour', async () => {
    const out = await extracted(
      EST,
      'Hi everyone,\n\nThe holiday food drive is open now and runs through Friday, December 11 at 5:00 PM.\n\nEntries close Monday, December 14 at 9pm for the gingerbread contest.\n\nThanks\n',
      'Food drive and contest',
    );
    expect(out.events).toEqual([]);
    // A drive that runs through Friday asks nothing of the reader; the contest's entries do.
    expect(out.tasks.map((t) => t.due_date)).toEqual(['2026-12-15T02:00:00.000Z']);
  });
});

describe('asks', () => {
  it('names an attendance ask told right after its event, in a mail of several', async () => {
    const out = await extracted(
      CET,
      'Liebe Mitglieder,\n\n1. Die Baumpflanzaktion findet am Samstag, 5. Dezember, um 10:00 Uhr am Stadtpark statt.\n2. Die Jahreshauptversammlung findet am Freitag, 18. Dezember, um 19:00 Uhr im Vereinsheim statt. Bitte teilen Sie uns bis Freitag, 11. Dezember, mit, ob Sie teilnehmen.\n\nViele Grüße\n',
      'Termine',
    );
    expect(out.tasks.map((t) => t.title)).toEqual(['Mitteilen, ob Sie teilnehmen: Jahreshauptversammlung']);
  });

  it('takes the name of what is asked for from the sentence before', async () => {
    const slip = await extracted(
      EST,
      'Dear families,\n\nEvery student needs a signed media consent form for the yearbook. Please return the form by Friday.\n\nThanks\n',
    );
    expect(slip.tasks.map((t) => t.title)).toEqual(['Return the consent form']);
    const money = await extracted(
      CET,
      'Liebe Eltern,\n\nwir sammeln für das Abschiedsgeschenk von Frau Lenz 4 € pro Kind. Bitte geben Sie das Geld bis Freitag, 11. Dezember, im Sekretariat ab.\n\nDanke\n',
    );
    expect(money.tasks.map((t) => t.title)).toEqual(['Geld im Sekretariat abgeben: Abschiedsgeschenk von Frau Lenz']);
  });

  it('reads asks without a request word in four languages', async () => {
    const cases: [string, string, string][] = [
      [EST, 'Hey,\n\n1. Zelle me $40 for the concert tickets by Sunday.\n2. Ask Mia if she needs a ride.\n\nThx', 'Zelle me $40 for the concert tickets'],
      [EST, 'For my list - also need to book the chimney sweep.\n', 'Book the chimney sweep'],
      [ART, 'Hola familias:\n\nRecuerden traer el disfraz antes del viernes 11 de diciembre.\n\nSaludos', 'Traer el disfraz'],
      [ART, 'Hola Juan:\n\nOtra cosa: cuando puedas, mándame también el presupuesto actualizado.\n\nGracias', 'Mándame también el presupuesto actualizado'],
      [CET, 'Hallo Tom,\n\nDie Folien für das Kundentreffen brauche ich dann bis Mittwoch.\n\nGruß', 'Die Folien für das Kundentreffen'],
    ];
    for (const [date, body, title] of cases) {
      const out = await extracted(date, body);
      expect(
        out.tasks.map((t) => t.title),
        body,
      ).toContain(title);
    }
  });

  it('titles a reply by what it confirms', async () => {
    const out = await extracted(
      EST,
      'Hi Mr. Park,\n\nPlease reply by Thursday at noon to confirm that this slot works for you.\n\nThanks\n',
      'Re: Boiler service',
    );
    expect(out.tasks.map((t) => t.title)).toEqual(['Confirm that this slot works for you']);
  });

  it('gives a bare weekday the written-out day one week on', async () => {
    const out = await extracted(
      EST,
      'Dear residents,\n\nThe parking lot will be repaved on Wednesday, December 9. All cars must be moved out by 6:00 AM on Wednesday.\n\nThank you\n',
      'Parking lot repaving',
    );
    expect(out.tasks.map((t) => t.due_date)).toEqual(['2026-12-09T11:00:00.000Z']);
  });
});

describe('notices and bookings', () => {
  it('dates a pickup notice by how long the thing is held', async () => {
    const held = await extracted(
      EST,
      'Hi Dana,\n\nYour order is ready for pickup at our Elm Street store.\n\nWe’ll hold your order until Friday, December 11. Please bring a photo ID.\n',
      'Your order is ready for pickup',
      'Corner Books <notices@cornerbooks.example.com>',
    );
    expect(held.tasks.map((t) => [t.title, t.due_date])).toEqual([['Your order is ready for pickup', '2026-12-12T04:59:00.000Z']]);
  });

  it('reads a garage booking with a drop-off time as an appointment, at the length its service takes', async () => {
    const out = await extracted(
      'Fri, 27 Nov 2026 10:00:00 +0000',
      'Hi Sam,\n\nHere are your booking details:\n\nWork:      Brake check (about 40 minutes)\nDrop-off:  Tuesday 8 December 2026, 9:00am\nAddress:   Millbrook Motors, 12 Station Road, Leeds LS1 4AB\n\nCheers,\nMillbrook Motors\n',
      'Booking confirmed: brake check',
      'Millbrook Motors <bookings@millbrook.example.co.uk>',
    );
    expect(out.events.map((e) => [e.start_time, minutes(e)])).toEqual([['2026-12-08T09:00:00.000Z', 40]]);
  });

  it('titles an appointment with the practice named above its address', async () => {
    const out = await extracted(
      CET,
      'Bonjour,\n\nVotre rendez-vous est confirmé.\n\nJeudi 10 décembre 2026 à 9h30\nCabinet d’orthophonie des Chartrons\n14 rue Notre-Dame, 33000 Bordeaux\n\nL’équipe RdvFacile\n',
      'Confirmation de votre rendez-vous',
      'RdvFacile <no-reply@rdvfacile.example.fr>',
    );
    expect(out.events.map((e) => e.title.endsWith('Cabinet d’orthophonie des Chartrons'))).toEqual([true]);
  });

  it('keeps an event whose sign-up runs through a poll, and a "no action needed" in brackets excuses only its line', async () => {
    const party = await extracted(
      CET,
      'Liebe Eltern,\n\nunsere Adventsfeier findet am Samstag, 12. Dezember, von 14:00 bis 17:00 Uhr im Vereinsheim statt.\nBitte meldet euer Kind bis Sonntag, 6. Dezember, über die Umfrage in der App an.\n\nGrüße\n',
      'Adventsfeier',
    );
    expect(party.events.map((e) => e.title)).toEqual(['Adventsfeier']);
    const dates = await extracted(
      EST,
      'Hi,\n\nOur timeline:\n\nDec 8 - Draft report to your supervisor\nDec 15 - Committee meets (no action needed from you)\n\nBest\n',
      'Timeline',
    );
    expect(dates.tasks.map((t) => t.title)).toEqual(['Draft report to your supervisor']);
  });
});

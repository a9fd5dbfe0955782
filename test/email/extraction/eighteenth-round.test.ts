/**
 * Eighteenth quality round (issue 16), from the misses of `email-typical24` and `email-typical25`
 * (tuning sets since) and, later in the round, of the read sets typical14 and typical19. Sentences
 * here are made up for the rules (several wordings and languages each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { day, extractor, localDay, minutes, titles } from './helpers.js';

const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';
const CET = 'Tue, 1 Dec 2026 09:00:00 +0100';
const MST = 'Tue, 1 Dec 2026 09:00:00 -0700';

const extracted = extractor('r18');

describe('appointment confirmations', () => {
  it('keep a doctor’s degree in the practice’s name ("Dr. med. Jonas Albrecht")', async () => {
    const out = await extracted(
      CET,
      'Guten Tag,\n\nwir bestätigen Ihren Termin bei Dr. med. Jonas Albrecht:\n\nDatum: Donnerstag, 10.12.2026\nUhrzeit: 11:30 Uhr\nOrt: Praxis Albrecht, Goethestraße 5, 60313 Frankfurt\n\nIhr Praxisteam\n',
      'Terminbestätigung',
      'Praxis Albrecht <termine@praxis-albrecht.example.de>',
    );
    expect(out.events).toHaveLength(1);
    expect(out.events[0].title).toContain('Dr. med. Jonas Albrecht');
  });

  it('read "14 h 15" as the hour, not fourteen hours, and a length told in the booked field', async () => {
    const fr = await extracted(
      CET,
      'Bonjour,\n\nNous vous confirmons votre rendez-vous :\n\nPrestation : vidange et contrôle des freins\nDate : jeudi 10 décembre 2026\nHeure de dépôt : 14 h 15\nAdresse : Garage des Lilas, 8 rue des Lilas, 69003 Lyon\n\nCordialement\n',
      'Votre rendez-vous au garage',
      'Garage des Lilas <atelier@garage-lilas.example.fr>',
    );
    expect(fr.events.map((e) => [e.start_time, minutes(e)])).toEqual([['2026-12-10T13:15:00.000Z', 60]]);
    const en = await extracted(
      EST,
      'Hi Dana,\n\nYour appointment has been booked.\n\nAppointment: Hearing test (45 minutes)\nDate: Friday 11 December 2026\nTime: 10:15\nClinic: Brightside Audiology, 22 Elm Street, Hartford, CT 06103\n\nSee you soon\n',
      'Appointment confirmation',
      'Brightside Audiology <bookings@brightside.example.com>',
    );
    expect(en.events.map((e) => [e.start_time, minutes(e)])).toEqual([['2026-12-11T15:15:00.000Z', 45]]);
  });

  it('are named by the mail’s own phrase for the booking ("a hearing screening appointment")', async () => {
    const out = await extracted(
      MST,
      'Dear Mr. Ruiz,\n\nThank you for scheduling a hearing screening appointment for Leo. Your appointment is confirmed:\n\nDate: Monday, December 14, 2026\nTime: 2:40 PM\nLocation: Aspen Clinic, 14 Pine Road, Boulder, CO 80302\n\nAspen Clinic\n',
      'Appointment confirmed',
      'Aspen Clinic <frontdesk@aspenclinic.example.org>',
    );
    expect(out.events.map((e) => e.title)).toEqual([expect.stringMatching(/^Hearing screening appointment/)]);
  });

  it('are not made of a delivery notice that says "Visit https://..."', async () => {
    const out = await extracted(
      EST,
      'Hi,\n\nYour order #88213 is scheduled for delivery:\n\nThursday, December 10, 2026\nDelivery window: 8:00 AM - 12:00 PM\n\nNeed to reschedule? Visit https://shop.example.com/delivery at least 48 hours ahead.\n',
      'Your delivery is scheduled',
      'Oakline Furniture <delivery@oakline.example.com>',
    );
    expect(out.events).toEqual([]);
  });
});

describe('events told in text', () => {
  it('name an outing by where it goes when the subject names only the class', async () => {
    const out = await extracted(
      CET,
      'Estimadas familias:\n\nEl jueves 10 de diciembre realizaremos una excursión escolar al Planetario de Madrid. Saldremos del colegio a las 9:00 h y regresaremos a las 13:30 h.\n\nUn saludo\n',
      'Excursión 3.º A – autorización',
    );
    expect(out.events.map((e) => [e.title, minutes(e)])).toEqual([['Excursión escolar al Planetario de Madrid', 270]]);
  });

  it('take no place from a quoted programme name, and a place from an address sentence after them', async () => {
    const quoted = await extracted(
      EST,
      'Dear families,\n\nOn Thursday, December 10 our class will visit the Harbor Aquarium for the "Life in Winter" program. The bus leaves school at 9:00 AM and we will be back by 1:00 PM.\n\nThanks\n',
      'Aquarium trip',
    );
    expect(quoted.events.map((e) => e.location)).toEqual([expect.stringContaining('Harbor Aquarium')]);
    const address = await extracted(
      'Wed, 2 Dec 2026 18:00:00 -0800',
      'Hi!\n\nCome over for brunch this Sunday at 11? 410 NE Birch St, the blue door.\n\nxx\n',
      'brunch',
    );
    expect(address.events.map((e) => e.location)).toEqual(['410 NE Birch St']);
  });

  it('keep the street that follows a place after a comma', async () => {
    const out = await extracted(
      'Tue, 1 Dec 2026 09:00:00 -0800',
      'Hi Sam,\n\nThe key handover is set for Thursday, December 10 at 3:00 PM - meet me at the front desk, 77 Cedar Ave.\n\nBest\n',
      'Key handover',
    );
    expect(out.events.map((e) => e.location)).toEqual(['front desk, 77 Cedar Ave']);
  });

  it('take the month whose day falls on the weekday said ("Friday the 15th" in January)', async () => {
    const out = await extracted(MST, 'Hey all,\n\nWe leave from my place on Friday the 15th at 7am for the ski trip.\n\nJake\n', 'Ski trip');
    expect(out.events.map((e) => e.start_time)).toEqual(['2027-01-15T14:00:00.000Z']);
  });

  it('are read from a summons’s date, time and location fields', async () => {
    const out = await extracted(
      EST,
      'Dear Ms. Grant,\n\nYou have been summoned for jury service.\n\nReporting date: Monday, January 4, 2027\nReport time: 8:30 AM\nLocation: Essex County Courthouse, 50 West Market Street, Newark, NJ 07102\n\nJury Management Office\n',
      'Juror summons',
      'Essex County Jury Management <jury@essexcourts.example.gov>',
    );
    expect(out.events.map((e) => [e.start_time, e.location])).toEqual([
      ['2027-01-04T13:30:00.000Z', 'Essex County Courthouse, 50 West Market Street, Newark, NJ 07102'],
    ]);
  });

  it('last as long as "they asked for"', async () => {
    const out = await extracted(
      'Mon, 30 Nov 2026 11:00:00 -0800',
      'Hi,\n\nLet’s do the vendor call on Thursday at 10am. They asked for 30 minutes. I’ll send the link.\n\nBen\n',
      'Vendor call',
    );
    expect(out.events.map(minutes)).toEqual([30]);
  });
});

describe('bills and notices', () => {
  it('pay the bill by the due date its field gives, and take "Payment terms: 14 days" as paying it', async () => {
    const bill = await extracted(
      MST,
      'Dear Customer,\n\nYour December bill is ready.\n\nAmount due | $64.10\n\nDue date | 12/22/2026\n\nPlease pay by the due date to avoid a late fee.\n',
      'Your December water bill is ready',
      'City Utilities <ebill@cityutilities.example.gov>',
    );
    expect(bill.tasks.map((t) => localDay(t.due_date, -7))).toEqual(['2026-12-22']);
    const terms = await extracted(
      'Mon, 30 Nov 2026 09:00:00 +0000',
      'Hi,\n\nPlease find attached invoice 0412.\n\nAmount due: £820.00\nPayment terms: 14 days - please pay by 14 December 2026.\n\nThanks\n',
      'Invoice 0412 - Fern Studio',
      'Fern Studio <accounts@fernstudio.example.co.uk>',
    );
    expect(terms.tasks.map((t) => [t.title, day(t.due_date)])).toEqual([['Pay Invoice 0412 - Fern Studio', '2026-12-14']]);
  });

  it('date a pickup notice by how long one has to fetch it', async () => {
    for (const [body, subject] of [
      [
        'Hola:\n\nTu pedido #4471 está listo para recoger en tienda.\n\nTienes hasta el viernes 11 de diciembre para recogerlo.\n\nGracias\n',
        'Tu pedido #4471 está listo para recoger',
      ],
      [
        'Hello,\n\nYour order #4471 is ready for pickup in store.\n\nYou have until Friday, December 11 to pick it up.\n\nThanks\n',
        'Your order #4471 is ready for pickup',
      ],
    ]) {
      const out = await extracted(EST, body, subject, 'Tienda Sol <pedidos@tiendasol.example.mx>');
      expect(
        out.tasks.map((t) => localDay(t.due_date, -5)),
        body,
      ).toEqual(['2026-12-11']);
    }
  });
});

describe('asks', () => {
  it('name a poll’s answer by what the poll is about', async () => {
    const out = await extracted(
      CET,
      'Hallo zusammen,\n\nzur Auswahl stehen:\n\n- Freitag, 11. Dezember\n- Freitag, 18. Dezember\n\nBitte tragt euch bis Montag in die Umfrage ein.\n\nLG Mia\n',
      'Umfrage: Termin für unser Teamessen',
    );
    expect(titles(out.tasks)).toEqual(['In die Umfrage eintragen: Termin für unser Teamessen']);
  });

  it('leave out a poll’s options that open with their date', async () => {
    const out = await extracted(
      MST,
      'Hi all,\n\nPlease vote for the date of our team lunch in this poll by Friday: https://poll.example.com/x\n\nOptions:\n  - Wed, Dec 9 - tacos at Lupe’s\n  - Thu, Dec 10 - pho at Saigon House\n\nKim\n',
      'Team lunch - pick a date',
    );
    expect(out.tasks.map((t) => localDay(t.due_date, -7))).toEqual(['2026-12-04']);
  });

  it('date a list entry by "If you can send those by Wednesday" and read "about three weeks" as a length', async () => {
    const out = await extracted(
      'Mon, 23 Nov 2026 10:00:00 -0800',
      'Hi,\n\nBefore I can finish the quote I need two things from you:\n\n1. Photos of the wall behind the stove. If you can send those by Wednesday, I’ll have the quote to you next week.\n2. Your choice of countertop by Friday, December 4. The supplier needs about three weeks of lead time.\n\nThanks\n',
      'Kitchen quote',
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, -8)])).toEqual([
      ['Photos of the wall behind the stove', '2026-11-25'],
      ['Your choice of countertop', '2026-12-04'],
    ]);
  });

  it('take no day from what is asked about ("Ask Sami if ... on the 20th", "confírmame si ...")', async () => {
    const en = await extracted(EST, 'Hey,\n\nCan you ask Omar if he can take her to the station on the 20th? No rush.\n\nN\n', 'station');
    expect(en.tasks.map((t) => t.due_date)).toEqual([null]);
    const es = await extracted(
      'Tue, 1 Dec 2026 09:00:00 -0500',
      'Hola mijo,\n\nY confírmame si vienen a la novena el miércoles 16 de diciembre en la casa de la tía Marta.\n\nBesos\n',
      'Novena',
    );
    expect(es.tasks.map((t) => t.due_date)).toEqual([null]);
  });

  it('read "Can everyone ... by Sunday?" as an ask of each reader', async () => {
    const out = await extracted(MST, 'Hey all,\n\nCan everyone Venmo me $60 for the cabin by Sunday?\n\nJake\n', 'Cabin');
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, -7)])).toEqual([['Venmo me $60 for the cabin', '2026-12-06']]);
  });

  it('keep "... by Thursday noon and send me your comments" as one errand', async () => {
    const out = await extracted(EST, 'Alicia - can you review the lease redlines by Thursday noon and send me your comments?\n\nDerek\n', 'Lease redlines');
    expect(out.tasks.map((t) => t.title)).toEqual(['Review the lease redlines']);
  });

  it('take "y recuérdale", "Mándame" and "como muy tarde el ..." as Spanish asks', async () => {
    const out = await extracted(
      'Sat, 28 Nov 2026 10:00:00 -0300',
      'Hola:\n\nMándame las fotos del viaje, como muy tarde el 10 de diciembre.\n\nY recuérdale a tu hermano que me mande su número de vuelo.\n\nBesos\n',
      'Navidad',
    );
    expect(out.tasks.map((t) => [t.title.split(' ').slice(0, 3).join(' '), localDay(t.due_date, -3)])).toEqual([
      ['Mándame las fotos', '2026-12-10'],
      ['Recuérdale a tu', null],
    ]);
  });

  it('make nothing of help offered after "Questions?", of an undated "let me know if you are free", nor of how to hand things in', async () => {
    for (const [date, body] of [
      [EST, 'Hello,\n\nPlease update your card by December 6.\n\nQuestions? Reply to this email or call us at (612) 555-0100.\n'],
      [
        CET,
        'Bonjour,\n\nMerci de signer l’autorisation avant le 8 décembre.\n\nNous cherchons deux accompagnateurs. Faites-moi signe si vous êtes disponibles !\n',
      ],
      [CET, 'Hallo,\n\nbitte schicken Sie uns die Kontoauszüge bis 7. Dezember.\n\nDie Unterlagen können Sie gerne über unser Portal hochladen.\n'],
      [CET, 'Hallo,\n\nbitte schicken Sie uns die Kontoauszüge bis 7. Dezember.\n\nBitte laden Sie die Dokumente wie gewohnt in DATEV hoch.\n'],
      [CET, 'Hola,\n\nPor favor envíanos el justificante antes del 7 de diciembre.\n\n¿Dudas? Escríbenos por WhatsApp.\n'],
    ]) {
      const out = await extracted(date, body, 'Note');
      expect(
        out.tasks.filter((t) => t.due_date === null),
        body,
      ).toEqual([]);
      expect(out.tasks.length, body).toBe(1);
    }
  });
});

describe('later in the round (typical14, typical19)', () => {
  it('does not end a sentence at "M. Lambert" and reads a labelled happening "bei uns im Büro"', async () => {
    const fr = await extracted(
      CET,
      'Bonjour,\n\nNotre technicien, M. Girard, passera visiter le local le mercredi 9 décembre à 10h00 (rue Haute 12, Bruxelles).\n\nCordialement\n',
      'Visite',
    );
    expect(fr.events.map((e) => e.start_time)).toEqual(['2026-12-09T09:00:00.000Z']);
    const de = await extracted(
      CET,
      'Hallo,\n\nAbnahme der Website: Donnerstag, 10. Dezember, um 10:00 Uhr bei uns im Büro (Hauptstraße 3, Wien).\n\nGrüße\n',
      'Relaunch',
    );
    expect(de.events.map((e) => [e.title, e.location])).toEqual([['Abnahme der Website', 'Büro (Hauptstraße 3, Wien)']]);
  });

  it('names a one-word event by the occasion in its subject', async () => {
    const out = await extracted(
      'Tue, 1 Dec 2026 09:00:00 -0800',
      'Hi,\n\nParty is still Saturday Dec 12 at 6pm at Luigi’s.\n\nH\n',
      'Re: Dad’s 65th - slideshow',
    );
    expect(out.events.map((e) => e.title)).toEqual(['Party: Dad’s 65th']);
  });

  it('names a meeting by what it is for, and reads "wir planen etwa 90 Minuten ein" as its length', async () => {
    const out = await extracted(
      CET,
      'Hallo Herr Brandt,\n\nwie besprochen treffen wir uns zur Abstimmung der Messeplanung am Dienstag, 8. Dezember, um 14:00 Uhr bei Ihnen. Wir planen etwa 90 Minuten ein.\n\nGrüße\n',
      'WG: Messe – Freigaben und Abstimmung',
    );
    expect(out.events.map((e) => [e.title, minutes(e)])).toEqual([['Abstimmung der Messeplanung', 90]]);
    expect(out.tasks).toEqual([]);
  });

  it('keeps the events of a colleague’s "Fechas de entrega" and a move booked "para el sábado"', async () => {
    const dates = await extracted(
      CET,
      'Hola a todos:\n\n- Planos revisados: miércoles 2 de diciembre\n- Reunión de seguimiento con el cliente: jueves 10 de diciembre a las 9:30, en sus oficinas de la calle Goya 12\n\nUn saludo\n',
      'Fechas de entrega – Proyecto Goya',
    );
    expect(dates.events.map((e) => [e.start_time, e.location])).toEqual([['2026-12-10T08:30:00.000Z', 'oficinas de la calle Goya 12']]);
    const move = await extracted(
      'Mon, 23 Nov 2026 16:00:00 -0300',
      'Hola:\n\nTe confirmamos la mudanza para el sábado 5 de diciembre. El equipo llega a las 8:00.\n\nSaludos\n',
      'Confirmación de mudanza',
    );
    expect(move.events.map((e) => e.start_time)).toEqual(['2026-12-05T11:00:00.000Z']);
  });

  it('dates the undated ask before a sentence that points back ("I need it by Friday", "hazlo como muy tarde el viernes")', async () => {
    const en = await extracted(EST, 'Hi,\n\nCan you send me the signed lease? I need it by Friday.\n\nThanks\n', 'Lease');
    expect(en.tasks.map((t) => [t.title, localDay(t.due_date, -5)])).toEqual([['Send me the signed lease', '2026-12-04']]);
    const es = await extracted(
      CET,
      'Hola hijo:\n\n¿Puedes llamar al restaurante para reservar la cena? Somos once. Hazlo como muy tarde el viernes, por favor.\n\nBesos\n',
      'Cena',
    );
    expect(es.tasks.map((t) => [t.title, localDay(t.due_date, 1)])).toEqual([['Llamar al restaurante para reservar la cena', '2026-12-04']]);
  });
});

/**
 * Sixth quality round (issue 16): a field's value over its label, the named place that gives an
 * appointment, a dated ask over a list of things to send (one task, titled by the list's head noun),
 * an invoice named in its payment ask, journey bookings and carrier notices as receipts, a moved
 * appointment's new time, "Action:" lines, a table's due column, and an hour written with a dot.
 * Sentences here are made up for the rules (several wordings and languages each), not taken from a
 * corpus.
 */
import { describe, expect, it } from 'vitest';
import { day, headers, mail, run } from './helpers.js';

const CET = 'Tue, 1 Dec 2026 10:00:00 +0100';
const GMT = 'Tue, 1 Dec 2026 10:00:00 +0000';

describe('appointments named by what is booked', () => {
  it('takes the value of a field labelled with the appointment noun, in any language', async () => {
    for (const [intro, label, value, dateLine, address] of [
      [
        'Thank you for booking with us.',
        'Appointment',
        'Hearing test',
        'Date: Thursday 10 December 2026\nTime: 14:20',
        'Address: 5 Mill Street, Leeds LS1 4AB',
      ],
      [
        'Vielen Dank für Ihre Buchung.',
        'Termin',
        'Zahnreinigung',
        'Datum: Donnerstag, 10. Dezember 2026\nUhrzeit: 14:20',
        'Adresse: Mühlenweg 5, 10115 Berlin',
      ],
      [
        'Gracias por reservar con nosotros.',
        'Cita',
        'Limpieza dental',
        'Fecha: jueves 10 de diciembre de 2026\nHora: 14:20',
        'Dirección: Calle Mayor 5, 28013 Madrid',
      ],
    ]) {
      const body = `${intro}\n\n${label}: ${value}\n${dateLine}\n${address}\n`;
      const { out } = await run(mail(headers(GMT, `${label} - ${intro.split(' ')[0]}`, 'a1', 'Bookings <bookings@clinic.example.com>'), body));
      expect(out.events, label).toHaveLength(1);
      expect(out.events[0].title, label).toContain(value);
    }
  });

  it('names a visit by the capitalised place that gives it, not by the practitioner', async () => {
    const body =
      'This is a reminder of your upcoming appointment at Lakeside Dental Care.\n\nWith: Dr. Omar Haddad\nWhen: Friday, December 11, 2026, 9:00 AM - 9:45 AM\nWhere: 12 Lake Road, Springfield\n';
    const { out } = await run(mail(headers(GMT, 'Reminder', 'a2', 'Lakeside <no-reply@lakeside.example.com>'), body));
    expect(out.events).toHaveLength(1);
    expect(out.events[0].title).toContain('Lakeside Dental Care');
  });
});

describe('a dated ask over a list of things to send', () => {
  it('is one task named by the list head noun, not one task per entry', async () => {
    for (const [intro, noun, list] of [
      ['Hello,\n\nPlease send us the following records by December 14, 2026:', 'records', '- a copy of your passport\n- proof of address\n\nRegards'],
      [
        'Hallo,\n\nBitte schicken Sie uns die folgenden Unterlagen bis zum 14. Dezember 2026:',
        'Unterlagen',
        '- eine Kopie Ihres Reisepasses\n- einen Adressnachweis\n\nGrüße',
      ],
      [
        'Estimado cliente:\n\nLe rogamos que nos haga llegar la siguiente documentación antes del 14 de diciembre de 2026:',
        'documentación',
        '1. Copia del pasaporte.\n2. Justificante de domicilio.\n\nAtentamente',
      ],
    ]) {
      const { out } = await run(mail(headers(CET, 'Documents', 'l1'), `${intro}\n\n${list}`));
      expect(out.tasks, intro).toHaveLength(1);
      expect(out.tasks[0].title, intro).toContain(noun);
      expect(day(out.tasks[0].due_date), intro).toBe('2026-12-14');
    }
  });

  it('keeps a list of errands as errands', async () => {
    const body = 'Hi,\n\nPlease do the following tasks by December 14, 2026:\n\n- Book the venue\n- Send the invitations\n\nThanks';
    const { out } = await run(mail(headers(CET, 'Party prep', 'l2'), body));
    expect(out.tasks.map((t) => t.title)).toEqual(expect.arrayContaining([expect.stringMatching(/venue/), expect.stringMatching(/invitations/)]));
  });
});

describe('bills', () => {
  it('names the invoice in a payment ask that says only what to do with the money', async () => {
    for (const [subject, ask, noun] of [
      ['Rechnung Nr. 77-12 für Ihren Auftrag', 'Bitte überweisen Sie den Betrag bis zum 18.12.2026.', 'Rechnung'],
      ['Votre facture de décembre', 'Merci de régler ce montant avant le 18/12/2026.', 'Facture'],
      ['Your invoice INV-2291', 'Please transfer the amount due by December 18, 2026.', 'Invoice'],
    ]) {
      const { out } = await run(mail(headers(CET, subject, 'b1'), `Hello,\n\n${ask}\n\nThank you.`));
      expect(out.tasks, subject).toHaveLength(1);
      expect(out.tasks[0].title, subject).toContain(noun);
      expect(day(out.tasks[0].due_date), subject).toBe('2026-12-18');
    }
  });
});

describe('receipts that look like appointments', () => {
  it('makes no event of a journey booking or a delivery window', async () => {
    for (const [subject, from, body] of [
      [
        'Your booking confirmation: London to York',
        'Rail <tickets@rail.example.com>',
        'Booking reference: Q7X2P\nSat, Dec 19, 2026\nTrain 1D24 London (KGX) 08:00 -> York (YRK) 09:55\nCoach C, Seat 41\nTotal paid: £42.00\n',
      ],
      [
        'Ihre Buchung: Flug nach Lissabon',
        'Reisen <buchung@flug.example.com>',
        'Buchungsnummer: 7KQ2ZT\nFlug LX 2084, Abfahrt Zürich 10:05, Ankunft Lissabon 12:10 am 19.12.2026\nSitzplatz 14A\nGesamtbetrag: 212,40 €\n',
      ],
      [
        'Votre colis arrive vendredi',
        'Marie <marie@example.fr>',
        'Bonjour,\n\nVotre colis n° 88123 sera livré le vendredi 4 décembre entre 10h00 et 12h00.\n\nSuivre mon colis',
      ],
    ]) {
      const { out } = await run(mail(headers(CET, subject, 'r1', from), body));
      expect(out.events, subject).toHaveLength(0);
    }
  });

  it('makes no task of how to cancel a confirmed appointment, nor of "not due until"', async () => {
    const body =
      'Votre rendez-vous est confirmé.\n\nDate : jeudi 10 décembre 2026\nHeure : 09:00\nAdresse : 3 rue Haute, 67000 Strasbourg\n\nAnnulez au moins 48 h avant le rendez-vous depuis votre espace.';
    const { out } = await run(mail(headers(CET, 'Votre rendez-vous est confirmé', 'r2', 'RDV <no-reply@rdv.example.fr>'), body));
    expect(out.events).toHaveLength(1);
    expect(out.tasks).toHaveLength(0);
    const cancelled = await run(
      mail(
        headers(GMT, 'Your appointment has been cancelled', 'r3', 'Vets <reception@vets.example.com>'),
        "Your appointment on Friday has been cancelled.\n\nRex's vaccination is not due until the end of January, so there is no need to do anything.",
      ),
    );
    expect(cancelled.out.tasks.every((t) => t.due_date === null)).toBe(true);
  });
});

describe('a moved appointment', () => {
  it('keeps the new time and drops the old one', async () => {
    for (const body of [
      'We had to change your appointment of Monday 7 December at 10:00.\nYour new appointment is on Wednesday 9 December at 12:30.\n',
      'Wir mussten Ihren Termin am Montag, 7. Dezember um 10:00 Uhr verschieben.\nIhr neuer Termin ist am Mittwoch, 9. Dezember um 12:30 Uhr.\n',
    ]) {
      const { out } = await run(mail(headers(CET, 'Change to your appointment', 'm1'), body));
      expect(out.events, body).toHaveLength(1);
      expect(out.events[0].start_time, body).toBe('2026-12-09T11:30:00.000Z');
    }
  });
});

describe('meeting notes and tables', () => {
  it('reads "Action:" lines with owners and days', async () => {
    const body =
      'Notes from today.\n\nAction: Dana to send the budget by Thu 10 Dec.\nAI: Leo - book the room by Friday.\nAufgabe: Eva to update the wiki by Wed 16 Dec.\n';
    const { out } = await run(mail(headers(GMT, 'Notes: weekly', 'n1'), body));
    const titles = out.tasks.map((t) => t.title).join(' | ');
    expect(titles).toMatch(/budget/);
    expect(titles).toMatch(/room/);
    expect(titles).toMatch(/wiki/);
    expect(day(out.tasks.find((t) => /budget/.test(t.title))?.due_date)).toBe('2026-12-10');
  });

  it('takes the due date from a column headed by any word of time', async () => {
    for (const [header, task, date] of [
      ['Target date', 'Update the inventory', 'Dec 4, 2026'],
      ['Fecha límite', 'Actualizar el inventario', '4/12/2026'],
      ['Erledigen bis', 'Inventar aktualisieren', '4.12.2026'],
      ["Date d'échéance", "Mettre à jour l'inventaire", '04/12/2026'],
    ]) {
      const body = `${header}:\n\nOwner | Task | ${header}\nAna | ${task} | ${date}\n`;
      const { out } = await run(mail(headers(CET, 'Minutes', 't1'), body));
      expect(day(out.tasks.find((t) => /invent/i.test(t.title))?.due_date), header).toBe('2026-12-04');
    }
  });
});

describe('hours written with a dot', () => {
  it('reads "14.30 Uhr" after a day as the hour of the deadline', async () => {
    const { out } = await run(mail(headers(CET, 'Liste', 'h1'), 'Hi,\n\nschick mir bitte bis morgen, 14.30 Uhr, die ausgefüllte Liste zurück.\n\nDanke'));
    expect(out.tasks).toHaveLength(1);
    expect(out.tasks[0].due_date).toBe('2026-12-02T13:30:00.000Z');
  });
});

describe('a weekday with its day and an hour', () => {
  it('reads the hour after "mercredi 2 à", "jueves 3 a las", "Mittwoch 2. um" and names the meeting by its noun', async () => {
    for (const [body, lang] of [
      ['Salut,\n\nOn se cale un point mercredi 2 à 11h00 en salle Everest pour en parler ?\n\nMerci', 'fr'],
      ['Hola,\n\n¿Hacemos una reunión el miércoles 2 a las 11:00 en la sala Everest para hablarlo?\n\nGracias', 'es'],
      ['Hallo,\n\nLass uns am Mittwoch 2. um 11 Uhr eine Besprechung im Raum Everest machen.\n\nDanke', 'de'],
    ]) {
      const { out } = await run(mail(headers('Mon, 30 Nov 2026 09:00:00 +0100', 'Bilan T4', 'w1'), body));
      expect(out.events, lang).toHaveLength(1);
      expect(out.events[0].start_time, lang).toBe('2026-12-02T10:00:00.000Z');
    }
  });
});

describe('a tradesperson’s visit window', () => {
  it('makes the event of "will come/visit on <day> between <hours>", named by its label', async () => {
    for (const sentence of [
      'Gas safety check: the engineer will come on Thursday 10 December between 8:00 and 10:00.',
      'Window cleaning: the contractor will visit on Thursday 10 December between 8:00 and 10:00.',
    ]) {
      const { out } = await run(mail(headers(GMT, 'Flat 2', 'v1'), `Hi,\n\n${sentence} Someone needs to be in.\n\nThanks`));
      expect(out.events, sentence).toHaveLength(1);
      expect(out.events[0].start_time, sentence).toBe('2026-12-10T08:00:00.000Z');
      expect(out.events[0].end_time, sentence).toBe('2026-12-10T10:00:00.000Z');
      expect(out.events[0].title, sentence).toMatch(/check|cleaning/i);
    }
  });
});

/**
 * Fourteenth quality round (issue 16), from the misses of `email-typical16` and `email-typical17`
 * (tuning sets since). Sentences here are made up for the rules (several wordings and languages
 * each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { headers, mail, run } from './helpers.js';

const EST = 'Tue, 24 Nov 2026 21:00:00 -0500';

let n = 0;
async function extracted(date: string, body: string, subject = 'Note') {
  const { out } = await run(mail(headers(date, subject, `r14-${++n}`), body));
  return out;
}

describe('a note to self whose lines open with names', () => {
  it('is still one errand per line when its subject is typed in haste', async () => {
    const body = 'Marisol (tiler) 412-555-0110 grout colour\nVet clinic 412.555.0177 move the checkup\nbuy stamps by fri\n';
    for (const subject of ['stuff', 'calls + errands', 'todo']) {
      const out = await extracted(EST, body, subject);
      expect(
        out.tasks.map((t) => t.title.split(/[\s,]+/)[0]),
        subject,
      ).toEqual(['Marisol', 'Vet', 'Buy']);
    }
  });

  it('is not a note when the subject is written as a title', async () => {
    const out = await extracted(EST, 'Marisol Reyes 412-555-0110\nVet Clinic 412.555.0177\nSt Anne Parish Office\n', 'Contacts For The Renovation');
    expect(out.tasks.length).toBe(1);
    expect(out.tasks[0].title).toBe('Contacts For The Renovation');
  });
});

describe('an appointment confirmation', () => {
  const CST = 'Mon, 23 Nov 2026 09:00:00 -0600';
  const CET = 'Mon, 23 Nov 2026 09:00:00 +0100';
  it('is placed at the whole address its place field spans, named by how the mail names the booking', async () => {
    for (const [date, subject, body, title, location] of [
      [
        CST,
        'Your appointment is confirmed',
        'Hi Dana,\n\nYour hearing test appointment is confirmed.\n\nDate: Friday, December 4, 2026\nTime: 10:20 AM\nVisit: Annual screening\n\nLocation:\nPrairie Hearing Center\n2207 W 14th St\nDes Moines, IA 50310\n\nSee you soon!\n',
        'Hearing test appointment: Annual screening',
        'Prairie Hearing Center, 2207 W 14th St, Des Moines, IA 50310',
      ],
      [
        CET,
        'Confirmación de cita',
        'Estimada Sra. Pérez:\n\nSu cita de revisión quedó confirmada.\n\nFecha: viernes 4 de diciembre de 2026\nHora: 10:20 hrs\nServicio: Revisión de frenos\n\nDirección: Taller Ruiz, Calle Mayor 18,\n28013 Madrid\n\nAtentamente\n',
        'Cita de revisión: Revisión de frenos',
        'Taller Ruiz, Calle Mayor 18, 28013 Madrid',
      ],
      [
        CET,
        'Confirmation de rendez-vous',
        'Bonjour,\n\nNous vous confirmons le rendez-vous de Caramel :\n\nDate : vendredi 4 décembre 2026\nHeure : 10h20\nMotif : vaccin annuel\nAdresse : Clinique des Tilleuls, 5 rue Lafayette,\n69003 Lyon\n\nCordialement\n',
        'Rendez-vous de Caramel: vaccin annuel',
        'Clinique des Tilleuls, 5 rue Lafayette, 69003 Lyon',
      ],
      [
        CET,
        'Terminbestätigung',
        'Guten Tag,\n\nhiermit bestätigen wir Ihren Werkstatttermin:\n\nDatum: Freitag, 04.12.2026\nUhrzeit: 10:20 Uhr\nLeistungen: Ölwechsel und\n\nAdresse: Autohaus Keller, Hauptstraße 9, 80331 München\n',
        'Werkstatttermin: Ölwechsel',
        'Autohaus Keller, Hauptstraße 9, 80331 München',
      ],
    ] as const) {
      const out = await extracted(date, body, subject);
      expect(
        out.events.map((e) => [e.title, e.location, e.start_time?.slice(0, 16)]),
        body,
      ).toEqual([[title, location, date === CST ? '2026-12-04T16:20' : '2026-12-04T09:20']]);
    }
  });

  it('names a pet or a child whose appointment it is', async () => {
    const out = await extracted(
      CST,
      'Hello,\n\nThis is a reminder that Pepper has an appointment coming up:\n\nThursday, December 10, 2026 at 3:40 PM\nDental cleaning\n1200 Oak Ave, Ames, IA 50010\n\nCall us to reschedule.\n',
      'Appointment reminder',
    );
    expect(out.events.map((e) => e.title.split(':')[0])).toEqual(['Appointment for Pepper']);
  });
});

describe('deadlines written as statements', () => {
  const CET = 'Wed, 25 Nov 2026 10:00:00 +0100';
  it('titles a Spanish modal with a reflexive infinitive by the verb and its subject', async () => {
    for (const [body, title] of [
      [
        'Estimados vecinos:\n\nLes recordamos que la cuota de mantenimiento debe pagarse a más tardar el 10 de diciembre.\n\nSaludos\n',
        'Pagar la cuota de mantenimiento',
      ],
      [
        'Hola a todos:\n\nAsimismo, les recordamos que el formulario de inscripción tiene que entregarse antes del viernes 4 de diciembre.\n\nGracias\n',
        'Entregar el formulario de inscripción',
      ],
    ] as const) {
      const out = await extracted(CET, body);
      expect(
        out.tasks.map((t) => t.title),
        body,
      ).toEqual([title]);
    }
  });

  it('reads "Fr., 04.12.2026" as that Friday, not the next one', async () => {
    const out = await extracted(
      CET,
      'Guten Tag,\n\nwir benötigen folgende Unterlagen:\n\nFr., 04.12.2026 – Lohnjournal November\nDi., 15.12.2026 – Reisekostenbelege\n\nMit freundlichen Grüßen\n',
    );
    expect(out.tasks.map((t) => [t.title, t.due_date?.slice(0, 10)])).toEqual([
      ['Lohnjournal November', '2026-12-04'],
      ['Reisekostenbelege', '2026-12-15'],
    ]);
  });
});

describe('an event told over an invitation line and the day below it', () => {
  const CET = 'Thu, 26 Nov 2026 13:00:00 +0100';
  const PST = 'Thu, 26 Nov 2026 09:00:00 -0800';
  it('is one event, placed where the lines under the hour say', async () => {
    for (const [date, body, title, start, end, location] of [
      [
        CET,
        'Liebe Mitglieder,\n\nwir laden herzlich zu unserem Jahresabschluss ein:\n\nSamstag, 12. Dezember 2026, 18:00 bis 22:00 Uhr\nim Vereinsheim am Sportplatz\n\nViele Grüße\nDer Vorstand\n',
        'Jahresabschluss',
        '2026-12-12T17:00',
        '2026-12-12T21:00',
        'Vereinsheim am Sportplatz',
      ],
      [
        PST,
        'Hi neighbors,\n\nPlease join us for the winter potluck:\n\nSaturday, December 12, 5:00 to 8:00 PM\nat the Alder Street community room\n\nBring a dish if you can!\n',
        'Winter potluck',
        '2026-12-13T01:00',
        '2026-12-13T04:00',
        'Alder Street community room',
      ],
      [
        CET,
        'Madame, Monsieur,\n\nL’association organise son assemblée générale :\n\nvendredi 11 décembre à 19h00\nsalle des fêtes de la mairie, 2 place de la République\n\nCordialement\n',
        'Assemblée générale',
        '2026-12-11T18:00',
        '2026-12-11T19:00',
        'salle des fêtes de la mairie, 2 place de la République',
      ],
    ] as const) {
      const out = await extracted(date, body, 'Note');
      expect(
        out.events.map((e) => [e.title, e.start_time?.slice(0, 16), e.end_time?.slice(0, 16), e.location]),
        body,
      ).toEqual([[title, start, end, location]]);
    }
  });

  it('reads "15:00 bis 17:30 Uhr" as the hours of the event, not a deadline at 17:30', async () => {
    const out = await extracted(CET, 'Hallo,\n\nunser Basar findet am Samstag, 5. Dezember, 10:00 bis 16:00 Uhr in der Aula statt.\n\nGrüße\n');
    expect(out.events.map((e) => [e.title, e.start_time?.slice(0, 16), e.end_time?.slice(0, 16)])).toEqual([['Basar', '2026-12-05T09:00', '2026-12-05T15:00']]);
  });
});

describe('a class outing told over several lines', () => {
  it('runs from the departure to the return, on the day the announcing sentence names', async () => {
    for (const [date, subject, body, start, end, location] of [
      [
        'Mon, 23 Nov 2026 16:00:00 -0700',
        'Grade 4 field trip - Science Museum, Dec 8',
        'Dear families,\n\nOur class will visit the Science Museum of Utah on Tuesday, December 8.\n\n- The bus leaves at 8:45 AM and we should be back around 1:15 PM.\n- Please pack a lunch.\n\nMr. Ortiz\n',
        '2026-12-08T15:45',
        '2026-12-08T20:15',
        'Science Museum of Utah',
      ],
      [
        'Mon, 23 Nov 2026 16:00:00 -0500',
        'Sortie scolaire au planétarium',
        'Bonjour,\n\nLa classe de Mme Roy ira au Planétarium Rio Tinto le jeudi 10 décembre.\n\nDépart de l’école : 9 h 10\nRetour : 13 h 40\nLieu : Planétarium Rio Tinto, 4801 avenue Pierre-De Coubertin, Montréal\n\nMerci!\n',
        '2026-12-10T14:10',
        '2026-12-10T18:40',
        'Planétarium Rio Tinto, 4801 avenue Pierre-De Coubertin, Montréal',
      ],
      [
        'Mon, 23 Nov 2026 16:00:00 +0100',
        'Ausflug der Klasse 3b',
        'Liebe Eltern,\n\nam Mittwoch, 9. Dezember besuchen wir das Spielzeugmuseum.\n\nAbfahrt an der Schule: 8:30 Uhr\nRückkehr: 12:45 Uhr\n\nViele Grüße\n',
        '2026-12-09T07:30',
        '2026-12-09T11:45',
        null,
      ],
    ] as const) {
      const out = await extracted(date, body, subject);
      const [e] = out.events;
      expect([out.events.length, e?.start_time?.slice(0, 16), e?.end_time?.slice(0, 16)], body).toEqual([1, start, end]);
      if (location) expect(e.location).toBe(location);
    }
  });

  it('is no event when no departure hour is given', async () => {
    const out = await extracted(
      'Mon, 23 Nov 2026 16:00:00 -0700',
      'Field trip next month',
      'Dear families,\n\nOur class will visit the Science Museum on Tuesday, December 8. More details soon.\n',
    );
    expect(out.events).toEqual([]);
  });
});

describe('a length said in words', () => {
  it('ends the event that long after its start', async () => {
    for (const [body, end] of [
      ['Hello,\n\nThe recital is on Thursday, December 17 at 6:30 PM in the school gym. It lasts about an hour and a half.\n', '2026-12-18T01:00'],
      ['Bonjour,\n\nLe concert aura lieu le jeudi 17 décembre à 18 h 30 au gymnase. Le concert dure environ une heure et quart.\n', '2026-12-18T00:45'],
    ] as const) {
      const out = await extracted('Mon, 23 Nov 2026 16:00:00 -0500', body);
      expect(
        out.events.map((e) => e.end_time?.slice(0, 16)),
        body,
      ).toEqual([end]);
    }
  });
});

describe('an event put on by a host', () => {
  it('is named by what the host puts on, placed where the text says, with the registration named by it', async () => {
    for (const [date, body, event, location, task] of [
      [
        'Tue, 24 Nov 2026 20:00:00 +0100',
        'Bonjour à tous,\n\nL’école de musique organise son grand concert de fin d’année le samedi 12 décembre, de 15h00 à 17h00, à la salle Brassens (4 rue du Port, 56100 Lorient).\n\nL’inscription est obligatoire au plus tard le lundi 7 décembre.\n\nMusicalement,\nLe bureau\n',
        'Grand concert de fin d’année',
        'salle Brassens (4 rue du Port, 56100 Lorient)',
        'L’inscription: Grand concert de fin d’année',
      ],
      [
        'Tue, 24 Nov 2026 20:00:00 -0700',
        'Hi families!\n\nWe’re having our winter awards night:\nFriday, December 11, 6:00-8:30 pm\nMesa Community Center, Room B\n\nPlease RSVP on the team page by Sunday, December 6.\n\nCoach Lin\n',
        'Winter awards night',
        'Mesa Community Center, Room B',
        'RSVP on the team page: Winter awards night',
      ],
    ] as const) {
      const out = await extracted(date, body);
      expect(
        out.events.map((e) => [e.title, e.location]),
        body,
      ).toEqual([[event, location]]);
      expect(
        out.tasks.map((t) => t.title),
        body,
      ).toEqual([task]);
    }
  });
});

describe('a list of deadlines', () => {
  const CET = 'Wed, 2 Dec 2026 10:00:00 +0100';
  it('reads a label that ends on a year, and "bis kommenden Montag, 7.12."', async () => {
    const out = await extracted(
      CET,
      'Hallo zusammen,\n\nhier die Fristen im Überblick:\n\n- Spesenbelege 2026: bis kommenden Montag, 7.12.\n- Zeitkonten 2026: bis Freitag, 11.12.\n\nGrüße\n',
    );
    expect(out.tasks.map((t) => [t.title, t.due_date?.slice(0, 10)])).toEqual([
      ['Spesenbelege 2026', '2026-12-07'],
      ['Zeitkonten 2026', '2026-12-11'],
    ]);
  });

  it('makes an entry with an hour under "key dates" a task due then, and leaves a session an event', async () => {
    const out = await extracted(
      'Fri, 27 Nov 2026 10:00:00 -0500',
      'Hello,\n\nBelow are the key dates for the residency:\n\n- Portfolio upload: Monday, December 14, 2026, 5:00 p.m.\n- Artist statement: Friday, December 18, 2026, 11:59 p.m.\n- Open studio session: Wednesday, December 9, 4:00-5:00 p.m.\n\nBest,\nThe committee\n',
    );
    expect(out.tasks.map((t) => [t.title, t.due_date?.slice(0, 16)])).toEqual([
      ['Portfolio upload', '2026-12-14T22:00'],
      ['Artist statement', '2026-12-19T04:59'],
    ]);
    expect(out.events.map((e) => e.title)).toEqual(['Open studio session']);
  });

  it('keeps who a name in a note to self is', async () => {
    const out = await extracted(EST, 'Lena (electrician) 412-555-0190 - quote for the porch light\nbuy bulbs sat\n', 'stuff');
    expect(out.tasks[0].title).toContain('electrician');
  });
});

describe('a call asked for as a length of time', () => {
  it('is an event that long at the day and hour given', async () => {
    const out = await extracted(
      'Thu, 3 Dec 2026 07:45:00 -0700',
      'Hi Sam,\n\nCould we find 45 minutes on Tuesday at 2pm ET to walk through the permit drawings?\n\nThanks,\nRo\n',
      'Permit drawings',
    );
    expect(out.events.map((e) => [e.start_time?.slice(0, 16), e.end_time?.slice(0, 16)])).toEqual([['2026-12-08T19:00', '2026-12-08T19:45']]);
  });
});

describe('meetings said without a meeting noun up front', () => {
  const CET = 'Tue, 1 Dec 2026 09:00:00 +0100';
  it('reads a German proposal with its object first, and "prochain point"', async () => {
    for (const [body, title] of [
      [
        'Hallo Herr Kunz,\n\ndie Werksabnahme würden wir gern am Donnerstag, 10. Dezember, um 14:00 Uhr bei uns in Aalen durchführen.\n\nGrüße\n',
        'Werksabnahme',
      ],
      ['Bonjour,\n\nProchain point : mardi 8 décembre à 9 h 30, salle Rhône.\n\nBonne journée\n', 'Prochain point'],
    ] as const) {
      const out = await extracted(CET, body);
      expect(
        out.events.map((e) => e.title),
        body,
      ).toEqual([title]);
    }
  });
});

describe('closing formulas and remarks on how long', () => {
  it('make no task', async () => {
    for (const body of [
      'Estimadas familias:\n\nReciban un cordial saludo. La reunión de padres es el martes 15 de diciembre a las 18:00 en el aula 4.\n\nAtentamente\n',
      'Bonjour,\n\nLa réunion de parents aura lieu le mardi 15 décembre à 18 h dans la salle 4. Merci de le garder sous la main!\nMerci de votre précieuse collaboration!\n',
      'Hi all,\n\nThe parent meeting is on Tuesday, December 15 at 6pm in room 4. Plan on an hour. Thank you for your patience!\n',
    ]) {
      const out = await extracted('Mon, 30 Nov 2026 10:00:00 -0500', body);
      expect([out.tasks.length, out.events.length], body).toEqual([0, 1]);
    }
  });
});

describe('names and places from around an event', () => {
  it('names a one-word event by the part of the subject that holds the word', async () => {
    const out = await extracted(
      'Mon, 23 Nov 2026 16:00:00 -0500',
      'Hi,\n\nHere is what I need from you:\n\nTue, Dec 1 - final headcount\n\nDinner: Saturday, December 12, 7:00-10:00 PM at the Foundry Room.\n\nBest\n',
      'Northwind winter dinner - checklist',
    );
    expect(out.events.map((e) => e.title)).toEqual(['Northwind winter dinner']);
  });

  it('places an outing at the name before its bracketed address', async () => {
    const out = await extracted(
      'Mon, 23 Nov 2026 16:00:00 -0700',
      'Dear families,\n\nOur class will take a field trip to the Museum of Clay (55 River Rd, Helena) on Friday, December 11!\n\n- Buses leave at 9:30 AM and return by 2:00 PM.\n\nThanks\n',
      'Field trip',
    );
    expect(out.events.map((e) => [e.location, e.start_time?.slice(11, 16), e.end_time?.slice(11, 16)])).toEqual([
      ['Museum of Clay (55 River Rd, Helena)', '16:30', '21:00'],
    ]);
  });
});

describe('an hour already past when the mail was written', () => {
  it('makes no deadline', async () => {
    const out = await extracted(
      'Tue, 24 Nov 2026 19:00:00 -0700',
      'Hi,\n\nPlease have the kids back by 2:30 PM. Also please send the forms by Friday.\n\nThanks\n',
    );
    expect(out.tasks.map((t) => t.title.split(':')[0])).toEqual(['Send the forms']);
  });
});

describe('a reply that opens with thanks', () => {
  it('reads the asks after "Thanks, got the form."', async () => {
    const out = await extracted(
      'Mon, 30 Nov 2026 11:00:00 -0800',
      'Hi Ana,\n\nThanks, got the signed form.\n\nTwo more things:\n- Please send the updated budget by Wednesday.\n- We also need your tax ID by Friday, Dec 11.\n\nThanks,\nLee\n',
      'RE: onboarding',
    );
    expect(out.tasks.map((t) => t.due_date?.slice(0, 10))).toEqual(['2026-12-03', '2026-12-12']);
  });
});

describe('a venue followed by its address in brackets', () => {
  it('keeps the address with the venue, abbreviations inside included', async () => {
    const out = await extracted(
      'Thu, 26 Nov 2026 18:00:00 -0300',
      'Queridas familias:\n\nLes contamos que la muestra de arte será el viernes 11 de diciembre a las 18:00 en el salón de actos del colegio (Bv. San Martín 820, Santa Fe).\n\nSaludos\n',
    );
    expect(out.events.map((e) => e.location)).toEqual(['salón de actos del colegio (Bv. San Martín 820, Santa Fe)']);
  });
});

describe('the next meeting of a series in its notes', () => {
  it('is named by the subject part that names the series', async () => {
    const out = await extracted(
      'Thu, 3 Dec 2026 17:00:00 +0000',
      'Hi all,\n\nActions:\n1. Priya - send the offer letter by Friday\n\nNext sync: Thursday 10 Dec, 15:30-16:00, Teams.\n',
      'Design review sync - notes & actions (3 Dec)',
    );
    expect(out.events.map((e) => e.title)).toEqual(['Design review sync']);
  });
});

describe('an address that opens with an abbreviated street noun', () => {
  it('is the whole address, not the abbreviation', async () => {
    const out = await extracted(
      'Mon, 23 Nov 2026 10:00:00 +0100',
      'Hola Marta:\n\nLe recordamos su cita en Talleres Soto:\n\nFecha: jueves 3 de diciembre de 2026\nHora: 10:30 h\nServicio: cambio de aceite\nDirección: Av. de Burgos 22, 28036 Madrid\n\nUn saludo\n',
      'Recordatorio de cita',
    );
    expect(out.events.map((e) => e.location)).toEqual(['Av. de Burgos 22, 28036 Madrid']);
  });
});

/**
 * Twelfth quality round (issue 16): where an event happens. A house number is not an hour, a
 * calendar's time zone is not a place, and the sentence after an event may say where people meet.
 * Sentences here are made up for the rules (several wordings and languages each), not taken from a
 * corpus.
 */
import { describe, expect, it } from 'vitest';
import { headers, mail, run } from './helpers.js';

const EST = 'Thu, 26 Nov 2026 10:00:00 -0500';
const CET = 'Thu, 26 Nov 2026 10:00:00 +0100';

async function onlyEvent(date: string, subject: string, body: string, from?: string) {
  const { out } = await run(mail(headers(date, subject, `r12-${subject.length}-${body.length}`, from), body));
  expect(out.events, body).toHaveLength(1);
  return out.events[0];
}

describe('where an event happens', () => {
  it('reads a number before a street name as the house number, not as the hour', async () => {
    for (const [date, body, hour, place] of [
      [EST, 'Hi all,\n\nCome to our winter party on Saturday, December 12, from 6 to 9pm at 14 Maple Avenue. Bring a friend!\n', '23:00', '14 Maple Avenue'],
      [EST, 'Hello,\n\nThe book swap is on Sunday, December 13 at 3pm at 220 Harbor Road.\n', '20:00', '220 Harbor Road'],
      [CET, 'Bonjour,\n\nLa fête de quartier aura lieu le samedi 12 décembre à 18h au 12 rue des Lilas.\n', '17:00', '12 rue des Lilas'],
    ] as const) {
      const event = await onlyEvent(date, 'Invitation', body);
      expect(event.start_time?.slice(11, 16), body).toBe(hour);
      expect(event.location, body).toBe(place);
    }
  });

  it('does not take the time zone printed under a calendar reminder’s hours for its place', async () => {
    const body =
      'Optician\nMonday Dec 7, 2026 ⋅ 2pm – 3pm (Central Time - Chicago)\nWhere: ClearView Optics, 88 Pine St, Springfield\n\nInvitation from Google Calendar\n';
    const event = await onlyEvent(EST, 'Reminder: Optician @ Mon Dec 7, 2026 2pm - 3pm (CST)', body, 'Google Calendar <calendar-notification@google.com>');
    expect(event.location).toBe('ClearView Optics, 88 Pine St, Springfield');
  });

  it('takes the meeting point the next sentence gives', async () => {
    for (const [date, body, place] of [
      [CET, 'Hallo zusammen,\n\nDer Arbeitseinsatz ist am Samstag, 12. Dezember, von 9 bis 13 Uhr. Treffpunkt ist das Vereinsheim.\n', 'Vereinsheim'],
      [EST, 'Hi everyone,\n\nThe carol singing is on Saturday, December 12 at 6pm. Meeting point: the church steps.\n', 'church steps'],
      [CET, 'Hola,\n\nLa excursión es el sábado 12 de diciembre a las 9:00. Punto de encuentro: la puerta del colegio.\n', 'puerta del colegio'],
      [CET, 'Bonjour,\n\nLa sortie a lieu le samedi 12 décembre à 9h. Rendez-vous devant la mairie.\n', 'mairie'],
    ] as const) {
      const { out } = await run(mail(headers(date, 'Club', `mp-${body.length}`), body));
      expect(out.events, body).toHaveLength(1);
      expect(out.events[0].location, body).toBe(place);
    }
  });

  it('does not take a meeting time for a meeting point', async () => {
    const { out } = await run(mail(headers(EST, 'Hike', 'mp-time'), 'Hi,\n\nThe hike is on Saturday, December 12 at 9am. We will meet at 8:45.\n'));
    for (const e of out.events) expect(e.location ?? '').not.toMatch(/8:45/);
  });

  it('names a venue by its name after the kind of venue, with the address in brackets', async () => {
    for (const [date, body, place] of [
      [
        CET,
        'Hola a todos:\n\nLa cena de Navidad será el jueves 17 de diciembre a las 21:00 en el restaurante La Perla (Calle Real, 12).\n',
        'restaurante La Perla (Calle Real, 12)',
      ],
      [EST, 'Hi team,\n\nTeam dinner on Friday, December 11 at 7pm at the restaurant Blue Lantern.\n', 'restaurant Blue Lantern'],
      [CET, 'Salut,\n\nOn fête l’anniversaire de Léa le samedi 12 décembre à 20h au bar Le Comptoir.\n', 'bar Le Comptoir'],
    ] as const) {
      const event = await onlyEvent(date, 'Dinner', body);
      expect(event.location, body).toBe(place);
    }
  });

  it('reads a numbered room written as one word', async () => {
    const event = await onlyEvent(CET, 'Protokoll', 'Hallo zusammen,\n\nNächstes Teamtreffen: Dienstag, 8. Dezember, 14:00 Uhr, Konferenzraum 3.\n');
    expect(event.location).toBe('Konferenzraum 3');
  });
});

describe('happenings told without an hour', () => {
  it('makes an all-day event of a happening that lasts the day', async () => {
    for (const [date, body, day] of [
      [EST, 'Dear families,\n\nReminder: school picture day is Wednesday, December 2. Students may wear their own clothes.\n', '2026-12-02'],
      [EST, 'Hi parents,\n\nOur sports day is on Friday, December 4. Please send a water bottle.\n', '2026-12-04'],
      [CET, 'Liebe Eltern,\n\nam Mittwoch, 16. Dezember, ist unser Projekttag.\n', '2026-12-16'],
      [CET, 'Queridas familias:\n\nEl viernes 11 de diciembre tendremos la excursión a la granja escuela.\n', '2026-12-11'],
      [CET, 'Chers parents,\n\nLa sortie au musée des sciences aura lieu le jeudi 10 décembre.\n', '2026-12-10'],
    ] as const) {
      const event = await onlyEvent(date, 'Info', body);
      expect(event.all_day, body).toBe(true);
      expect(event.start_time?.slice(0, 10), body).toBe(day);
    }
  });

  it('keeps the hour a later sentence gives, and makes nothing of a day that is not a happening', async () => {
    const timed = await onlyEvent(EST, 'Trip', 'Hi,\n\nThe field trip is on Thursday, December 10. The bus leaves at 8:30am.\n');
    expect(timed.all_day).toBe(false);
    for (const body of [
      'Hi team,\n\nFriday, December 4 is a no-meeting day, so use it to catch up.\n',
      'Hi,\n\nThe next day, Thursday December 3, we rest.\n',
    ]) {
      const { out } = await run(mail(headers(EST, 'Note', `nd-${body.length}`), body));
      expect(out.events, body).toEqual([]);
    }
  });

  it('reads an exam as a happening in Spanish and French', async () => {
    for (const [body, hour] of [
      ['Hola Sergio,\n\nTe hemos asignado el examen práctico de conducir el lunes 14 de diciembre a las 8:45.\n', '07:45'],
      ['Bonjour,\n\nVotre examen du code de la route est fixé au mardi 15 décembre à 10h30.\n', '09:30'],
    ] as const) {
      const event = await onlyEvent(CET, 'Examen', body);
      expect(event.start_time?.slice(11, 16), body).toBe(hour);
    }
  });
});

describe('a list of days under an intro that names what happens', () => {
  it('makes one event per day, named by the intro, with the entry’s hours and place', async () => {
    for (const [date, body, word, place] of [
      [
        EST,
        'Hi Carmen,\n\nThese are your volunteer shifts at the food bank in December:\n- Saturday, December 5, 9:00 to 13:00, Getafe warehouse\n- Saturday, December 19, 9:00 to 13:00, Getafe warehouse\n\nThanks!\n',
        /shift/i,
        'Getafe warehouse',
      ],
      [
        CET,
        'Hallo Jonas,\n\nhier deine Schichten im Dezember:\n- Samstag, 5. Dezember, 9 bis 13 Uhr, Lager Nord\n- Samstag, 19. Dezember, 9 bis 13 Uhr, Lager Nord\n\nDanke!\n',
        /schichten/i,
        'Lager Nord',
      ],
      [
        CET,
        'Hola Marta:\n\nEstos son tus turnos de biblioteca en diciembre:\n- Martes 8 de diciembre, de 16:00 a 18:00, sala de lectura\n- Martes 15 de diciembre, de 16:00 a 18:00, sala de lectura\n\nGracias.\n',
        /turnos de biblioteca/i,
        'sala de lectura',
      ],
      [
        CET,
        'Bonjour Paul,\n\nVoici tes créneaux de permanence :\n- mardi 8 décembre, 16h-18h, accueil\n- mardi 15 décembre, 16h-18h, accueil\n\nMerci !\n',
        /créneaux/i,
        'accueil',
      ],
    ] as const) {
      const { out } = await run(mail(headers(date, 'Shifts', `occ-${body.length}`), body));
      expect(out.events, body).toHaveLength(2);
      for (const e of out.events) {
        expect(e.title, body).toMatch(word);
        expect(e.location, body).toBe(place);
        expect(Date.parse(e.end_time!) - Date.parse(e.start_time!), body).toBe(
          2 * 3600000 * (word.source.includes('shift') || word.source.includes('schichten') ? 2 : 1),
        );
      }
    }
  });

  it('leaves entries with words of their own to the schedule reading', async () => {
    const body =
      'Hi all,\n\nHere are the sessions for December:\n- Monday, December 7, 6pm - Knots and ropes\n- Monday, December 14, 6pm - First aid basics\n\nSee you!\n';
    const { out } = await run(mail(headers(EST, 'Sessions', 'occ-own'), body));
    expect(out.events.map((e) => e.title)).toEqual(['Knots and ropes', 'First aid basics']);
  });
});

describe('a course’s start field', () => {
  it('makes the first session an event, named by the course, at the field’s place', async () => {
    for (const [date, body, word, hour, place] of [
      [
        CET,
        'Guten Tag Frau Berg,\n\nvielen Dank für Ihre Anmeldung zum Kurs Töpfern für Einsteiger.\nKursbeginn: Donnerstag, 14. Januar 2027, 19:00-21:00 Uhr, danach wöchentlich\nOrt: Kulturhaus Ost, Raum 3\n\nIhr Kulturhaus\n',
        /töpfern/i,
        '18:00',
        'Kulturhaus Ost, Raum 3',
      ],
      [
        EST,
        'Dear Ms Lane,\n\nThank you for enrolling in Beginner Spanish.\nCourse start: Tuesday, January 12, 2027, 6:00-7:30 pm, then weekly\nLocation: Adult Learning Centre, Room 4\n\nBest regards\n',
        /spanish/i,
        '23:00',
        'Adult Learning Centre, Room 4',
      ],
      [
        CET,
        'Bonjour,\n\nVotre inscription à l’atelier Aquarelle est confirmée.\nDébut des cours : mardi 12 janvier 2027, 18h00-20h00\nLieu : Maison des associations, salle 2\n\nCordialement\n',
        /aquarelle/i,
        '17:00',
        'Maison des associations, salle 2',
      ],
    ] as const) {
      const event = await onlyEvent(date, word.source.includes('spanish') ? 'Enrolment confirmed: Beginner Spanish' : 'Anmeldung', body);
      expect(event.title, body).toMatch(word);
      expect(event.start_time?.slice(11, 16), body).toBe(hour);
      expect(event.location, body).toBe(place);
    }
  });
});

describe('a tradesperson’s visit', () => {
  // Since round nineteen the title also says who comes ("Engineer: service the boiler").
  it('is named by what they come to do, in four languages', async () => {
    for (const [date, body, title] of [
      [
        EST,
        'Dear tenant,\n\nAn engineer will visit your flat on Thursday, December 10 between 2pm and 4pm to service the boiler.\n',
        'Engineer: service the boiler',
      ],
      [
        CET,
        'Madame,\n\nUn technicien passera dans votre logement le jeudi 10 décembre entre 14h et 16h pour l’entretien de la chaudière.\n',
        'Technicien: entretien de la chaudière',
      ],
      [
        CET,
        'Guten Tag,\n\nEin Techniker kommt am Donnerstag, 10. Dezember, zwischen 14 und 16 Uhr zur Wartung der Heizung.\n',
        'Techniker: Wartung der Heizung',
      ],
      [
        CET,
        'Hola,\n\nUn técnico pasará por su vivienda el jueves 10 de diciembre entre las 14:00 y las 16:00 para revisar la caldera.\n',
        'Técnico: revisar la caldera',
      ],
    ] as const) {
      const event = await onlyEvent(date, 'Visit', body);
      expect(event.title, body).toBe(title);
      expect(Date.parse(event.end_time!) - Date.parse(event.start_time!), body).toBe(2 * 3600000);
    }
  });
});

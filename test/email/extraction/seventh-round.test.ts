/**
 * Seventh quality round (issue 16): asks that leave nothing to do (noting the event in a calendar,
 * prohibitions, being asked to come, what is attached), and the event shapes of the round.
 * Sentences here are made up for the rules (several wordings and languages each), not taken from a
 * corpus.
 */
import { describe, expect, it } from 'vitest';
import { headers, mail, run } from './helpers.js';

const CET = 'Tue, 1 Dec 2026 10:00:00 +0100';
const GMT = 'Tue, 1 Dec 2026 10:00:00 +0000';

describe('asks that leave nothing to do', () => {
  it('does not make a task of noting the mail’s own event in a calendar', async () => {
    for (const [note, event] of [
      ['Can you put this in the calendar? I’ll bring the cake.', 'Lucas’s party is on Saturday, December 12 from 2 to 4 PM at 5 Elm Road.'],
      ['¿Puedes apuntarlo en el calendario? Yo me encargo del regalo.', 'La fiesta de Lucas es el sábado 12 de diciembre de 16:00 a 18:00 en la calle Olmo 5.'],
      [
        'Kannst du das bitte in den Kalender eintragen? Ich kümmere mich um das Geschenk.',
        'Die Feier von Lukas ist am Samstag, 12. Dezember, von 16 bis 18 Uhr in der Ulmenstraße 5.',
      ],
      ['Tu peux le noter dans l’agenda ? Je m’occupe du cadeau.', 'La fête de Lucas aura lieu le samedi 12 décembre de 16h à 18h au 5 rue des Ormes.'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Party', `n-${note.length}`), `${note}\n\n${event}\n`));
      expect(out.tasks, note).toEqual([]);
      expect(out.events, note).toHaveLength(1);
    }
  });

  it('keeps a dated ask to add something to a calendar', async () => {
    const { out } = await run(mail(headers(GMT, 'Board', 'n-dated'), 'Please add the board meeting to the shared calendar by Friday, December 4.\n'));
    expect(out.tasks).toHaveLength(1);
    expect(out.tasks[0].due_date?.slice(0, 10)).toBe('2026-12-04');
  });

  it('does not make a task of a prohibition, but keeps a reminder', async () => {
    const en = 'Your appointment is confirmed.\n\nWhen: Thursday, December 3, 2026, 7:45 AM\nWhere: Northside Lab, 410 Harmon Ave\n\n';
    const de = 'Ihr Termin ist bestätigt.\n\nWann: Donnerstag, 3. Dezember 2026, 7:45 Uhr\nWo: Labor Nord, Hafenstraße 4\n\n';
    const fr = 'Votre rendez-vous est confirmé.\n\nQuand : jeudi 3 décembre 2026, 7h45\nOù : Laboratoire Nord, 4 rue du Port\n\n';
    for (const [intro, line] of [
      [en, 'Please do not eat after 10 PM the night before.'],
      [en, 'Don’t drink coffee that morning.'],
      [de, 'Bitte essen Sie ab 22 Uhr am Vorabend nichts mehr.'],
      [de, 'Bitte nicht rauchen.'],
      [fr, 'Ne mangez rien après 22h la veille.'],
      [fr, 'Merci de ne pas apporter de nourriture.'],
    ]) {
      const { out } = await run(mail(headers(GMT, 'Appointment confirmed', `p-${line.length}`, 'Lab <noreply@lab.example.com>'), `${intro}${line}\n`));
      expect(out.tasks, line).toEqual([]);
      expect(out.events, line).toHaveLength(1);
    }
    for (const line of ['Don’t forget to bring your ID by Friday, December 4.', 'N’oubliez pas d’envoyer le formulaire avant le vendredi 4 décembre.']) {
      const { out } = await run(mail(headers(GMT, 'Reminder', `r-${line.length}`), `${line}\n`));
      expect(out.tasks, line).toHaveLength(1);
      expect(out.tasks[0].due_date?.slice(0, 10), line).toBe('2026-12-04');
    }
  });

  it('does not make a task of being asked to come, unless a day is asked for', async () => {
    for (const [line, subject] of [
      ['Your shift is Saturday 5 December, 9:00-12:00 at 300 Mill Lane. Please come to the side door.', 'Your shift'],
      ['Marché de Noël : samedi 12 décembre de 10h à 17h, dans la cour. Venez nombreux !', 'Marché'],
      ['Das Turnier ist am Samstag, 12. Dezember, um 10 Uhr in der Sporthalle. Kommen Sie bitte zum Hintereingang.', 'Turnier'],
      ['El torneo es el sábado 12 de diciembre a las 10:00 en el polideportivo. Venid con ropa cómoda.', 'Torneo'],
    ]) {
      const { out } = await run(mail(headers(CET, subject, `c-${line.length}`), `${line}\n`));
      expect(
        out.tasks.filter((t) => t.confidence > 0.3),
        line,
      ).toEqual([]);
    }
    const { out } = await run(mail(headers(GMT, 'Papers', 'c-dated'), 'Please come to the office by Friday, December 4 to sign the papers.\n'));
    expect(out.tasks).toHaveLength(1);
  });

  it('does not make a task of what is attached, unless it is asked for by a date', async () => {
    for (const line of [
      'Please find attached the quote for 25 people.',
      'Veuillez trouver ci-joint le devis pour 25 personnes.',
      'Anbei finden Sie das Angebot für 25 Personen.',
      'Le adjunto el presupuesto para 25 personas.',
    ]) {
      const { out } = await run(mail(headers(CET, 'Quote', `a-${line.length}`, 'Caterer <info@caterer.example.com>'), `Hello,\n\n${line}\n\nRegards\n`));
      expect(
        out.tasks.every((t) => t.confidence <= 0.3),
        line,
      ).toBe(true);
    }
    const { out } = await run(mail(headers(GMT, 'Form', 'a-dated'), 'Please find attached the form. Sign it and return it by December 4.\n'));
    expect(out.tasks).toHaveLength(1);
    expect(out.tasks[0].due_date?.slice(0, 10)).toBe('2026-12-04');
  });
});

describe('an event called off, and its make-up session', () => {
  it('makes no event of a clause that calls its event off', async () => {
    for (const [subject, line] of [
      ['Spinning', 'Der Spinning-Kurs heute, Montag, 30.11., um 18.30 Uhr fällt wegen Krankheit leider aus.'],
      ['Yoga', 'Tonight’s yoga class at 6:30 PM will not take place because the teacher is ill.'],
      ['Yoga', 'La clase de yoga de esta tarde a las 18:30 no se celebrará porque la profesora está enferma.'],
      ['Yoga', 'Le cours de yoga de ce soir à 18h30 n’aura pas lieu, la professeure est malade.'],
    ]) {
      const { out } = await run(
        mail(headers('Mon, 30 Nov 2026 10:00:00 +0100', subject, `x-${line.length}`, 'Studio <kurse@studio.example.org>'), `Hallo,\n\n${line}\n`),
      );
      expect(out.events, line).toEqual([]);
    }
  });

  it('names a make-up session told with a pronoun by the subject of the sentence before', async () => {
    for (const [cancelled, madeUp, name] of [
      [
        'The pottery class on Wednesday, December 2 is cancelled (the kiln is broken).',
        'It will be made up on Wednesday, December 16, from 6:30 to 8:30 PM, at the usual studio (8 Potter Street, Leeds).',
        'Pottery class',
      ],
      [
        'Der Töpferkurs am Mittwoch, 2. Dezember, fällt leider aus (der Ofen ist kaputt).',
        'Er wird am Mittwoch, 16. Dezember, von 18:30 bis 20:30 Uhr im Atelier (Töpferstraße 8, Köln) nachgeholt.',
        'Töpferkurs',
      ],
      [
        'La clase de cerámica del miércoles 2 de diciembre queda suspendida (el horno está roto).',
        'Se recuperará el miércoles 16 de diciembre, de 18:30 a 20:30, en el taller de siempre (calle Alfareros 8, Valencia).',
        'Clase de cerámica',
      ],
      [
        'Le cours de poterie du mercredi 2 décembre est annulé (four en panne).',
        'Il sera rattrapé le mercredi 16 décembre, de 18h30 à 20h30, à l’atelier habituel (8 rue des Potiers, Nantes).',
        'Cours de poterie',
      ],
    ]) {
      const { out } = await run(
        mail(
          headers('Mon, 30 Nov 2026 10:00:00 +0100', 'Class news', `m-${name}`, 'Studio <hello@studio.example.org>'),
          `Hello,\n\n${cancelled}\n\n${madeUp}\n`,
        ),
      );
      expect(out.events, name).toHaveLength(1);
      expect(out.events[0].title, name).toBe(name);
      expect(out.events[0].start_time?.slice(0, 10), name).toBe('2026-12-16');
    }
  });
});

describe('a sentence cut after its preposition, with the day set apart', () => {
  it('reads the day on the next line as the end of the sentence', async () => {
    for (const [intro, dayLine, where, name] of [
      [
        'Liebe Frau Schäfer,\n\nvielen Dank für Ihre Anmeldung. Die Probestunde Klavier für Ihren Sohn Felix findet statt am',
        'Mittwoch, 2.12., um 16.15 Uhr (Dauer 45 Minuten)',
        'Ort: Musikschule Lindenau, Raum 3, Gartenstraße 14, Leipzig',
        'Probestunde',
      ],
      [
        'Dear Mrs Shaw,\n\nThank you for signing up. Felix’s trial piano lesson will take place on',
        'Wednesday, December 2, at 4:15 PM (45 minutes)',
        'Room 3, Lindenau Music School, 14 Garden Street, Leeds',
        'trial piano lesson',
      ],
      [
        'Estimada Sra. Sánchez:\n\nGracias por su inscripción. La clase de prueba de piano de Felix será el',
        'miércoles 2 de diciembre a las 16:15 (45 minutos)',
        'Aula 3, Escuela de Música Lindenau, calle Jardín 14, Valencia',
        'Clase de prueba',
      ],
      [
        'Madame,\n\nMerci pour votre inscription. Le cours d’essai de piano de Félix aura lieu le',
        'mercredi 2 décembre à 16h15 (45 minutes)',
        'Salle 3, École de musique Lindenau, 14 rue des Jardins, Lyon',
        'Cours d’essai',
      ],
    ]) {
      const { out } = await run(mail(headers(CET, 'Anmeldung', `d-${name}`, 'School <office@school.example.org>'), `${intro}\n\n${dayLine}\n${where}\n`));
      expect(out.events, name).toHaveLength(1);
      expect(out.events[0].title, name).toContain(name);
      // 16:15 to 17:00 at +01:00.
      expect(out.events[0].end_time?.slice(11, 16), name).toBe('16:00');
      // "(45 minutes)" says how long, never where.
      expect(out.events[0].location ?? '', name).not.toMatch(/minut/i);
    }
  });

  it('keeps a line ending in an hour ("warmups 7:30 AM") apart from the next', async () => {
    const body =
      'Here are the meets:\n\nSat Nov 21 - Home meet vs. Dolphins, Lincoln Pool, warmups 7:30 AM\nSat Dec 12 - Holiday Invitational, Aquatic Center, warmups 8:00 AM\n';
    const { out } = await run(mail(headers('Fri, 6 Nov 2026 18:45:00 -0800', 'Meets', 'd-am'), body));
    expect(out.events).toHaveLength(2);
  });

  it('names the room given just before its building’s address', async () => {
    for (const [line, room] of [
      [
        'wir laden Sie herzlich ein zur Mieterversammlung am Donnerstag, 10.12.2026, 19.00 Uhr im Gemeinschaftsraum (Erdgeschoss), Hufelandstraße 8, 10407 Berlin.',
        'Gemeinschaftsraum',
      ],
      ['The residents’ meeting is on Thursday, December 10 at 7 PM in the common room, 8 Hufeland Street, Leeds.', 'common room'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Versammlung', `r-${room}`), `${line}\n`));
      expect(out.events, room).toHaveLength(1);
      expect(out.events[0].location, room).toContain(room);
    }
  });
});

describe('happenings told in the plural', () => {
  it('reads "auront lieu", "tendrán lugar", "will take place" and "findet statt" alike', async () => {
    for (const [line, name, place] of [
      [
        'Les rencontres parents-professeurs auront lieu le mardi 8 décembre de 17h à 19h, au collège Jean Moulin, salle polyvalente.',
        'Rencontres',
        'polyvalente',
      ],
      ['Las reuniones de padres tendrán lugar el martes 8 de diciembre de 17:00 a 19:00 en el salón de actos.', 'Reuniones', 'salón de actos'],
      ['Les portes ouvertes se tiendront le mardi 8 décembre de 17h à 19h dans la salle des fêtes.', 'Portes ouvertes', 'salle des fêtes'],
      ['Los exámenes de recuperación serán el martes 8 de diciembre de 17:00 a 19:00 en el aula magna.', 'Exámenes de recuperación', 'aula magna'],
      ['Parents’ evening will take place on Tuesday, December 8 from 5 to 7 PM in the school hall.', 'Parents’ evening', 'school hall'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Info', `pl-${name}`, 'School <office@school.example.org>'), `Hello,\n\n${line}\n`));
      expect(out.events, name).toHaveLength(1);
      expect(out.events[0].title, name).toContain(name);
      expect(out.events[0].location ?? '', name).toContain(place);
    }
  });

  it('leaves no lone comma where a German ask’s date was taken out', async () => {
    const { out } = await run(
      mail(headers(CET, 'Elternsprechtag', 'pl-de'), 'Liebe Eltern,\n\nbitte buchen Sie bis Freitag, 4. Dezember, einen Termin bei den Lehrkräften.\n'),
    );
    expect(out.tasks).toHaveLength(1);
    expect(out.tasks[0].title).not.toContain(' ,');
  });
});

describe('a shared calendar’s notice that an entry was added', () => {
  it('makes the entry’s event, named by the subject after its colon, in any language', async () => {
    for (const [subject, from, intro, lines, name] of [
      [
        'New event on "Family": Dentist - Leo',
        'Family Calendar <calendar-notification@familyhub.example.com>',
        'Priya Shah added a new event to the shared calendar "Family".',
        'Dentist - Leo\nFriday, December 4, 2026\n8:30am - 9:00am\nSmile Studio, 12 Oak Street, Portland',
        'Dentist',
      ],
      [
        'Nuevo evento en «Familia»: Dentista - Leo',
        'Calendario <notificaciones@familyhub.example.es>',
        'Priya Shah ha añadido un nuevo evento al calendario compartido «Familia».',
        'Dentista - Leo\nviernes, 4 de diciembre de 2026\n8:30 - 9:00\nClínica Sonrisa, calle Roble 12, Madrid',
        'Dentista',
      ],
      [
        'Nouvel événement dans « Famille » : Dentiste - Léo',
        'Agenda <notifications@familyhub.example.fr>',
        'Priya Shah a ajouté un nouvel événement à l’agenda partagé « Famille ».',
        'Dentiste - Léo\nvendredi 4 décembre 2026\n8h30 - 9h00\nCabinet Sourire, 12 rue des Chênes, Lyon',
        'Dentiste',
      ],
    ]) {
      const { out } = await run(
        mail(headers(CET, subject, `cal-${name}`, from), `${intro}\n\n${lines}\n\nView the calendar: https://familyhub.example.com/c/family\n`),
      );
      expect(out.tasks, subject).toEqual([]);
      expect(out.events, subject).toHaveLength(1);
      expect(out.events[0].title, subject).toContain(name);
      expect(out.events[0].start_time?.slice(0, 10), subject).toBe('2026-12-04');
      expect(new Date(out.events[0].end_time).getTime() - new Date(out.events[0].start_time).getTime(), subject).toBe(30 * 60000);
    }
  });
});

describe('a booking confirmed in a compound or a perfect tense', () => {
  it('reads "Buchungsbestätigung", "du hast ... gebucht", "you’ve booked" as an appointment with its address', async () => {
    for (const [subject, from, body, street] of [
      [
        'Buchungsbestätigung: Yoga Flow am 5.12.',
        'FitWerk <buchung@fitwerk.example.de>',
        '<html><body><h2>Buchungsbestätigung</h2><p>Hallo Jonas,</p><p>du hast einen Platz im Kurs <b>Yoga Flow</b> gebucht.</p><p>Sa. 5.12., 10.00&ndash;11.00 Uhr<br>Studio 2, FitWerk Ehrenfeld, Venloer Str. 300, 50823 Köln</p><p>Bitte bring eine eigene Matte mit.</p></body></html>',
        'Venloer Str. 300',
      ],
      [
        'Anmeldebestätigung: Schwimmkurs',
        'Bad <anmeldung@bad.example.de>',
        '<html><body><p>Hallo Jonas,</p><p>ihr habt einen Platz im Schwimmkurs reserviert.</p><p>Sa. 5.12., 10.00&ndash;11.00 Uhr<br>Hallenbad Süd, Kölner Str. 12, 50667 Köln</p></body></html>',
        'Kölner Str. 12',
      ],
      [
        'Yoga Flow on 5 Dec',
        'FitHouse <bookings@fithouse.example.co.uk>',
        '<html><body><p>Hi Jonas,</p><p>You’ve booked a place in the <b>Yoga Flow</b> class.</p><p>Sat 5 Dec, 10:00&ndash;11:00<br>Studio 2, FitHouse, 300 Old Street, London</p></body></html>',
        '300 Old Street',
      ],
    ]) {
      const raw = mail({ ...headers(CET, subject, `b-${street}`, from), 'Content-Type': 'text/html; charset=utf-8' }, body);
      const { out } = await run(raw);
      expect(out.events, subject).toHaveLength(1);
      expect(out.events[0].start_time?.slice(0, 10), subject).toBe('2026-12-05');
      expect(out.events[0].location ?? '', subject).toContain(street);
    }
  });
});

describe('places given apart from their events', () => {
  it('gives every listed event the place of a sentence that counts them', async () => {
    for (const [subject, intro, entries, shared, place] of [
      [
        'Shifts',
        'Here are your shifts for December:',
        '  Sorting shift - Saturday 5 December, 9:00-12:00\n  Distribution shift - Saturday 19 December, 9:00-12:00',
        'Both shifts are at Riverside Food Bank, 300 Mill Lane, Reading RG1 6AB.',
        '300 Mill Lane',
      ],
      [
        'Workshops',
        'Your workshops:',
        '- Bookbinding: Saturday 5 December, 10:00-12:00\n- Calligraphy: Saturday 12 December, 10:00-12:00',
        'All sessions will be held at the Central Library, 12 Mill Road, Leeds.',
        '12 Mill Road',
      ],
      [
        'Créneaux',
        'Voici tes créneaux de décembre :',
        '  Tri - samedi 5 décembre, 9h-12h\n  Distribution - samedi 19 décembre, 9h-12h',
        'Les deux créneaux ont lieu à la Banque alimentaire, 300 rue du Moulin, Lyon.',
        '300 rue du Moulin',
      ],
    ]) {
      const { out } = await run(
        mail(headers(GMT, subject, `sp-${subject}`, 'Team <volunteers@team.example.org>'), `Hello,\n\n${intro}\n\n${entries}\n\n${shared}\n`),
      );
      expect(out.events, subject).toHaveLength(2);
      for (const e of out.events) expect(e.location ?? '', subject).toContain(place);
    }
  });

  it('keeps the venue’s name written before its street address', async () => {
    for (const [lines, name] of [
      ['Saturday 12 December, 2-4pm\nJumpzone, 85 Canal Street, Nottingham NG1 7EH', 'Jumpzone'],
      ['Sábado 12 de diciembre, de 16:00 a 18:00\nSaltalandia, calle Canal 85, Madrid', 'Saltalandia'],
    ]) {
      const intro =
        name === 'Jumpzone'
          ? 'Maya is turning 7 and we’d love your little ones to come to her party!'
          : '¡Lucía cumple 7 años y nos encantaría que vinierais a su fiesta!';
      const { out } = await run(mail(headers(GMT, 'Party', `nb-${name}`), `Hi all,\n\n${intro}\n\n${lines}\n`));
      expect(out.events, name).toHaveLength(1);
      expect(out.events[0].location ?? '', name).toContain(name);
    }
  });
});

describe('asking to be told whether', () => {
  it('titles the ask by what is to be told, in German as in the other languages', async () => {
    for (const [line, word] of [
      ['Bitte teilen Sie uns bis 4.12. mit, ob Sie an der Mieterversammlung teilnehmen.', 'Mieterversammlung'],
      ['Teilen Sie mir bitte bis Freitag, 4. Dezember, mit, wann Sie die Schlüssel abholen.', 'Schlüssel'],
      ['Please let us know by December 4 whether you will attend the residents’ meeting.', 'residents’ meeting'],
      ['Por favor, indíquennos antes del 4 de diciembre si asistirán a la reunión de vecinos.', 'reunión de vecinos'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Einladung', `ob-${word}`), `Hallo,\n\n${line}\n`));
      expect(out.tasks, line).toHaveLength(1);
      expect(out.tasks[0].title, line).toContain(word);
      expect(out.tasks[0].due_date?.slice(0, 10), line).toBe('2026-12-04');
    }
  });
});

describe('a moved meeting in the same room', () => {
  it('names the room in brackets after "the same room", and leaves no dangling "del"/"du" in the title', async () => {
    for (const [line, room] of [
      ['La reunión de coordinación del jueves 3 se cambia al viernes 4 a las 10:00, en la misma sala (Sala Miró, 2.ª planta).', 'Sala Miró'],
      ['La réunion de coordination du jeudi 3 est déplacée au vendredi 4 à 10h, dans la même salle (salle Rameau, 2e étage).', 'salle Rameau'],
      ['The coordination meeting on Thursday 3 is moved to Friday 4 at 10:00, in the same room (Room 4B, second floor).', 'Room 4B'],
    ]) {
      const { out } = await run(mail(headers('Mon, 30 Nov 2026 09:12:00 +0100', 'Cambio', `same-${room}`), `Hola:\n\n${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].start_time?.slice(0, 10), line).toBe('2026-12-04');
      expect(out.events[0].location, line).toContain(room);
      expect(out.events[0].title, line).not.toMatch(/\s(?:del|du|de)$/);
    }
  });
});

describe('asides and conditions around a request word', () => {
  it('does not take a request word in brackets for the ask', async () => {
    for (const line of [
      'Children should bring a packed lunch (no nuts, please) and wear school uniform.',
      'Los niños deben traer almuerzo (sin frutos secos, por favor) y el uniforme.',
      'Die Kinder sollten ein Lunchpaket (bitte ohne Nüsse) und Turnschuhe mitbringen.',
    ]) {
      const { out } = await run(mail(headers(GMT, 'Trip', `par-${line.length}`), `Dear parents,\n\n${line}\n`));
      expect(
        out.tasks.filter((t) => t.confidence > 0.3).map((t) => t.title),
        line,
      ).not.toContainEqual(expect.stringMatching(/^(?:please|por favor|bitte)\)/i));
      expect(
        out.tasks.every((t) => !/^\p{L}+\)/u.test(t.title)),
        line,
      ).toBe(true);
    }
  });

  it('reads a condition before the request word as an offer, not an errand', async () => {
    for (const line of [
      'If you are able to help as a parent volunteer on the day, please let Mrs Daniels know.',
      'Si podéis ayudar como voluntarios ese día, por favor decídnoslo.',
      'Wenn Sie am Tag selbst helfen können, sagen Sie bitte Frau Daniels Bescheid.',
    ]) {
      const { out } = await run(mail(headers(GMT, 'Trip', `cond-${line.length}`), `Dear parents,\n\n${line}\n`));
      expect(
        out.tasks.filter((t) => t.confidence > 0.3),
        line,
      ).toEqual([]);
    }
  });

  it('reads a German separable ask past an aside in brackets', async () => {
    for (const [line, title] of [
      [
        'Meldet eure Kinder bitte bis spätestens 10.12. bei Trainer Sven an (kurze Nachricht per WhatsApp genügt), damit wir planen können.',
        'Kinder bei Trainer Sven anmelden',
      ],
      ['Holt die Trikots bitte bis Freitag, 4.12., im Vereinsheim ab (Schlüssel beim Hausmeister).', 'Trikots im Vereinsheim abholen'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Verein', `sep-${title}`), `Liebe Eltern,\n\n${line}\n`));
      expect(out.tasks, line).toHaveLength(1);
      expect(out.tasks[0].title, line).toBe(title);
    }
  });
});

describe('a class that goes to see something', () => {
  it('reads "will be visiting", "assistera à", "asistirán a" as going somewhere, with the hours of leaving and coming back', async () => {
    for (const [subject, line, word] of [
      [
        'Year 5 trip to the Science Museum - consent',
        'Year 5 will be visiting the Science Museum in London on Wednesday 9 December as part of our topic. The coach will leave school at 8:45 and we expect to be back by 15:30.',
        'trip',
      ],
      [
        'Sortie au théâtre – CE2 B',
        'La classe de CE2 B assistera à la représentation « Le Voyage de Pinocchio » au Théâtre des Célestins le vendredi 9 décembre. Départ de l’école à 8h45, retour vers 15h30.',
        'théâtre',
      ],
      [
        'Salida al teatro – 3.º B',
        'Los alumnos de 3.º B asistirán a la obra «Pinocho» en el Teatro Principal el miércoles 9 de diciembre. Salida del colegio a las 8:45 y vuelta a las 15:30.',
        'teatro',
      ],
    ]) {
      const { out } = await run(mail(headers(GMT, subject, `go-${word}`, 'School <office@school.example.org>'), `Dear parents,\n\n${line}\n`));
      expect(out.events, subject).toHaveLength(1);
      expect(out.events[0].title.toLowerCase(), subject).toContain(word);
      expect(out.events[0].start_time?.slice(0, 16), subject).toBe('2026-12-09T08:45');
      expect(out.events[0].end_time?.slice(0, 16), subject).toBe('2026-12-09T15:30');
    }
  });
});

describe('confidence of a title pieced together wrongly', () => {
  it('lowers a title that repeats itself or is headed by a condition', async () => {
    const { calibrateTask } = await import('../../../src/doors/email/extraction/calibrate.js');
    const base = { kind: 'request' as const, excerpt: 'bis 4. Dezember', dueMs: Date.UTC(2026, 11, 4), dueIsExact: false, confidence: 0.8 };
    const ref = Date.UTC(2026, 10, 30);
    const clean = calibrateTask({ ...base, title: 'Ersatztermin mitteilen' }, ref).confidence;
    for (const title of [
      'Falls Sie an diesem Tag nicht anwesend sein können, teilen Sie uns Falls Sie',
      'If you cannot make it let us know',
      'Meldet eure Kinder Meldet eure Kinder bitte bei Trainer Sven an',
      'Si no puede asistir avísenos',
    ])
      expect(calibrateTask({ ...base, title }, ref).confidence, title).toBeLessThan(clean - 0.15);
  });

  it('reads a German separable ask after "und" as the ask itself', async () => {
    for (const [line, title] of [
      ['Und schick mir bitte bis Freitag die Zählerstände zu, dann trage ich sie ins Formular ein.', 'Zählerstände zuschicken'],
      ['Außerdem holt die Trikots bitte bis Freitag im Vereinsheim ab.', 'Trikots im Vereinsheim abholen'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Kurz', `und-${title}`), `Hi Lena,\n\n${line}\n`));
      expect(out.tasks, line).toHaveLength(1);
      expect(out.tasks[0].title, line).toBe(title);
    }
  });
});

describe('more shapes checked on new wordings', () => {
  it('never reads the minutes of a clock as a house number', async () => {
    const body =
      'Hi Alex,\n\nThis is a reminder of your dental cleaning on Tuesday, December 8 at 3:30 PM with Dr. Patel.\n\nRiverside Dental, 22 River Road, Suite 4, Hartford CT\n';
    const { out } = await run(mail(headers(GMT, 'Your appointment with Dr. Patel', 'clk', 'Riverside <appointments@riverside.example.com>'), body));
    expect(out.events).toHaveLength(1);
    expect(out.events[0].location).toContain('22 River Road');
  });

  it('reads "in den"/"ins" as a German place preposition', async () => {
    for (const [line, place] of [
      ['hiermit laden wir Sie herzlich zum Elternabend am Dienstag, 8. Dezember 2026, um 19:30 Uhr in den Klassenraum der 3b ein.', 'Klassenraum'],
      ['wir laden euch zur Weihnachtsfeier am Freitag, 18. Dezember, um 18 Uhr ins Vereinsheim Lindenau ein.', 'Vereinsheim'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Einladung', `ins-${place}`, 'Schule <sekretariat@schule.example.de>'), `Liebe Eltern,\n\n${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].location ?? '', line).toContain(place);
    }
  });

  it('drops "this year" and its kin from the head of an event title', async () => {
    for (const [line, title] of [
      ['Este año la cena de Navidad será el viernes 18 de diciembre a las 21:00 en el restaurante La Taberna.', 'Cena de Navidad'],
      ['This year, the holiday party will be on Friday, December 18 at 7 PM at the Grand Hotel.', 'Holiday party'],
      ['Cette année, le repas de Noël aura lieu le vendredi 18 décembre à 20h au restaurant Le Bistrot.', 'Repas de Noël'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Fiesta', `yr-${title}`), `Hola:\n\n${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].title, line).toBe(title);
    }
  });

  it('trusts an imperative with its own deadline about as much as a request', async () => {
    for (const line of [
      'Confirmad asistencia antes del lunes 14 de diciembre en el formulario.',
      'Book a slot with the teachers on the portal before Friday, December 11.',
      'Renvoyez le coupon avant le vendredi 11 décembre.',
    ]) {
      const { out } = await run(mail(headers(CET, 'Info', `imp-${line.length}`), `Hello,\n\n${line}\n`));
      expect(out.tasks, line).toHaveLength(1);
      expect(out.tasks[0].confidence, line).toBeGreaterThanOrEqual(0.68);
    }
  });
});

describe('second batch of new wordings', () => {
  it('cuts "otherwise ..." from an ask’s title', async () => {
    for (const line of [
      'Please collect your parcel by December 10, otherwise it will be returned to the sender.',
      'Bitte holen Sie das Paket bis 10. Dezember ab, andernfalls geht es an den Absender zurück.',
      'Por favor, recoja el paquete antes del 10 de diciembre; de lo contrario, será devuelto.',
    ]) {
      const { out } = await run(mail(headers(CET, 'Paket', `oth-${line.length}`), `Hallo,\n\n${line}\n`));
      expect(out.tasks, line).toHaveLength(1);
      expect(out.tasks[0].title, line).not.toMatch(/otherwise|andernfalls|contrario/i);
    }
  });

  it('names an appointment without the confirmation word of its subject', async () => {
    for (const subject of ['Confirmation de rendez-vous', 'Confirmación de cita', 'Confirmation of your appointment']) {
      const body = 'Bonjour,\n\nQuand : jeudi 10 décembre 2026 à 11h15\nOù : Cabinet des Lilas, 8 rue des Lilas, Bordeaux\n';
      const { out } = await run(mail(headers(CET, subject, `conf-${subject}`, 'Cabinet <rdv@cabinet.example.fr>'), body));
      expect(out.events, subject).toHaveLength(1);
      expect(out.events[0].title, subject).not.toMatch(/^(?:de|of)\b/i);
    }
  });

  it('names a moved meeting by the meeting, keeps a room number with a dot', async () => {
    for (const line of [
      'The quarterly review has been moved from Wednesday 9 December to Thursday 10 December, 14:00-15:30, Room 3.12.',
      'Das Quartalsgespräch wurde von Mittwoch, 9. Dezember, auf Donnerstag, 10. Dezember, 14:00-15:30 Uhr verschoben, Raum 3.12.',
    ]) {
      const { out } = await run(mail(headers(CET, 'Moved', `mv-${line.length}`), `Hi,\n\n${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].title, line).not.toMatch(/moved|verschoben|from|von$/i);
      expect(out.events[0].start_time?.slice(0, 10), line).toBe('2026-12-10');
    }
  });

  it('does not name an event by the people who hold it ("Tom and I")', async () => {
    for (const [subject, line] of [
      ['Save the date: Sophie & Tom’s wedding', 'Tom and I are getting married on Saturday 12 June 2027 at Hartwell House. The ceremony starts at 2pm.'],
      ['Housewarming', 'My partner and I are hosting a housewarming party on Saturday 12 December at 7pm at 5 Oak Road.'],
    ]) {
      const { out } = await run(mail(headers(GMT, subject, `we-${subject}`), `Dear friends,\n\n${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].title, line).not.toMatch(/\b(?:and I|und ich)\b/i);
    }
  });

  it('reads a meeting called "for" a day as its day, not a deadline', async () => {
    for (const line of [
      'Se convoca junta ordinaria de propietarios para el martes 15 de diciembre a las 19:00 en el portal del edificio.',
      'Nous convoquons l’assemblée générale des copropriétaires pour le mardi 15 décembre à 19h dans le hall.',
    ]) {
      const { out } = await run(mail(headers(CET, 'Junta', `conv-${line.length}`), `Estimados vecinos:\n\n${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].start_time?.slice(0, 16), line).toBe('2026-12-15T18:00');
      expect(out.tasks, line).toEqual([]);
    }
  });
});

describe('a schedule of labels and days without list marks', () => {
  it('makes an event of a timed line and a task of a deadline line; other lines make nothing', async () => {
    for (const [lines, event, task] of [
      [
        'Dear parents,\n\nTerm starts: Tuesday 5 January\nParents’ evening: Thursday 21 January, 4-7pm\nHalf term: 15-19 February\nDeadline for trip payments: Friday 29 January',
        'Parents’ evening',
        'Deadline for trip payments',
      ],
      [
        'Liebe Eltern,\n\nSchulbeginn: Dienstag, 5. Januar\nElternsprechtag: Donnerstag, 21. Januar, 16-19 Uhr\nAnmeldeschluss Skifahrt: Freitag, 29. Januar',
        'Elternsprechtag',
        'Anmeldeschluss Skifahrt',
      ],
      [
        'Estimadas familias:\n\nInicio de las clases: martes 5 de enero\nReunión de familias: jueves 21 de enero, 16:00-19:00\nFecha límite de pago de la excursión: viernes 29 de enero',
        'Reunión de familias',
        'Fecha límite de pago de la excursión',
      ],
    ]) {
      const { out } = await run(mail(headers(GMT, event, `lb-${event}`, 'School <office@school.example.org>'), `${lines}\n`));
      expect(
        out.events.map((e) => e.title),
        event,
      ).toEqual([event]);
      expect(out.events[0].start_time?.slice(0, 10), event).toBe('2027-01-21');
      expect(
        out.tasks.map((t) => [t.title, t.due_date?.slice(0, 10)]),
        task,
      ).toEqual([[task, '2027-01-29']]);
    }
  });

  it('does not read the header lines of a forward as a schedule', async () => {
    const body =
      'Nicht vergessen!\n\nVon: Hausverwaltung <service@hv.example.de>\nGesendet: Montag, 30. November 2026 09:14\nAn: Jan <jan@example.de>\nBetreff: Ablesung\n\nSehr geehrter Herr Schubert,\n\ndie Ablesung erfolgt am Mittwoch, 9.12.2026, zwischen 8 und 12 Uhr.\n';
    const { out } = await run(mail(headers(CET, 'WG: Ablesung', 'lb-fwd', 'Jan <jan@example.de>'), body));
    expect(out.events.map((e) => e.title)).not.toContain('Gesendet');
  });

  it('keeps a bill’s ask that names its deadline by reference over the label of that deadline', async () => {
    const body =
      'Estimado cliente:\n\nYa tiene disponible su factura de electricidad.\n\nPeriodo de facturación: 01/11/2026 - 30/11/2026\nImporte total: 63,40 €\nFecha límite de pago: 14 de diciembre de 2026\n\nLe rogamos que realice el pago por transferencia antes de esa fecha.\n';
    const { out } = await run(mail(headers(CET, 'Su factura de electricidad', 'lb-bill', 'Energía <facturacion@energia.example.es>'), body));
    expect(out.tasks).toHaveLength(1);
    expect(out.tasks[0].title).toContain('pago');
    expect(out.tasks[0].due_date?.slice(0, 10)).toBe('2026-12-14');
  });
});

describe('third batch of new wordings', () => {
  it('reads a carrier’s "sera livré" as a receipt’s notice, not an event', async () => {
    for (const [subject, line] of [
      ['Livraison prévue', 'Votre colis sera livré le jeudi 3 décembre entre 8h et 13h.'],
      ['Lieferung', 'Ihr Paket wird am Donnerstag, 3. Dezember, zwischen 8 und 13 Uhr zugestellt.'],
      ['Entrega prevista', 'Su paquete será entregado el jueves 3 de diciembre entre las 8:00 y las 13:00.'],
    ]) {
      const { out } = await run(mail(headers(CET, subject, `liv-${subject}`, 'Colis <suivi@colis.example.fr>'), `Bonjour,\n\n${line}\n`));
      expect(out.events, line).toEqual([]);
    }
  });

  it('keeps a possessive after the day out of an ask’s title', async () => {
    for (const [line, title] of [
      ['Can you fill in the hiring section before Thursday’s review?', 'Fill in the hiring section'],
      ['Please send me the figures by Monday’s meeting.', 'Send me the figures'],
    ]) {
      const { out } = await run(mail(headers(GMT, 'Plan', `pos-${title}`), `Hi,\n\n${line}\n`));
      expect(
        out.tasks.map((t) => t.title),
        line,
      ).toEqual([title]);
    }
  });

  it('makes nothing of a schedule line that says there is no session', async () => {
    for (const line of ['- Di 15.12.: kein Training', '- Tue 15 Dec: no practice', '- mar 15/12: sin entrenamiento']) {
      const body = `Hallo zusammen,\n\nim Dezember:\n\n- Di 8.12., 17:00-18:30 Uhr: Training Halle\n${line}\n`;
      const { out } = await run(mail(headers(CET, 'Training', `kein-${line.length}`), body));
      expect(out.tasks, line).toEqual([]);
    }
  });
});

describe('fourth batch of new wordings', () => {
  it('reads "se entrega", "ist ... abzugeben", "est à rendre" as a deadline', async () => {
    for (const [line, word] of [
      ['Os recuerdo que el trabajo de Historia se entrega el viernes 11 de diciembre antes de las 14:00 por el aula virtual.', 'trabajo de Historia'],
      ['Die Hausarbeit in Geschichte ist am Freitag, 11. Dezember, bis 14 Uhr abzugeben.', 'Hausarbeit in Geschichte'],
      ['Je vous rappelle que le devoir d’histoire est à rendre le vendredi 11 décembre avant 14h.', 'devoir d’histoire'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Recordatorio', `due-${word}`), `${line}\n`));
      expect(out.tasks, line).toHaveLength(1);
      expect(out.tasks[0].title, line).toContain(word);
      expect(out.tasks[0].due_date, line).toBe('2026-12-11T13:00:00.000Z');
    }
  });

  it('reads "Día:" as the day of an appointment, and "le recordamos su cita" as its confirmation', async () => {
    const body =
      'Le recordamos su cita:\n\nDía: lunes, 14 de diciembre de 2026\nHora: 10:40\nLugar: Centro de Salud Delicias, consulta 12\n\nSi no puede acudir, anule la cita en la app.\n';
    const { out } = await run(mail(headers(CET, 'Cita médica', 'dia', 'Salud <citaprevia@salud.example.es>'), body));
    expect(out.tasks).toEqual([]);
    expect(out.events).toHaveLength(1);
    expect(out.events[0].start_time).toBe('2026-12-14T09:40:00.000Z');
    expect(out.events[0].location).toContain('Centro de Salud Delicias');
  });

  it('does not read a journey’s departure and arrival lines as a schedule', async () => {
    for (const lines of [
      'Departure: Saturday 19 December 2026, 07:05\nArrival: 09:50\nSeat 14C',
      'Abfahrt: Samstag, 19. Dezember 2026, 07:05 Uhr\nAnkunft: 09:50 Uhr\nWagen 5, Platz 34',
    ]) {
      const { out } = await run(mail(headers(GMT, 'Trip', `trv-${lines.length}`), `Can you look at this?\n\nBooking reference: KX2L9P\n\n${lines}\n`));
      expect(out.events, lines).toEqual([]);
    }
  });
});

describe('a meeting’s day in the sentence before its hour', () => {
  it('reads the day named just before a meeting sentence that gives only the hour', async () => {
    for (const [line, place] of [
      ['Friday works for me. Let’s meet at the Blue Bottle café on Market Street at 10:30 and go through the slides together.', 'Blue Bottle'],
      ['Vendredi me va très bien. On se retrouve au café Le Florian à 10h30 pour relire les slides.', 'Florian'],
      ['Freitag passt mir gut. Treffen wir uns um 10:30 Uhr im Café Central und gehen die Folien durch.', 'Café Central'],
      ['El viernes me viene bien. Quedamos a las 10:30 en la cafetería Central para repasar las diapositivas.', 'Central'],
    ]) {
      const { out } = await run(mail(headers(GMT, 'Re: slides', `dsb-${place}`), `Hi,\n\n${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].start_time?.slice(0, 16), line).toBe('2026-12-04T10:30');
      expect(out.events[0].location ?? '', line).toContain(place);
    }
  });

  it('does not take "the minutes" of a meeting for a time', async () => {
    const { out } = await run(mail(headers(GMT, 'Board meeting minutes', 'min'), 'Hi all,\n\nAttached are the minutes from Monday.\n'));
    expect(out.events).toEqual([]);
  });
});

describe('fifth batch of new wordings', () => {
  it('reads "end of December" and its kin as that month’s last day', async () => {
    for (const line of [
      'Bitte vereinbaren Sie bis Ende Dezember einen Termin.',
      'Please book an appointment by the end of December.',
      'Merci de prendre rendez-vous avant la fin décembre.',
      'Por favor, pida cita antes de finales de diciembre.',
    ]) {
      const { out } = await run(mail(headers(CET, 'Impfung', `eom-${line.length}`), `${line}\n`));
      expect(out.tasks, line).toHaveLength(1);
      expect(out.tasks[0].due_date?.slice(0, 10), line).toBe('2026-12-31');
    }
  });

  it('titles a German polite imperative like a to-do, without the phone number to call', async () => {
    for (const [line, title] of [
      ['Bitte vereinbaren Sie bis Ende Dezember einen Termin unter 0221 555 123.', 'Termin vereinbaren'],
      ['Bitte überweisen Sie den Betrag bis zum 15. Dezember.', 'Betrag überweisen'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Hinweis', `pol-${title}`), `Sehr geehrte Frau Yilmaz,\n\n${line}\n`));
      expect(
        out.tasks.map((t) => t.title),
        line,
      ).toEqual([title]);
    }
    const { out } = await run(mail(headers(GMT, 'Vet', 'pol-en'), 'Please book a check-up by December 31 at 612 555 0148.\n'));
    expect(out.tasks[0].title).not.toMatch(/\d{3}/);
  });
});

describe('sixth batch of new wordings', () => {
  it('keeps a venue’s name with "des"/"of" before its address', async () => {
    for (const [line, name] of [
      ['Rendez-vous le samedi 19 décembre à 14h30 à la Maison des Associations, 5 rue Garibaldi.', 'Maison des Associations'],
      ['We start on Saturday 19 December at 2.30pm at the House of Games, 5 Garibaldi Street, Leeds.', 'House of Games'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Atelier cuisine de Noël', `ven-${name}`), `Bonjour,\n\n${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].location ?? '', line).toContain(name);
    }
  });

  it('names an event told only by the kind of meeting after the subject', async () => {
    for (const [subject, line] of [
      ['Atelier cuisine de Noël', 'Rendez-vous le samedi 19 décembre à 14h30 à la Maison des Associations.'],
      ['Weihnachtsbasteln im Hort', 'Treffen: Samstag, 19. Dezember, 14:30 Uhr im Gemeindehaus.'],
    ]) {
      const { out } = await run(mail(headers(CET, subject, `gen-${subject}`), `Bonjour,\n\n${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].title, line).toBe(subject);
    }
  });
});

describe('seventh batch of new wordings', () => {
  it('reads a pickup offered until a day as an ask with that deadline', async () => {
    for (const [line, word] of [
      ['Su medicamento ya está disponible. Puede recogerlo en la farmacia hasta el viernes 11 de diciembre.', 'Recogerlo'],
      ['The book you reserved is ready. You can collect it from the front desk until Friday, December 11.', 'Collect it'],
      ['Ihre Bücher sind da. Sie können Ihre Bücher bis zum 11. Dezember in der Filiale abholen.', 'abholen'],
      ['Votre commande est arrivée. Vous pouvez retirer votre commande jusqu’au vendredi 11 décembre.', 'Retirer votre commande'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Abholung', `pick-${word}`, 'Shop <info@shop.example.org>'), `${line}\n`));
      expect(out.tasks, line).toHaveLength(1);
      expect(out.tasks[0].title, line).toContain(word);
      expect(out.tasks[0].title, line).not.toMatch(/jusqu|hasta|until/i);
      expect(out.tasks[0].due_date?.slice(0, 10), line).toBe('2026-12-11');
    }
  });

  it('names a German pickup whose object is a pronoun by the subject, not by the shop', async () => {
    const body =
      'Guten Tag Herr Roth,\n\nIhre bestellten Bücher liegen bereit. Bitte holen Sie sie bis zum 16. Dezember in unserer Filiale in der Bergstraße 5 ab.\n';
    const { out } = await run(mail(headers(CET, 'Ihre Bestellung ist abholbereit', 'pick-de', 'Buch <info@buch.example.de>'), body));
    expect(out.tasks.map((t) => t.title)).toEqual(['Bestellung abholen']);
  });

  it('names a booked service without the confirmation after it', async () => {
    const body =
      'Bonjour Sophie,\n\nVotre rendez-vous pour une coupe + brushing est confirmé le samedi 12 décembre à 10h00.\n\nSalon Coiffure Élodie\n14 place Bellecour, 69002 Lyon\n';
    const { out } = await run(mail(headers(CET, 'Votre rendez-vous', 'coupe', 'Salon <rdv@salon.example.fr>'), body));
    expect(out.events).toHaveLength(1);
    expect(out.events[0].title).not.toMatch(/confirm/i);
    expect(out.events[0].title).toContain('coupe');
  });
});

describe('"that day" after a dated sentence', () => {
  it('dates an ask’s hour on the day the sentence before names', async () => {
    for (const [date, line] of [
      ['Tue, 1 Dec 2026 08:00:00 -0600', 'Lily has the dentist on Thursday at 4. Can you pick her up from school at 3:30 that day?'],
      ['Tue, 1 Dec 2026 08:00:00 +0100', 'Lily hat am Donnerstag um 16 Uhr Zahnarzt. Kannst du sie an dem Tag um 15:30 Uhr von der Schule abholen?'],
      ['Tue, 1 Dec 2026 08:00:00 +0100', 'Lily tiene dentista el jueves a las 16:00. ¿Puedes recogerla del colegio a las 15:30 ese día?'],
    ]) {
      const { out } = await run(mail(headers(date, 'Thursday', `that-${line.length}`), `Hi,\n\n${line}\n`));
      expect(out.tasks, line).toHaveLength(1);
      const local = new Date(Date.parse(out.tasks[0].due_date ?? '') + (date.endsWith('-0600') ? -6 : 1) * 3600000).toISOString();
      expect(local.slice(0, 16), line).toBe('2026-12-03T15:30');
      expect(out.tasks[0].title, line).not.toMatch(/that day|an dem Tag|ese día/i);
    }
  });
});

describe('eighth batch of new wordings', () => {
  it('names a proposed meeting after the subject, not "How about"', async () => {
    for (const [subject, line] of [
      ['Re: Lunch?', 'Sounds good! How about Thursday at 12:30 at Dishoom? I’ll book a table.'],
      ['Re: Team lunch', 'Works for me. What about Friday at 1pm at Nando’s?'],
      ['Re: Comida', '¡Genial! ¿Qué tal el jueves a las 12:30 en Casa Lucio?'],
    ]) {
      const { out } = await run(mail(headers(GMT, subject, `prop-${subject}`), `${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].title, line).toBe(subject.replace(/^Re:\s*/, '').replace(/\?$/, ''));
    }
  });

  it('reads a moved session without the reason and the replaced hour', async () => {
    for (const line of [
      'Practice this Saturday is moved to 9am (instead of 10) because of the tournament in the afternoon.',
      'L’entraînement de samedi est avancé à 9h (au lieu de 10h) à cause du tournoi de l’après-midi.',
    ]) {
      const { out } = await run(mail(headers(GMT, 'Practice update', `rsn-${line.length}`, 'Coach <coach@club.example.org>'), `Hi parents,\n\n${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].start_time?.slice(11, 16), line).toBe('09:00');
      expect(out.events[0].location ?? '', line).not.toMatch(/instead|statt/);
    }
  });
});

describe('ninth batch of new wordings', () => {
  it('reads "wir erinnern Sie an Ihren Werkstatttermin" as an appointment named by its service', async () => {
    const body =
      'Sehr geehrter Herr Klein,\n\nwir erinnern Sie an Ihren Werkstatttermin zum Reifenwechsel am Montag, 7. Dezember 2026, um 8:00 Uhr.\n\nAutohaus Meyer, Industriestraße 12, 45127 Essen\n';
    const { out } = await run(mail(headers(CET, 'Terminerinnerung', 'wst', 'Autohaus <service@autohaus.example.de>'), body));
    expect(out.events).toHaveLength(1);
    // Round sixteen: the sender the text names too is who the appointment is with.
    expect(out.events[0].title).toBe('Werkstatttermin zum Reifenwechsel – Autohaus');
    expect(out.events[0].location).toContain('Industriestraße 12');
  });

  it('reads a restaurant’s table booking as a time to be there, not a receipt', async () => {
    for (const [subject, body] of [
      [
        'Reserva confirmada',
        'Hola Javier:\n\nTu reserva está confirmada.\n\nFecha: sábado, 19 de diciembre de 2026\nHora: 21:30\nPersonas: 6\nDirección: Restaurante Lúa, calle Gran Vía 12, Madrid\n',
      ],
      [
        'Your booking at Dishoom',
        'Hi Sam,\n\nYour table for 4 is confirmed.\n\nDate: Saturday 19 December 2026\nTime: 20:30\nWhere: Dishoom, 12 Kingly Street, London\n',
      ],
    ]) {
      const { out } = await run(mail(headers(CET, subject, `tbl-${subject}`, 'Bookings <reservas@rest.example.com>'), body));
      expect(out.events, subject).toHaveLength(1);
      expect(out.events[0].start_time?.slice(0, 10), subject).toBe('2026-12-19');
    }
  });
});

describe('tenth batch of new wordings', () => {
  it('ends a street address at its abbreviation’s dot when the next sentence starts', async () => {
    for (const line of [
      'Join us for the company holiday party on Friday, December 18 from 6-10 PM at The Foundry, 450 Harrison St. Plus-ones welcome!',
      'Join us for the team dinner on Friday, December 18 at 7 PM at Luigi’s, 12 Market Ave. Everyone welcome!',
    ]) {
      const { out } = await run(mail(headers(GMT, 'Party', `st-${line.length}`), `Hi all,\n\n${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].location ?? '', line).not.toMatch(/Plus|Everyone/);
    }
  });
});

describe('eleventh batch of new wordings', () => {
  it('reads "se rendra au musée" and "se desplazarán al museo" as going somewhere', async () => {
    for (const [subject, line] of [
      ['Sortie scolaire au musée', 'Le jeudi 10 décembre, la classe de CM1 se rendra au musée du Louvre. Départ de l’école à 9h, retour prévu à 16h.'],
      [
        'Salida al museo',
        'El jueves 10 de diciembre, los alumnos de 4.º se desplazarán al Museo del Prado. Salida del colegio a las 9:00 y vuelta a las 16:00.',
      ],
    ]) {
      const { out } = await run(mail(headers(CET, subject, `go2-${subject}`, 'École <ecole@example.org>'), `Chers parents,\n\n${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].start_time, line).toBe('2026-12-10T08:00:00.000Z');
      expect(out.events[0].end_time, line).toBe('2026-12-10T15:00:00.000Z');
    }
  });
});

describe('a calendar’s invitation sent as text', () => {
  it('makes the event of an "Invitation: X @ ..." notice without an iCalendar part', async () => {
    for (const [subject, body] of [
      [
        'Invitation: Sprint review @ Fri Dec 11, 2026 10am - 11am (CET) (sam@example.com)',
        'You have been invited to the following event.\n\nSprint review\nWhen\nFriday Dec 11, 2026 ⋅ 10am – 11am (Central European Time - Berlin)\nJoining info\nmeet.google.com/abc-defg-hij\n\nGoing (sam@example.com)? Yes - Maybe - No\n',
      ],
      [
        'Invitación: Revisión del sprint @ vie 11 dic 2026 10:00 - 11:00 (CET) (sam@example.com)',
        'Has recibido una invitación para el siguiente evento.\n\nRevisión del sprint\nCuándo\nviernes, 11 de diciembre de 2026 ⋅ 10:00 – 11:00 (hora estándar de Europa central - Madrid)\n\n¿Vas a asistir? Sí - Quizás - No\n',
      ],
    ]) {
      const { out } = await run(mail(headers(CET, subject, `ginv-${subject.length}`, 'Google Calendar <calendar-notification@google.com>'), body));
      expect(out.tasks, subject).toEqual([]);
      expect(out.events, subject).toHaveLength(1);
      expect(out.events[0].start_time, subject).toBe('2026-12-11T09:00:00.000Z');
    }
  });
});

describe('twelfth batch of new wordings', () => {
  it('reads "cita de <service> para el <day>" as the booking’s day, and asks for punctuality as nothing to do', async () => {
    for (const [subject, body, word] of [
      [
        'Confirmación de su cita',
        '<html><body><p>Estimada Sra. Ortega:</p><p>Le confirmamos su cita de <strong>revisión y limpieza</strong> para el <strong>miércoles 16 de diciembre a las 17:45</strong> en nuestra clínica de calle Alcalá 120, Madrid.</p><p>Le rogamos puntualidad.</p></body></html>',
        'revisión y limpieza',
      ],
      [
        'Confirmation of your appointment',
        '<html><body><p>Dear Ms Ortega,</p><p>We confirm your appointment for a check-up and cleaning for Wednesday, December 16 at 5:45 PM at our clinic, 120 High Street, Leeds.</p><p>Please be on time.</p></body></html>',
        'check-up and cleaning',
      ],
    ]) {
      const raw = mail({ ...headers(CET, subject, `cita-${word}`, 'Clinic <citas@clinic.example.com>'), 'Content-Type': 'text/html; charset=utf-8' }, body);
      const { out } = await run(raw);
      expect(out.tasks, subject).toEqual([]);
      expect(out.events, subject).toHaveLength(1);
      expect(out.events[0].title, subject).toContain(word);
      expect(out.events[0].title, subject).not.toMatch(/\s(?:para|for)$/);
      expect(out.events[0].start_time?.slice(0, 10), subject).toBe('2026-12-16');
    }
  });
});

describe('confidence of an event named by a place phrase', () => {
  it('lowers an event whose title opens with a place preposition', async () => {
    const { calibrateEvent } = await import('../../../src/doors/email/extraction/calibrate.js');
    const base = {
      excerpt: 'le mercredi 16 décembre, de 18h30 à 20h30',
      startMs: 0,
      endMs: 3600000,
      allDay: false,
      location: '8 rue des Potiers',
      confidence: 0.85,
    };
    const named = calibrateEvent({ ...base, title: 'Cours de poterie' }).confidence;
    for (const title of ['À l’atelier', 'Im Atelier', 'At the studio', 'En el taller'])
      expect(calibrateEvent({ ...base, title }).confidence, title).toBeLessThan(named - 0.1);
  });
});

describe('a German to-do list', () => {
  it('reads entries that end on their infinitive as errands, not statements with a participle', async () => {
    const body =
      'Hallo Tim,\n\nfür nächste Woche:\n- Montag: Angebot für Müller fertigstellen\n- Mittwoch: Kundentermin in Bonn vorbereiten\n- Freitag: Reisekosten abrechnen\n\nDanke!\n';
    const { out } = await run(mail(headers('Sun, 29 Nov 2026 18:00:00 +0100', 'Plan für nächste Woche', 'de-todo'), body));
    expect(out.tasks.map((t) => [t.title, t.due_date?.slice(0, 10)])).toEqual([
      ['Angebot für Müller fertigstellen', '2026-11-30'],
      ['Kundentermin in Bonn vorbereiten', '2026-12-02'],
      ['Reisekosten abrechnen', '2026-12-04'],
    ]);
    const notes = 'Hallo,\n\nProtokoll:\n- Die Fassadenfarbe wird im Januar entschieden\n- Der Hausmeister hat die Heizung geprüft\n';
    const second = await run(mail(headers(CET, 'Protokoll', 'de-notes'), notes));
    expect(second.out.tasks.filter((t) => t.confidence > 0.3)).toEqual([]);
  });
});

describe('a convocation’s title', () => {
  it('names the meeting called, without the calling and a relative clause after it', async () => {
    for (const [line, title] of [
      [
        'Os convocamos a la asamblea general del AMPA que se celebrará el jueves 10 de diciembre a las 18:30 en la biblioteca del colegio.',
        'Asamblea general del AMPA',
      ],
      ['Nous vous convoquons à l’assemblée générale qui se tiendra le jeudi 10 décembre à 18h30 dans la salle des fêtes.', 'Assemblée générale'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Asamblea', `conv2-${title}`, 'AMPA <ampa@colegio.example.es>'), `Queridas familias:\n\n${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].title, line).toBe(title);
    }
  });
});

describe('thirteenth batch of new wordings', () => {
  it('reads "see you"/"nos vemos" with a day and an hour as a meeting named by the subject', async () => {
    for (const [subject, line, title] of [
      ['Re: Dinner Saturday?', 'Perfect, see you on Saturday at 8 at Luca’s! I booked under my name.', 'Dinner Saturday'],
      ['Re: Cena', 'Perfecto, nos vemos el sábado a las 20:00 en Casa Luca.', 'Cena'],
    ]) {
      const { out } = await run(mail(headers(GMT, subject, `see-${title}`), `${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].title, line).toBe(title);
      expect(out.events[0].start_time?.slice(0, 10), line).toBe('2026-12-05');
    }
  });

  it('reads "te han asignado la revisión médica" as an appointment', async () => {
    const body =
      'Hola Ana:\n\nTe han asignado la revisión médica anual el martes 15 de diciembre a las 9:10 en el centro médico de la calle Serrano 40.\n\nAcude en ayunas.\n';
    const { out } = await run(mail(headers(CET, 'Convocatoria: revisión médica', 'asig', 'RRHH <rrhh@empresa.example.es>'), body));
    expect(out.tasks).toEqual([]);
    expect(out.events).toHaveLength(1);
    expect(out.events[0].start_time).toBe('2026-12-15T08:10:00.000Z');
    expect(out.events[0].location).toContain('Serrano 40');
  });
});

describe('an hour written before its day', () => {
  it('joins the hour to the day a few words after it', async () => {
    for (const [line, start] of [
      ['Perfect, see you at 8pm at Luca’s on Saturday!', '2026-12-05T20:00'],
      ['The choir rehearses at 7pm in the parish hall on Saturday.', '2026-12-05T19:00'],
      ['Nos vemos a las 20:00 en Casa Luca el sábado.', '2026-12-05T20:00'],
    ]) {
      const { out } = await run(mail(headers(GMT, 'Re: Saturday plans', `hb-${line.length}`), `${line}\n`));
      expect(out.events, line).toHaveLength(1);
      expect(out.events[0].start_time?.slice(0, 16), line).toBe(start);
    }
  });
});

describe('fourteenth batch of new wordings', () => {
  it('reads a meeting point field as the place', async () => {
    for (const [body, place] of [
      [
        'Hallo Familie Weber,\n\nvielen Dank für die Anmeldung zum Skikurs.\n\nKursbeginn: Samstag, 2. Januar 2027, 9:30 Uhr\nTreffpunkt: Talstation Sesselbahn Oberjoch\n',
        'Talstation',
      ],
      ['Hello,\n\nThanks for booking the walking tour.\n\nWhen: Saturday 2 January 2027, 9:30\nMeeting point: Clock Tower, Market Square\n', 'Clock Tower'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Anmeldung', `mp-${place}`, 'Tours <info@tours.example.org>'), body));
      expect(out.events, place).toHaveLength(1);
      expect(out.events[0].location ?? '', place).toContain(place);
    }
  });

  it('trusts a list entry with its own deadline about as much as a request', async () => {
    const body =
      'Hi Sam,\n\nA few things:\n\n1. Please update the revenue chart.\n2. Add a slide on hiring.\n3. Send the final version to Laura by Thursday, December 3.\n';
    const { out } = await run(mail(headers(GMT, 'Re: Q4 report', 'lst'), body));
    const dated = out.tasks.find((t) => t.due_date);
    expect(dated?.title).toBe('Send the final version to Laura');
    expect(dated?.confidence).toBeGreaterThanOrEqual(0.7);
  });
});

describe('an ask with only an hour after a dated sentence', () => {
  it('takes the day of the sentence before', async () => {
    for (const [line, title] of [
      ['Wir ziehen am Samstag, 12. Dezember, um. Könnt ihr ab 9 Uhr beim Tragen helfen?', 'Beim Tragen helfen'],
      ['We’re moving house on Saturday, December 12. Could you come and help carry boxes at 9am?', 'Come and help carry boxes'],
    ]) {
      const { out } = await run(mail(headers(CET, 'Umzug', `ho-${title}`), `Hi Tom,\n\n${line}\n`));
      expect(out.tasks, line).toHaveLength(1);
      expect(out.tasks[0].title, line).toBe(title);
      expect(out.tasks[0].due_date, line).toBe('2026-12-12T08:00:00.000Z');
    }
  });
});

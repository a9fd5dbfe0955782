/**
 * Fifth quality round (issue 16): field labels in four languages and fields that stand alone,
 * durations said apart from the hours, asks told by their form (questions, reminders, "let X know"),
 * closures and agenda entries as days, invitations named by what they invite to, deadlines by
 * reference ("before then", a list intro's date, "before attending"), and the evidence behind
 * confidence. Sentences here are made up for the rules (several wordings and languages each), not
 * taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { day, headers, mail, run } from './helpers.js';

const CET = 'Tue, 1 Dec 2026 10:00:00 +0100';
const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';

describe('fields', () => {
  it('makes the event of a lone When field in any language, named by the line above it', async () => {
    for (const [when, where] of [
      ['Quand : mardi 8 décembre 2026 10:00-10:30', 'Où : Salle Voltaire'],
      ['Wann: Dienstag, 8. Dezember 2026, 10:00-10:30 Uhr', 'Wo: Raum Voltaire'],
      ['Cuándo: martes 8 de diciembre de 2026 10:00-10:30', 'Dónde: Sala Voltaire'],
    ]) {
      const body = `Point d'équipe\n\n${when}\n${where}\n\nCeci est un rappel automatique.`;
      const { out } = await run(mail(headers(CET, 'Rappel : Point d’équipe', 'f1', 'Outlook <no-reply@outlook.example.com>'), body));
      expect(out.events, when).toHaveLength(1);
      expect(out.events[0].title).toBe("Point d'équipe");
      expect(out.events[0].start_time).toBe('2026-12-08T09:00:00.000Z');
      expect(out.events[0].end_time).toBe('2026-12-08T09:30:00.000Z');
      expect(out.events[0].location).toMatch(/Voltaire/);
    }
  });

  it('takes a Location field below the hours as the place, never the time-zone line', async () => {
    const body = 'Piano recital\nSaturday Dec 12, 2026 ⋅ 3pm – 4pm\nCentral European Time - Berlin\n\nLocation\nMusic House, Room 2\n';
    const { out } = await run(mail(headers(EST, 'Reminder: Piano recital @ Sat Dec 12, 2026 3pm', 'f2', 'Calendar <calendar-notification@google.com>'), body));
    expect(out.events).toHaveLength(1);
    expect(out.events[0].location).toBe('Music House, Room 2');
  });
});

describe('durations said apart from the hours', () => {
  it('reads a duration sentence after the event and a duration field on its own line', async () => {
    const cases: [string, string, string][] = [
      ['The design review is on Wednesday, December 9 at 11:00 AM in Room 4B. It should take about 90 minutes.', EST, '2026-12-09T17:30:00.000Z'],
      ['The design review is on Wednesday, December 9 at 11:00 AM in Room 4B.\n\nDuration: 45 min', EST, '2026-12-09T16:45:00.000Z'],
      ['Die Besprechung ist am Mittwoch, 9. Dezember um 11:00 Uhr im Raum 4B. Sie dauert etwa 30 Minuten.', CET, '2026-12-09T10:30:00.000Z'],
    ];
    for (const [body, date, end] of cases) {
      const { out } = await run(mail(headers(date, 'Review', 'd1'), body));
      expect(
        out.events.map((e) => e.end_time),
        body,
      ).toEqual([end]);
    }
  });

  it('reads "Durée prévue : 45 minutes" in an appointment reminder', async () => {
    const body =
      'Bonjour,\n\nNous vous rappelons votre rendez-vous pour la révision de votre vélo :\n\nLe lundi 7 décembre à 9h15\nAtelier Vélo, 4 rue des Lilas, 69007 Lyon\n\nDurée prévue : 45 minutes.';
    const { out } = await run(mail(headers(CET, 'Rappel de votre rendez-vous', 'd2', 'Atelier <rdv@atelier.example.fr>'), body));
    expect(out.events.map((e) => [e.start_time, e.end_time])).toEqual([['2026-12-07T08:15:00.000Z', '2026-12-07T09:00:00.000Z']]);
  });
});

describe('asks told by their form', () => {
  it('reads questions about the reader as requests, in four languages', async () => {
    const cases: [string, string, RegExp][] = [
      ['Tu pourrais me rendre la perceuse avant samedi ?', CET, /^Rendre la perceuse$/],
      ['¿Me podrías devolver el taladro antes del sábado?', CET, /^Devolver el taladro$/],
      ['Würdest du mir bis Samstag die Bohrmaschine zurückgeben?', CET, /Bohrmaschine/],
      ['Would you be able to return the drill by Saturday?', EST, /^Return the drill$/],
    ];
    for (const [body, date, title] of cases) {
      const { out } = await run(mail(headers(date, 'Bohrer', 'q1'), body));
      expect(
        out.tasks.map((t) => t.title),
        body,
      ).toHaveLength(1);
      expect(out.tasks[0].title).toMatch(title);
      expect(day(out.tasks[0].due_date)).toMatch(/^2026-12-0[56]$/);
    }
  });

  it('does not read a statement with the same words as a request', async () => {
    const { out } = await run(mail(headers(CET, 'Programme', 'q2'), 'Vous pouvez consulter le programme sur notre site avant le 5 décembre.'));
    expect(out.tasks.map((t) => t.due_date)).toEqual([null]);
  });

  it('reads "let <anyone> know by" and "Bescheid geben" as answers asked by a date', async () => {
    const en = (await run(mail(headers(EST, 'Party', 'a1'), 'Let Coach Dana know by Thursday, December 3 how many of you are coming.'))).out;
    expect(en.tasks.map((t) => [t.title, day(t.due_date)])).toEqual([['Let Coach Dana know how many of you are coming', '2026-12-04']]);
    const de = (await run(mail(headers(CET, 'Ausflug', 'a2'), 'Gebt bitte bis Freitag, 4. Dezember Bescheid, ob ihr mitkommt.'))).out;
    expect(de.tasks.map((t) => day(t.due_date))).toEqual(['2026-12-04']);
    const polite = (await run(mail(headers(EST, 'Party', 'a3'), 'Let Coach Dana know how many of you are coming.'))).out;
    expect(polite.tasks.map((t) => t.due_date)).toEqual([null]);
  });

  it('reads reminders as asks and keeps what is to be done', async () => {
    const de = (await run(mail(headers(CET, 'Steuer', 'r1'), 'Hallo,\n\nvergiss bitte nicht, die Belege bis 15. Dezember an den Steuerberater zu schicken.')))
      .out;
    expect(de.tasks.map((t) => t.title)).toEqual(['Belege an den Steuerberater schicken']);
  });

  it('completes an object that only points with what the subject is about', async () => {
    const { out } = await run(
      mail(
        headers(EST, 'Please review and sign: Lease renewal 2027', 's1', 'Sign <noreply@sign.example.com>'),
        'Please complete this document by December 8, 2026.',
      ),
    );
    expect(out.tasks.map((t) => t.title)).toEqual(['Complete this document: Lease renewal 2027']);
  });
});

describe('days written down', () => {
  it('makes a closure an all-day event, through the last day of a range', async () => {
    const cases: [string, string, string, string][] = [
      ['Oak Hill School will be closed on Friday, December 18 for a training day.', EST, '2026-12-18', '2026-12-19'],
      ['No school on Monday, December 21.', EST, '2026-12-21', '2026-12-22'],
      ['Die Praxis bleibt vom 24. bis 31. Dezember geschlossen.', CET, '2026-12-24', '2027-01-01'],
      ['La oficina estará cerrada el martes 8 de diciembre.', CET, '2026-12-08', '2026-12-09'],
      ['La crèche sera fermée du jeudi 24 décembre au vendredi 1er janvier inclus.', CET, '2026-12-24', '2027-01-02'],
    ];
    for (const [body, date, start, end] of cases) {
      const { out } = await run(mail(headers(date, 'Hinweis', 'c1'), body));
      expect(
        out.events.map((e) => [e.all_day, day(e.start_time), day(e.end_time)]),
        body,
      ).toEqual([[true, start, end]]);
    }
  });

  it('makes an agenda entry (a noun phrase with a day and an hour) an event, not a sentence or a field', async () => {
    const note = (await run(mail(headers(EST, 'notes', 'g1'), 'Reminder to myself: dentist on Dec 17 at 4:15pm. Flu shot at CVS Saturday 11am.'))).out;
    expect(note.events.map((e) => [e.title, e.location])).toEqual([
      ['Dentist', null],
      ['Flu shot', 'CVS'],
    ]);
    const field = (await run(mail(headers(EST, 'Your stay', 'g2'), 'Arrival: Friday, 18 December 2026 (check-in from 15:00)'))).out;
    expect(field.events).toHaveLength(0);
    const task = (await run(mail(headers(EST, 'Report', 'g3'), 'Send report Dec 17 at 4pm'))).out;
    expect(task.events).toHaveLength(0);
  });

  it('names an invitation by what it invites to', async () => {
    const cases: [string, string, string][] = [
      ['Auch dieses Jahr laden wir zum Weihnachtsbasteln ein: am Mittwoch, 9. Dezember, von 15:00 bis 17:00 Uhr in der Aula.', CET, 'Weihnachtsbasteln'],
      ['Os invitamos a la chocolatada del viernes 18 de diciembre a las 17:00 en el patio del colegio.', CET, 'Chocolatada'],
      ['Nous vous invitons à la galette des rois le samedi 9 janvier à 15h à la salle des fêtes.', CET, 'Galette des rois'],
    ];
    for (const [body, date, title] of cases) {
      const { out } = await run(mail(headers(date, 'Hallo', 'i1'), body));
      expect(
        out.events.map((e) => e.title),
        body,
      ).toEqual([title]);
    }
  });

  it('makes no event from a notice that the event was called off', async () => {
    const body = 'The following meeting has been canceled:\n\nDesign review\nThursday, December 3, 2026 2:00 PM-3:00 PM';
    const { out } = await run(mail(headers(EST, 'Canceled: Design review', 'x1', 'Outlook <no-reply@outlook.example.com>'), body));
    expect(out.events).toHaveLength(0);
  });
});

describe('deadlines by reference', () => {
  it('dates a list intro’s entries, and "before then" by the sentence before', async () => {
    const list = 'To complete your file we need the following by December 18:\n\n- Copy of your ID\n- Signed engagement letter';
    const a = (await run(mail(headers(EST, 'Documents', 'b1'), list))).out;
    expect(a.tasks.map((t) => day(t.due_date))).toEqual(['2026-12-19', '2026-12-19']);
    const then = 'Your network password will expire on December 10, 2026. Please change it before then.';
    const b = (await run(mail(headers(EST, 'Password', 'b2'), then))).out;
    expect(b.tasks.map((t) => day(t.due_date))).toEqual(['2026-12-11']);
  });

  it('makes "review X before our call on Thursday" a task, not the call', async () => {
    const { out } = await run(mail(headers(EST, 'docs', 'b3'), 'Also, please review section 3 before our call on Thursday at 10.'));
    expect(out.events).toHaveLength(0);
    expect(out.tasks.map((t) => day(t.due_date))).toEqual(['2026-12-03']);
  });
});

describe('confidence follows the evidence', () => {
  it('trusts a due date before the mail was written and a bare meeting-kind title less', async () => {
    const past = (await run(mail(headers(CET, 'Collecte', 'e1'), 'Merci de sortir vos objets le lundi 30 novembre.'))).out;
    const future = (await run(mail(headers(CET, 'Collecte', 'e2'), 'Merci de sortir vos objets le mercredi 9 décembre.'))).out;
    expect(past.tasks[0].confidence).toBeLessThan(future.tasks[0].confidence - 0.1);
    const bare = (await run(mail(headers(EST, 'Re: Q4', 'e3'), "Let's meet Thursday 10:30-11:15 in the Cedar room."))).out;
    const named = (await run(mail(headers(EST, 'Re: Q4', 'e4'), 'The roadmap review is Thursday 10:30-11:15 in the Cedar room.'))).out;
    expect(bare.events[0].confidence).toBeLessThan(named.events[0].confidence);
  });
});

describe('days told apart from their happening, and things that are not one event', () => {
  it('joins a day line to the invitation before it', async () => {
    const en = (
      await run(
        mail(
          headers(EST, 'Baby shower!', 'h1'),
          "You're invited to Mia's baby shower! Sunday, January 10 · 1-4 PM · 88 Cedar Ave. Please RSVP to Eva by December 30.",
        ),
      )
    ).out;
    expect(en.events.map((e) => [e.title, e.start_time, e.location])).toEqual([["Mia's baby shower", '2027-01-10T18:00:00.000Z', '88 Cedar Ave']]);
    // The RSVP names the one event it is for (thirteenth round).
    expect(en.tasks.map((t) => [t.title, day(t.due_date)])).toEqual([["RSVP to Eva: Mia's baby shower", '2026-12-31']]);
    const de = (
      await run(mail(headers(CET, 'Einladung', 'h2'), 'Wir laden euch herzlich zu unserem Sommerfest ein!\nSamstag, 11. Juli, 15 Uhr, Vereinsheim Süd.'))
    ).out;
    expect(de.events.map((e) => [e.title, e.start_time])).toEqual([['Sommerfest', '2027-07-11T14:00:00.000Z']]);
  });

  it('makes no event of opening hours or a weekly habit, and no task of an ask on a condition', async () => {
    const body = 'Our office hours are Monday to Friday, 9am to 5pm ET.\n\nFor urgent matters, please contact Lisa at lisa@example.com.';
    const { out } = await run(mail(headers(EST, 'Re: Ticket 4412', 'h3', 'Support <support@acme.example.com>'), body));
    expect(out.events).toHaveLength(0);
    expect(out.tasks.map((t) => t.due_date)).toEqual([null]);
    const ooo = (await run(mail(headers(EST, 'Out of office', 'h4'), 'I am away until January 4. Please contact Lisa for anything urgent.'))).out;
    expect(ooo.tasks.map((t) => t.title)).toEqual(['Out of office']);
  });
});

describe('obligations, notes and lists in other shapes', () => {
  it('titles German passive and Spanish impersonal obligations by their verb', async () => {
    const de = (await run(mail(headers(CET, 'Versammlung', 'o1'), 'Anträge müssen bis zum 4. Dezember schriftlich beim Vorstand eingereicht werden.'))).out;
    expect(de.tasks.map((t) => [t.title, day(t.due_date)])).toEqual([['Anträge einreichen', '2026-12-04']]);
    const es = (await run(mail(headers(CET, 'Excursión', 'o2'), 'Es necesario entregar la autorización firmada antes del martes 8.'))).out;
    expect(es.tasks.map((t) => [t.title, day(t.due_date)])).toEqual([['Entregar la autorización firmada', '2026-12-08']]);
  });

  it('titles a notes entry by its errand, not its owner', async () => {
    const body = 'Notes from today:\n\n- Alex to send the revised budget by Friday\n- Priya will book the venue for the offsite';
    const { out } = await run(mail(headers(EST, 'Notes', 'o3'), body));
    expect(out.tasks.map((t) => t.title)).toEqual(['Send the revised budget', 'Book the venue for the offsite']);
  });

  it('reads a listed label and its day as a schedule entry, and no weekday inside a word', async () => {
    const body = 'Fechas:\n\n- Último día para pagar el comedor: 22 de diciembre.\n- Vuelta a las clases: jueves 7 de enero a las 9:00.';
    const { out } = await run(mail(headers(CET, 'Fechas', 'o4'), body));
    expect(out.tasks.map((t) => day(t.due_date))).toEqual(['2026-12-22']);
    expect(out.events.map((e) => e.start_time)).toEqual(['2027-01-07T08:00:00.000Z']);
    const de = (await run(mail(headers(CET, 'Probetraining', 'o5'), 'Komm bitte 15 Minuten früher und bring ein Handtuch mit.'))).out;
    expect(de.tasks.map((t) => [t.title, t.due_date])).toEqual([['Komm 15 Minuten früher und bring ein Handtuch mit', null]]);
  });
});

describe('days counted or named from elsewhere in the mail', () => {
  it('counts "within 5 days" from the mail and dates a bare weekday by the day written before it', async () => {
    const within = (await run(mail(headers(CET, 'Rechnung', 'w1'), 'Bitte überweisen Sie den Betrag innerhalb von 14 Tagen.'))).out;
    expect(within.tasks.map((t) => day(t.due_date))).toEqual(['2026-12-15']);
    const body = 'Our winter campout is Friday, January 15 through Sunday, January 17 at Camp Wood. We meet at the church parking lot at 5:30 PM on Friday.';
    const camp = (await run(mail(headers(EST, 'Winter campout', 'w2'), body))).out;
    expect(camp.events.map((e) => e.start_time)).toEqual(['2027-01-15T22:30:00.000Z']);
  });

  it('names a closure by its clause’s subject, and a German event told after its verb', async () => {
    const es = (
      await run(mail(headers(CET, 'Cierre', 'w3'), 'Les informamos de que nuestras oficinas permanecerán cerradas del 24 de diciembre al 6 de enero.'))
    ).out;
    expect(es.events.map((e) => [e.title, day(e.start_time), day(e.end_time)])).toEqual([['Oficinas cerradas', '2026-12-24', '2027-01-07']]);
    const de = (await run(mail(headers(CET, 'Sprechtag', 'w4'), 'Am Donnerstag, den 10. Dezember, finden von 14 bis 18 Uhr die Elternsprechtage statt.'))).out;
    expect(de.events.map((e) => [e.title, e.start_time, e.end_time])).toEqual([['Elternsprechtage', '2026-12-10T13:00:00.000Z', '2026-12-10T17:00:00.000Z']]);
  });
});

describe('one happening on several days', () => {
  it('makes one event per day joined by "and", and not for another event told after it', async () => {
    const body = 'The Nutcracker performances are Friday, December 18 at 7 PM and Saturday, December 19 at 2 PM at the Lincoln Theater.';
    const { out } = await run(mail(headers(EST, 'Nutcracker', 'm1'), body));
    expect(out.events.map((e) => [e.title, e.start_time])).toEqual([
      ['Nutcracker performances', '2026-12-19T00:00:00.000Z'],
      ['Nutcracker performances', '2026-12-19T19:00:00.000Z'],
    ]);
    const two = (await run(mail(headers(EST, 'x', 'm2'), 'The rehearsal is Thursday, Dec 10 at 6 PM and the concert is Saturday, Dec 12 at 7 PM.'))).out;
    expect(two.events.every((e) => e.title === 'Rehearsal')).toBe(true);
    expect(two.events).toHaveLength(1);
  });
});

describe('choices and passives', () => {
  it('reads a list of dates under "please vote by" as choices, and the intro as the ask', async () => {
    const body = 'Hi team,\n\nWhich day works for the holiday lunch? Please vote by Friday:\n\nA) Tuesday, Dec 15 at 12:30\nB) Thursday, Dec 17 at 12:30';
    const { out } = await run(mail(headers(EST, 'Holiday lunch - vote', 'v1'), body));
    expect(out.events).toHaveLength(0);
    expect(out.tasks.map((t) => [t.title.split(':')[0], day(t.due_date)])).toEqual([['Vote', '2026-12-05']]);
  });

  it('titles French and Spanish passive obligations by the infinitive', async () => {
    const fr = (
      await run(
        mail(headers(CET, 'Inscriptions', 'v2'), "Je vous rappelle que les dossiers d'inscription doivent être déposés au plus tard le vendredi 11 décembre."),
      )
    ).out;
    expect(fr.tasks.map((t) => t.title)).toEqual(["Déposer les dossiers d'inscription"]);
    const es = (await run(mail(headers(CET, 'Formularios', 'v3'), 'Los formularios deben ser entregados antes del viernes 11 de diciembre.'))).out;
    expect(es.tasks.map((t) => t.title)).toEqual(['Entregar los formularios']);
  });
});

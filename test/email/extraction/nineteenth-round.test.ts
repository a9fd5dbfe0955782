/**
 * Nineteenth quality round (issue 16), from the misses of `email-typical26` and `email-typical27`
 * (tuning sets since). Sentences here are made up for the rules (several wordings and languages
 * each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { extractor, headers, localDay, mail, minutes, run, titles } from './helpers.js';

const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';
const CET = 'Tue, 1 Dec 2026 09:00:00 +0100';
const PST = 'Tue, 1 Dec 2026 09:00:00 -0800';

const extracted = extractor('r19');

describe('forwarded mail', () => {
  it('reads what iPhone Mail forwards behind ">" as the mail, in English and German', async () => {
    const en = await extracted(
      PST,
      "Sent from my iPhone\n\nBegin forwarded message:\n\n> From: Coach Mia <mia.coach@example.org>\n> Date: November 30, 2026 at 7:02:11 PM PST\n> Subject: Team dinner\n>\n> Hi all,\n>\n> Our team dinner is Friday, December 11 from 6:00pm to 8:00pm at Luigi's Trattoria.\n>\n> Please RSVP by Monday, December 7 so I can book the table.\n",
      'Fwd: Team dinner',
    );
    expect(en.events.map((e) => [e.title, e.start_time])).toEqual([['Team dinner', '2026-12-12T02:00:00.000Z']]);
    expect(en.tasks.map((t) => localDay(t.due_date, -8))).toEqual(['2026-12-07']);
    const de = await extracted(
      CET,
      'Anfang der weitergeleiteten Nachricht:\n\n> Von: Praxis Neumann <info@praxis-neumann.example.de>\n> Betreff: Impftermin\n>\n> Bitte bringen Sie den Impfpass bis Freitag, 4. Dezember, in der Praxis vorbei.\n',
      'WG: Impftermin',
    );
    expect(de.tasks.map((t) => localDay(t.due_date, 1))).toEqual(['2026-12-04']);
  });
});

describe('asks that point back', () => {
  it('name the object a pronoun stands for, from the sentence itself or the one before', async () => {
    const own = await extracted(EST, 'Hi,\n\nThe bank needs the signed appraisal this week - can you send it to me by Thursday?\n\nThanks\n');
    expect(titles(own.tasks)).toEqual(['Send the signed appraisal to me']);
    const before = await extracted(
      EST,
      'Hi,\n\nThe nurse still has no medical forms for the twins. Please drop them off at the front desk by Friday.\n\nThanks\n',
    );
    expect(titles(before.tasks)).toEqual([expect.stringMatching(/^Drop the medical forms off/)]);
    // An undated need before the ask is no errand of its own.
    const need = await extracted(EST, 'Hi,\n\nWe still need the medical forms for both kids. Please drop them off at the front desk by Friday.\n\nThanks\n');
    expect(titles(need.tasks)).toEqual([expect.stringMatching(/^Drop the medical forms off/)]);
  });

  it('take what the subject names when no object was named before', async () => {
    const out = await extracted(EST, 'Hi Ana,\n\nIf everything looks right, please sign and return it by Friday.\n\nThanks,\nLee\n', 'Lease renewal 2027');
    expect(titles(out.tasks)).toEqual(['Sign and return it: Lease renewal 2027']);
  });

  it('title a list entry by what it asks about when the answer is asked for after its dash', async () => {
    const out = await extracted(
      EST,
      'Hi,\n\nCould you please send us the following:\n\n1. Your property tax bill - by Friday 4 December\n2. Whether you want us to file the extension for the\n   year - please let me know by Monday 7 December\n\nKind regards\n',
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, -5)])).toEqual([
      ['Your property tax bill', '2026-12-04'],
      ['Whether you want us to file the extension for the year', '2026-12-07'],
    ]);
  });

  it('read a forwarder’s note "need <someone> to ..." as getting them to', async () => {
    const out = await extracted(EST, 'For my list - need accounting to review the new rates before we renew.\n\nJo\n');
    expect(titles(out.tasks)).toEqual([expect.stringMatching(/^Get accounting to review the new rates/)]);
  });

  it('read "we also need ... by" as an ask in four languages, and an undated need as the list’s intro', async () => {
    const en = await extracted(EST, 'Hi,\n\nWe also need your insurance card by Monday, December 7.\n\nThanks\n');
    expect(en.tasks.map((t) => localDay(t.due_date, -5))).toEqual(['2026-12-07']);
    const de = await extracted(CET, 'Hallo,\n\nFür die Abrechnung benötigen wir außerdem Ihre Quittungen spätestens am Montag, 7. Dezember.\n\nGrüße\n');
    expect(de.tasks.map((t) => localDay(t.due_date, 1))).toEqual(['2026-12-07']);
    const es = await extracted(CET, 'Hola:\n\nNecesitamos tu certificado de empadronamiento antes del 9 de diciembre.\n\nUn saludo\n');
    expect(es.tasks.map((t) => localDay(t.due_date, 1))).toEqual(['2026-12-09']);
    // Nothing read: the subject fallback (D16) is the one task.
    const undated = await extracted(
      CET,
      'Guten Tag,\n\nZur Bearbeitung Ihres Antrags benötigen wir noch Unterlagen.\n\nMit freundlichen Grüßen\n',
      'Ihr Antrag',
    );
    expect(undated.tasks.map((t) => [t.title, t.due_date])).toEqual([['Ihr Antrag', null]]);
  });
});

describe('nothing to do', () => {
  it('is a decision the writers took, a past happening and a donation told in brackets', async () => {
    const out = await extracted(
      EST,
      'Hi all,\n\nDecisions\n- We will repaint the shed next spring.\n\nWhat went well\n- Launch went out on time\n\nBake sale donations (homemade, please!) can be left at the office on the day of the fair.\n\nAction items\n- Priya: book the hall by Friday\n',
      'Committee notes',
    );
    expect(titles(out.tasks)).toEqual(['Book the hall']);
  });

  it('is a field’s label ("Call number:") and a span back in time ("within the last 30 days")', async () => {
    const out = await extracted(
      EST,
      'Hi,\n\nPlease bring two utility bills dated within the last 30 days to the appointment.\n\nCall number: 4471\n\nThanks\n',
    );
    expect(out.tasks.map((t) => t.due_date)).toEqual([null]);
  });
});

describe('visits and appointments', () => {
  it('make the writer’s own visit an event named by its purpose', async () => {
    const en = await extracted(EST, 'Hi Ana,\n\nI’d like to swing by Wednesday at 4pm to drop off the tile samples. Let me know if that works.\n\nMarco\n');
    expect(en.events.map((e) => [e.title, e.start_time])).toEqual([['Drop off the tile samples', '2026-12-02T21:00:00.000Z']]);
    const es = await extracted(CET, 'Hola Pilar:\n\nPasaré el jueves 3 de diciembre a las 10:00 para revisar la caldera.\n\nUn saludo\n');
    expect(es.events.map((e) => [e.title, e.start_time])).toEqual([['Revisar la caldera', '2026-12-03T09:00:00.000Z']]);
  });

  it('name a tradesperson’s visit by who comes and what for, also when brought by someone', async () => {
    const out = await extracted(EST, 'Hi,\n\nI’d also like to bring my electrician by on Friday, December 4 at 8am to replace the panel.\n\nThanks\n');
    expect(titles(out.events)).toEqual(['Electrician: replace the panel']);
  });

  it('read "te esperamos ... para" and "nous vous attendons ... pour" as an appointment named by its purpose', async () => {
    const es = await extracted(
      CET,
      'Hola Carmen:\n\nTe esperamos en la notaría el jueves 17 de diciembre a las 12:00 para firmar las escrituras.\n\nUn saludo\n',
    );
    expect(es.events.map((e) => [e.title, e.start_time])).toEqual([['Firmar las escrituras', '2026-12-17T11:00:00.000Z']]);
    const fr = await extracted(CET, 'Bonjour,\n\nNous vous attendons à l’agence le vendredi 11 décembre à 9h30 pour signer le bail.\n\nCordialement\n');
    expect(fr.events.map((e) => [e.title, e.start_time])).toEqual([['Signer le bail', '2026-12-11T08:30:00.000Z']]);
  });

  it('take "queda fijada para" as the day it is set for, its street after the place, and "calcula una hora y media"', async () => {
    const out = await extracted(
      CET,
      'Hola Pablo:\n\nLa firma de la hipoteca queda fijada para el jueves 10 de diciembre a las 12:30 en la Notaría Ruiz, calle de Colón 14, Valencia. Calcula una hora y media.\n\nUn saludo\n',
    );
    expect(out.events.map((e) => [e.start_time, minutes(e), e.location])).toEqual([['2026-12-10T11:30:00.000Z', 90, 'Notaría Ruiz, calle de Colón 14']]);
  });

  it('take no meeting time from a business’s opening hours', async () => {
    const out = await extracted(EST, 'Hey,\n\nCan you call the garage on Monday to book the inspection? Their number is 555-0142, they open at 8.\n\nThanks\n');
    expect(out.events).toEqual([]);
    expect(out.tasks.map((t) => localDay(t.due_date, -5))).toEqual(['2026-12-07']);
  });
});

describe('events told in text', () => {
  it('join a German sentence wrapped before "mit" (no weekday "Mi") and keep the building’s address in brackets', async () => {
    const out = await extracted(
      CET,
      'Liebe Eltern,\n\nam Mittwoch, 9. Dezember, laden wir Sie herzlich zum Laternenbasteln\nmit Ihren Kindern ein – von 15:00 bis 17:00 Uhr im Bastelraum\n(Kita Regenbogen, Lindenstraße 4, 50674 Köln).\n\nIhr Kita-Team\n',
      'Laternenbasteln',
    );
    expect(out.events.map((e) => [e.start_time, e.location])).toEqual([
      ['2026-12-09T14:00:00.000Z', 'Bastelraum (Kita Regenbogen, Lindenstraße 4, 50674 Köln)'],
    ]);
  });

  it('read "3:00 - 5:30 PM" before a place line as the hours, not as a separator', async () => {
    const out = await extracted(
      EST,
      'Hi families,\n\nJoin us for our annual Winter Skate Party!\n\nSaturday, December 12, 3:00 - 5:30 PM\nMill Pond Rink, 12 Pond Road, Dayton, OH\n\nSee you there\n',
      'Winter Skate Party',
    );
    expect(out.events.map((e) => [e.start_time, minutes(e)])).toEqual([['2026-12-12T20:00:00.000Z', 150]]);
  });

  it('read "at 4pm - 30 minutes should do" as the hour and the length', async () => {
    const out = await extracted(EST, 'Hi,\n\nCould we do a quick call on Thursday at 4pm - 30 minutes should do.\n\nThanks\n');
    expect(out.events.map((e) => [e.start_time, minutes(e)])).toEqual([['2026-12-03T21:00:00.000Z', 30]]);
  });

  it('date a one-day holiday told with an hour, and only then', async () => {
    const eve = await extracted(EST, 'Hi!\n\nNew Year’s Eve dinner is at our place this year, 7pm. Could you bring dessert?\n\nLove\n');
    expect(eve.events.map((e) => e.start_time)).toEqual(['2027-01-01T00:00:00.000Z']);
    const booking = await extracted(CET, 'Hola:\n\nLlama al restaurante para reservar la cena de Nochebuena antes del viernes 4, por favor.\n\nBesos\n');
    expect(booking.events).toEqual([]);
    expect(booking.tasks.map((t) => localDay(t.due_date, 1))).toEqual(['2026-12-04']);
  });

  it('make a German appointment whose sentence opens with "wie telefonisch besprochen"', async () => {
    const out = await extracted(
      CET,
      'Sehr geehrter Herr Lenz,\n\nwie telefonisch besprochen findet die Abnahme Ihrer Wohnung am Montag, 14. Dezember, um 10:00 Uhr statt.\n\nMit freundlichen Grüßen\n',
    );
    expect(out.events.map((e) => [e.title, e.start_time])).toEqual([['Abnahme', '2026-12-14T09:00:00.000Z']]);
  });

  it('name a meeting by who it is with after its kind ("la reunión de cierre con el equipo de Lima")', async () => {
    const out = await extracted(CET, 'Hola:\n\nEl lunes 7 a las 10:00 tenemos la reunión de cierre con el equipo de Lima por Teams.\n\nSaludos\n');
    expect(titles(out.events)).toEqual(['Reunión de cierre con el equipo de Lima']);
  });

  it('take a retro for a meeting and a school outing’s place from where it goes', async () => {
    const retro = await extracted(EST, 'Hi all,\n\nNext retro: Thursday 10 December, 3:00pm, Cedar room.\n\nCheers\n');
    expect(retro.events.map((e) => [e.start_time, e.location])).toEqual([['2026-12-10T20:00:00.000Z', 'Cedar room']]);
    const fr = await extracted(
      CET,
      'Madame, Monsieur,\n\nLa classe de CE2 se rendra au musée des Beaux-Arts le jeudi 10 décembre.\n\nDépart de l’école : 9h00\nRetour prévu : 15h30\n\nCordialement\n',
      'Sortie au musée',
    );
    expect(fr.events.map((e) => [e.start_time, e.end_time])).toEqual([['2026-12-10T08:00:00.000Z', '2026-12-10T14:30:00.000Z']]);
  });
});

describe('later in the round (typical14, 15, 18, 19)', () => {
  it('read a Spanish office meeting: "vernos ... para", "la reunión de revisión de la renta", "la firma ... sería"', async () => {
    const see = await extracted(
      CET,
      'Hola Marta:\n\nTe propongo vernos el martes 15 de diciembre a las 17:30 en nuestra oficina (C/ Mayor 12, Madrid) para revisar la declaración del IVA. Calculo una hora y media.\n\nUn saludo\n',
    );
    expect(see.events.map((e) => [e.title, e.start_time, minutes(e)])).toEqual([['Revisar la declaración del IVA', '2026-12-15T16:30:00.000Z', 90]]);
    const review = await extracted(
      CET,
      'Hola:\n\nAdemás, tenemos la reunión de revisión de la renta el miércoles 9 de diciembre a las 17:00 en nuestra oficina.\n\nSaludos\n',
    );
    expect(titles(review.events)).toEqual(['Reunión de revisión de la renta']);
    const signing = await extracted(
      'Tue, 1 Dec 2026 09:00:00 -0300',
      'Hola:\n\nSi está todo bien, la firma del contrato sería el jueves 10 de diciembre a las 11:00 en nuestra oficina de Av. Corrientes 1234, piso 3.\n\nSaludos\n',
    );
    expect(signing.events.map((e) => [e.title, e.location])).toEqual([['Firma del contrato', 'oficina de Av. Corrientes 1234']]);
  });

  it('date a holiday with "at 6", and an hour proposed after the day it answers', async () => {
    const eve = await extracted(EST, 'Hi honey,\n\nLunch on Christmas Day will be at 1 at Grandma’s.\n\nLove\n');
    expect(eve.events.map((e) => e.start_time)).toEqual(['2026-12-25T18:00:00.000Z']);
    const reply = await extracted(PST, 'Sunday works! Let’s do 6:30 at Zaytoon on Main St.\n\nN\n', 'Re: dinner this week?');
    expect(reply.events.map((e) => [e.title, e.start_time, e.location])).toEqual([['Dinner this week', '2026-12-07T02:30:00.000Z', 'Zaytoon on Main St']]);
  });
});

describe('later in the round (typical13, 14, 19)', () => {
  it('date what to bring "au plus tard le jour de la signature" by the mail’s one event, and keep the title to the thing', async () => {
    const out = await extracted(
      CET,
      'Madame,\n\nMerci de nous faire parvenir :\n- votre justificatif de domicile, au plus tard le jour de la signature.\n\nLa signature du bail est prévue le mardi 15 décembre 2026 à 10h00 à l’agence, 3 rue Garibaldi, 69006 Lyon.\n\nCordialement\n',
    );
    expect(out.tasks.map((t) => [t.title, t.due_date?.slice(0, 10)])).toEqual([['Votre justificatif de domicile', '2026-12-15']]);
  });

  it('read "are you still ok to ... on the morning of <the event>" as an ask due that day, and keep "(the sitter)"', async () => {
    const cake = await extracted(
      'Tue, 1 Dec 2026 09:00:00 +0000',
      'Hi Ciara,\n\nAre you still ok to collect the flowers from Bloom on the morning of Dad’s party? They open at 9.\n\nDad’s 60th is Saturday the 12th at 7pm in The Old Mill.\n\nS\n',
    );
    expect(cake.tasks.map((t) => [t.title, t.due_date?.slice(0, 10)])).toEqual([['Collect the flowers from Bloom', '2026-12-12']]);
    const sitter = await extracted(EST, 'Hi,\n\nCan you book Maya (the sitter) for that night by Monday?\n\nThanks\n');
    expect(titles(sitter.tasks)).toEqual(['Book Maya (the sitter) for that night']);
  });

  it('date a poll read for nothing else by when its voting closes', async () => {
    const out = await extracted(
      EST,
      'Jo Park invited you to vote\n\nTeam lunch\n\nOptions:\n  Thu, Dec 10 - 12:00 PM\n  Fri, Dec 11 - 12:00 PM\n\nVoting closes Monday, December 7.\n',
      'Jo Park invited you to vote: Team lunch',
      'Pollwise <noreply@pollwise.example.com>',
    );
    expect(out.tasks.map((t) => localDay(t.due_date, -5))).toEqual(['2026-12-07']);
  });

  it('read a co-owners’ assembly with a postal vote as the assembly, not a poll, and "est prié de" as an ask', async () => {
    const out = await extracted(
      CET,
      'Madame, Monsieur,\n\nNous avons le plaisir de vous convoquer à l’assemblée générale des copropriétaires, qui se tiendra le jeudi 17 décembre 2026 à 18h30, salle polyvalente de la mairie, 3 place des Fêtes, 75019 Paris.\n\nChaque copropriétaire est prié de nous retourner le formulaire joint (présence, pouvoir ou vote par correspondance) avant le vendredi 11 décembre.\n\nCordialement\n',
      'Convocation assemblée générale',
    );
    expect(out.events.map((e) => [e.title, e.start_time, e.location])).toEqual([
      [expect.stringMatching(/^L’assemblée générale des copropriétaires/), '2026-12-17T17:30:00.000Z', 'salle polyvalente de la mairie, 3 place des Fêtes'],
    ]);
    expect(out.tasks.map((t) => localDay(t.due_date, 1))).toEqual(['2026-12-11']);
  });

  it('read the weekday after a phone number in a note to self', async () => {
    const out = await extracted(EST, 'call roofer 617-555-0144 tue morning\nrenew parking permit\n', 'todo');
    expect(out.tasks.map((t) => localDay(t.due_date, -5))).toEqual(['2026-12-08', null]);
  });
});

describe('later in the round (typical14, 17, 18)', () => {
  it('name a German event told after its day (no empty title) and end it "gegen 18:00 Uhr"', async () => {
    const out = await extracted(
      CET,
      'Liebe Eltern,\n\nam Donnerstag, 17. Dezember 2026, findet um 16:30 Uhr unser traditionelles Adventskonzert in der Aula statt (Ende gegen 18:00 Uhr).\n\nViele Grüße\n',
      'Elternbrief',
    );
    expect(out.events.map((e) => [e.title, e.start_time, e.end_time])).toEqual([
      ['Traditionelles Adventskonzert', '2026-12-17T15:30:00.000Z', '2026-12-17T17:00:00.000Z'],
    ]);
  });

  it('end "from 12:00 to 1:30" after noon the same day, and name a sign-up sheet’s ask by its event', async () => {
    const out = await extracted(
      PST,
      'Hi everyone!\n\nOur cookie exchange is Friday, December 18 from 12:00 to 1:30 in the main kitchen.\n\nPlease add what you’re bringing to the sign-up sheet by Wednesday the 9th.\n\nRosa\n',
    );
    expect(out.events.map((e) => [e.start_time, e.end_time])).toEqual([['2026-12-18T20:00:00.000Z', '2026-12-18T21:30:00.000Z']]);
    expect(titles(out.tasks)).toEqual([expect.stringMatching(/cookie exchange$/i)]);
  });

  it('take no pronoun’s object from an aside in brackets', async () => {
    const out = await extracted(
      EST,
      'Hi,\n\nAttached is change order #4 for the pantry shelves ($380, adds a day to the schedule). Please sign and send it back by Wednesday.\n\nThanks\n',
      'Change order #4',
    );
    expect(titles(out.tasks)).toEqual(['Sign and send it back: Change order #4']);
  });
});

describe('mail that informs', () => {
  it('holds a library’s pickup notice to its "Pickup by" day', async () => {
    const out = await extracted(
      EST,
      'CEDAR PUBLIC LIBRARY\n\nThe following item(s) you requested are ready for pickup at Main Library:\n\n  Title: Winter birds of Ohio / R. Hale.\n  Call number: 598.2 HAL\n  Pickup by: 12/09/2026\n\nItems not picked up by the date shown will be returned to the shelf.\n',
      'Hold available for pickup',
      'Cedar Public Library <notices@cedarlibrary.example.org>',
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, -5)])).toEqual([['Hold available for pickup', '2026-12-09']]);
  });

  it('reads a list’s "News - December 2026" as a newsletter that invites no one', async () => {
    const raw = mail(
      headers('Fri, 4 Dec 2026 08:00:00 -0500', 'Brookside Village News - December 2026', 'r19-news', 'Brookside Village <news@brookside.example.org>', {
        'List-Unsubscribe': '<https://brookside.example.org/unsubscribe>',
      }),
      'BROOKSIDE VILLAGE NEWS - DECEMBER 2026\n\nTree Lighting\nJoin us Saturday, December 12 at 5:00 PM on the green for carols and cocoa.\n\nOffices are closed December 24-25.\n',
    );
    const { out } = await run(raw);
    expect(out.events).toEqual([]);
  });
});

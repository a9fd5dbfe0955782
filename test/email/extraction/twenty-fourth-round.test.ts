/**
 * Twenty-fourth quality round (issue 16), from the misses of `email-typical36` to `email-typical39`
 * (tuning sets since). Sentences here are made up for the rules (several wordings and languages
 * each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { extractor, localDay, titles } from './helpers.js';

const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';
const CET = 'Tue, 1 Dec 2026 09:00:00 +0100';
const PST = 'Tue, 1 Dec 2026 09:00:00 -0800';

const extracted = extractor('r24');
const dated = (tasks: { title: string; due_date: string | null }[], offset: number) => tasks.map((t) => [t.title, localDay(t.due_date, offset)]);

describe('a deadline told after the ask', () => {
  it('gives a need stated in the next sentence to the undated ask before it, in four languages', async () => {
    const en = await extracted(
      PST,
      'Hi Jo,\n\nCould you pick the paint colour for the hallway? The decorator needs the choice by Thursday so he can order.\n\nBen\n',
      'Hallway',
    );
    expect(dated(en.tasks, -8)).toEqual([['Pick the paint colour for the hallway', '2026-12-03']]);
    const es = await extracted(
      CET,
      'Hola Ana:\n\nFirma el contrato de alquiler que te mandé ayer. Lo necesitamos firmado antes del viernes.\n\nUn saludo\n',
      'Contrato',
    );
    expect(dated(es.tasks, 1)).toEqual([['Firma el contrato de alquiler que te mandé ayer', '2026-12-04']]);
    const de = await extracted(
      CET,
      'Hallo Tim,\n\nbitte schau dir den Entwurf für das Plakat an. Die Druckerei braucht die Freigabe bis Freitag.\n\nGruß\n',
      'Plakat',
    );
    expect(de.tasks.map((t) => localDay(t.due_date, 1))).toEqual(['2026-12-04']);
    expect(de.tasks[0].title).toMatch(/Entwurf für das Plakat/);
    const fr = await extracted(
      CET,
      'Bonjour Léa,\n\nPeux-tu relire le devis du traiteur ? Le traiteur a besoin de la réponse avant jeudi.\n\nMerci\n',
      'Devis',
    );
    expect(fr.tasks).toHaveLength(1);
    expect(localDay(fr.tasks[0].due_date, 1)).toBe('2026-12-03');
  });

  it('keeps a need that asks for something new ("I need you to ...") as its own errand', async () => {
    const out = await extracted(
      EST,
      'Hi,\n\nPlease water the plants while I am away. I need you to call the landlord by Friday about the heating.\n\nThanks\n',
      'Away',
    );
    expect(out.tasks).toHaveLength(2);
  });

  it('dates a list entry by its "as soon as you have it, and by ... at the latest"', async () => {
    const out = await extracted(
      CET,
      'Hola:\n\n- Mándanos el certificado de retenciones; en cuanto lo tengas, y como tarde el 15 de enero.\n- Firma el mandato SEPA antes del viernes.\n\nSaludos\n',
      'Cierre',
    );
    expect(dated(out.tasks, 1)).toEqual([
      ['Mándanos el certificado de retenciones', '2027-01-15'],
      ['Firma el mandato SEPA', '2026-12-04'],
    ]);
  });

  it('takes an earlier need over the day the thing is for', async () => {
    const out = await extracted(
      EST,
      'Quick list:\n\n1. Book the van for Saturday the 12th. The rental place needs to know by Monday.\n2. Cancel the old gym membership before the 15th.\n',
      'Move',
    );
    expect(dated(out.tasks, -5)[0]).toEqual(['Book the van', '2026-12-07']);
  });
});

describe('what a pronoun stands for', () => {
  it('names "yours" by the thing the sentence before names', async () => {
    const out = await extracted(
      EST,
      'Hi Sam,\n\nYes, the expense report is needed from everyone this quarter. Please submit yours in Concur by Friday.\n\nDeb\n',
      'Expenses',
    );
    expect(dated(out.tasks, -5)).toEqual([['Submit the expense report in Concur', '2026-12-04']]);
  });

  it('names a French object pronoun by the topic the mail opens on', async () => {
    const out = await extracted(
      CET,
      'Bonjour,\n\nVotre colis n° 88231 est disponible dans votre point relais.\nVous pouvez le retirer jusqu’au samedi 12 décembre inclus, muni d’une pièce d’identité.\n',
      'Votre colis est arrivé',
    );
    expect(dated(out.tasks, 1)).toEqual([['Retirer le colis', '2026-12-12']]);
  });
});

describe('mail with nothing to do', () => {
  it('reads a statement on AutoPay as nothing to pay, however the lines wrap', async () => {
    const on = await extracted(
      PST,
      'Your statement is ready.\n\nPayment due date: 12/20/2026\nAutoPay is on. We will pay your balance on 12/20/2026 from checking.\n',
      'Your December statement is ready',
      'Cedar Bank <alerts@cedarbank.example>',
    );
    expect(on.tasks.map((t) => t.due_date)).toEqual([null]);
    const wrapped = await extracted(
      PST,
      'Your statement is ready.\n\nPayment due date: 12/20/2026\nWe will pay it from your checking account. No action is\nneeded.\n',
      'Your December statement is ready',
      'Cedar Bank <alerts@cedarbank.example>',
    );
    expect(wrapped.tasks.map((t) => t.due_date)).toEqual([null]);
  });

  it('still asks for the payment when AutoPay is only a condition', async () => {
    const out = await extracted(
      PST,
      'Your statement is ready.\n\nPayment due date: 12/20/2026\nIf AutoPay is on, we will pay it for you; otherwise please pay by the due date.\n',
      'Your December statement is ready',
      'Cedar Bank <alerts@cedarbank.example>',
    );
    expect(out.tasks.map((t) => localDay(t.due_date, -8))).toEqual(['2026-12-20']);
  });
});

describe('reading the text', () => {
  it('joins a day of the month wrapped after "bis einschließlich" to its sentence', async () => {
    const out = await extracted(
      CET,
      'Liebe Eltern,\n\nbitte denkt daran: Der Hort ist vom 23. Dezember bis einschließlich\n2. Januar geschlossen. Danke!\n\nEuer Team\n',
      'Schließtage',
    );
    expect(out.tasks.filter((t) => /januar|geschlossen/i.test(t.title))).toEqual([]);
    expect(out.events.map((e) => [e.title, e.start_time.slice(0, 10)])).toEqual([['Hort geschlossen', '2026-12-23']]);
  });

  it('names an event after a lead and a colon by its noun phrase', async () => {
    const out = await extracted(
      EST,
      'Hi team!\n\nTime to celebrate: our holiday party is Friday, December 18 at 6 PM at Rosa’s Cantina.\n\nSee you there\n',
      'Party',
    );
    expect(titles(out.events)).toEqual(['Holiday party']);
  });

  it('starts a new sentence after a link at a line’s end', async () => {
    const out = await extracted(
      EST,
      'Hi all,\n\nPlease sign the waiver online by Friday, December 11: https://example.org/waiver\nAnd we are collecting $15 per family for the coach gift. Please Venmo @Kim-Lee by December 6.\n',
      'Season end',
    );
    expect(dated(out.tasks, -5)).toEqual([
      ['Sign the waiver online', '2026-12-11'],
      ['Pay $15 for the coach gift', '2026-12-06'],
    ]);
  });

  it('reads a timeline of dated lines as errands, not as one appointment', async () => {
    const out = await extracted(
      EST,
      'Hi Naomi,\n\nYour talk is confirmed! Here is the timeline:\nDec 10 - Confirm your session title in the portal\nDec 17 - Upload your headshot\nJan 9 - Send draft slides\n\nThanks\n',
      'Speaker timeline',
    );
    expect(dated(out.tasks, -5)).toEqual([
      ['Confirm your session title in the portal', '2026-12-10'],
      ['Upload your headshot', '2026-12-17'],
      ['Send draft slides', '2027-01-09'],
    ]);
  });
});

describe('events told in passing', () => {
  it('reads a reminder of an appointment at an hour as the appointment, in four languages', async () => {
    const es = await extracted(
      'Wed, 2 Dec 2026 21:00:00 -0300',
      'Hola:\n\nY no te olvides del turno con el oculista el jueves 10 a las 17:15.\n\nBesos\n',
      'Cosas',
    );
    expect(es.tasks).toEqual([]);
    expect(es.events.map((e) => [e.title, e.start_time])).toEqual([['Turno con el oculista', '2026-12-10T20:15:00.000Z']]);
    const de = await extracted(CET, 'Hallo,\n\nVergiss deinen Friseurtermin am Donnerstag um 17:15 nicht.\n\nGruß\n', 'Erinnerung');
    expect(de.tasks).toEqual([]);
    expect(de.events.map((e) => e.start_time)).toEqual(['2026-12-03T16:15:00.000Z']);
    expect(de.events[0].title).toMatch(/Friseurtermin/);
    const fr = await extracted(CET, 'Coucou,\n\nN’oublie pas ton rendez-vous chez l’opticien jeudi à 17h15.\n\nBises\n', 'Rappel');
    expect(fr.events.map((e) => e.start_time)).toEqual(['2026-12-03T16:15:00.000Z']);
    expect(fr.events[0].title).not.toMatch(/oublie/i);
  });

  it('reads the next meeting of a series, or one with a call link, at a single hour', async () => {
    const out = await extracted(
      PST,
      'Notes from today.\n\nAction items\n- Ana: update the roadmap by Friday\n\nNext check-in: Wed 12/9, 10:00 AM (same Zoom link).\nBudget decision: Thursday Dec 10, 9:00 AM (Teams link in the calendar hold).\n',
      'Roadmap check-in notes',
    );
    expect(out.events.map((e) => [e.title, e.start_time])).toEqual([
      ['Roadmap check-in', '2026-12-09T18:00:00.000Z'],
      ['Budget decision', '2026-12-10T17:00:00.000Z'],
    ]);
    const deadline = await extracted(PST, 'Hi,\n\nDeadline: Thursday Dec 10, 9:00 AM.\n', 'Grants');
    expect(deadline.events).toEqual([]);
  });

  it('reads an entry over a span of hours in a list of deadlines as an event', async () => {
    const out = await extracted(
      CET,
      'Equipo:\n\nLas fechas límite del cierre:\n- Viernes 11 de diciembre: envío de facturas pendientes\n- Lunes 14 de diciembre: arqueo de caja en tienda (9:00 a 13:00)\n',
      'Cierre',
    );
    expect(dated(out.tasks, 1)).toEqual([['Envío de facturas pendientes', '2026-12-11']]);
    expect(out.events.map((e) => [e.title, e.start_time, e.end_time])).toEqual([
      ['Arqueo de caja en tienda', '2026-12-14T08:00:00.000Z', '2026-12-14T12:00:00.000Z'],
    ]);
  });

  it('names a meeting by what it is for: "grab 30 minutes to walk through", "nos veamos para revisar"', async () => {
    const en = await extracted(PST, 'Hi Tom,\n\nCould we grab 30 minutes on Monday at 10am to walk through the stock count plan?\n\nJess\n', 'Audit');
    expect(titles(en.events)).toEqual(['Walk through the stock count plan']);
    const es = await extracted(
      CET,
      'Hola:\n\nTe propongo que nos veamos para revisar el presupuesto el jueves 10 de diciembre a las 11:30.\n\nUn saludo\n',
      'Presupuesto',
    );
    expect(titles(es.events)).toEqual(['Revisar el presupuesto']);
  });

  it('reads "I\'ll also come by ... to measure" as the writer\'s visit', async () => {
    const out = await extracted(PST, "Hi,\n\nI'll also come by Thursday at 8am to measure for the shelves.\n\nMike\n", 'Shelves');
    expect(out.events.map((e) => [e.title, e.start_time])).toEqual([['Measure for the shelves', '2026-12-03T16:00:00.000Z']]);
  });
});

describe('what kind of mail', () => {
  it('reads a list of three dated asks as errands, not as an appointment confirmation', async () => {
    const out = await extracted(
      EST,
      'Hi Sam,\n\nYour session is confirmed! Here is what we need:\n* Confirm your title in the portal by Friday, December 4.\n* Upload a headshot by December 11.\n* Send the final deck by January 15.\n\nSpeaker dinner: Wednesday, January 27 at 7:00 PM at Canoe.\n',
      'Speaker checklist',
    );
    expect(out.tasks).toHaveLength(3);
    expect(titles(out.events)).toEqual(['Speaker dinner']);
  });

  it('does not take a link to a voting page for a poll', async () => {
    const out = await extracted(
      'Wed, 25 Nov 2026 17:00:00 -0700',
      'Dear homeowners,\n\nThe annual meeting will be held on Tuesday, December 15 at 7:00 PM in the clubhouse.\nPlease return your ballot by Friday, December 11, on paper or online at https://example.org/vote.\n',
      'Annual meeting',
    );
    expect(out.events.map((e) => e.start_time)).toEqual(['2026-12-16T02:00:00.000Z']);
  });
});

describe('asks and bills', () => {
  it('reads "j\'ai besoin du ..." and "Ich brauche das ..." with a day as asks', async () => {
    const fr = await extracted(CET, 'Bonjour,\n\nJ’ai besoin du bon de commande signé d’ici le vendredi 4 décembre.\n\nCordialement\n', 'Commande');
    expect(fr.tasks.map((t) => localDay(t.due_date, 1))).toEqual(['2026-12-04']);
    const de = await extracted(CET, 'Hallo,\n\nIch brauche das unterschriebene Formular bis Freitag, 4. Dezember.\n\nGruß\n', 'Formular');
    expect(de.tasks.map((t) => localDay(t.due_date, 1))).toEqual(['2026-12-04']);
  });

  it('names a German pronoun object by the noun phrase before that agrees with it', async () => {
    const out = await extracted(
      CET,
      'Sehr geehrte Frau Berg,\n\nuns fehlt noch die unterschriebene Einverständniserklärung. Bitte schicken Sie diese bis Freitag an das Sekretariat zurück.\n',
      'Unterlagen',
    );
    expect(out.tasks.map((t) => t.title)).toEqual(['Die unterschriebene Einverständniserklärung an das Sekretariat zurückschicken']);
  });

  it('names "book it" by what the sentence needs, not by its subject', async () => {
    const out = await extracted(PST, 'Hey,\n\nAlso the van needs its annual service before the trip -- can you book it by Thursday?\n', 'This week');
    expect(out.tasks.map((t) => t.title)).toEqual([expect.stringMatching(/^Book the annual service/)]);
  });

  it('names a verb with only its manner ("Renew online") by the subject', async () => {
    const out = await extracted(
      'Thu, 3 Dec 2026 08:00:00 -0700',
      'Boat registration renewal reminder\n\nRenew online by December 31, 2026 to avoid late fees.\n',
      'Boat registration expires 12/31/2026',
      'State Parks <noreply@parks.example>',
    );
    expect(out.tasks.map((t) => t.title)).toEqual([expect.stringMatching(/^Renew online: Boat registration/)]);
  });

  it('names a bill by its subject under a pay-by label, and reads the ways to pay as nothing', async () => {
    const out = await extracted(
      'Fri, 27 Nov 2026 08:00:00 -0600',
      'Hola:\n\nTu recibo del agua ya está disponible.\n\nTotal a pagar: $310.00\nFecha límite de pago: 15 de diciembre de 2026\n\nPuedes pagar en aguaclara.mx, en tiendas de conveniencia o en ventanilla.\n',
      'Tu recibo del agua ya está disponible',
      'Agua Clara <avisos@aguaclara.example>',
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, -6)])).toEqual([[expect.stringMatching(/recibo del agua/i), '2026-12-15']]);
  });
});

describe('appointments and their asks', () => {
  it('reads what to do if one cannot come, and when to arrive, as nothing to do', async () => {
    const de = await extracted(
      CET,
      'Sehr geehrte Eltern,\n\nIhr Gesprächstermin ist am Donnerstag, 10. Dezember, um 16:40 Uhr in Raum B 12.\nFalls Sie den Termin nicht wahrnehmen können, stornieren Sie ihn bitte bis Dienstag über das Portal.\n',
      'Terminbestätigung Elternsprechtag',
    );
    expect(de.tasks).toEqual([]);
    const es = await extracted(
      CET,
      'Estimado paciente:\n\nSu cita es el martes 15 de diciembre a las 17:30.\nLe pedimos llegar 10 minutos antes de su cita.\n',
      'Confirmación de su cita',
    );
    expect(es.tasks).toEqual([]);
    const en = await extracted(
      EST,
      'Hi,\n\nYour visit is on Tuesday, December 15 at 5:30 PM.\nIf you can’t make it, please call us by Monday to reschedule.\n',
      'Your visit',
    );
    expect(en.tasks).toEqual([]);
  });

  it('names a headcount ask by the one event the mail announces, a closure aside', async () => {
    const out = await extracted(
      CET,
      'Liebe Eltern,\n\nunser Adventsbasteln findet am Freitag, 11. Dezember, von 15 bis 17 Uhr im Gruppenraum statt.\n\nTragt bitte bis Montag in die Liste ein, mit wie vielen Personen ihr kommt.\n\nDie Kita ist vom 23. Dezember bis einschließlich 1. Januar geschlossen.\n',
      'Elternbrief Dezember',
    );
    expect(out.tasks.map((t) => t.title)).toEqual([expect.stringMatching(/Adventsbasteln$/)]);
  });

  it('takes a poll site’s link for a poll, but not a page called "vote"', async () => {
    const poll = await extracted(
      CET,
      '¡Hola, familia!\n\nTenemos que elegir el día de la cena. Votad como tarde el miércoles:\nhttps://doodle.com/meeting/participate/id/abc123\n\nOpciones:\n- sábado 19 de diciembre, 21:00\n- domingo 20 de diciembre, 14:00\n',
      '¿Qué día hacemos la cena?',
    );
    expect(poll.events).toEqual([]);
    expect(poll.tasks).toHaveLength(1);
  });
});

/**
 * Twenty-sixth quality round (issue 16), from the misses of `email-typical44` to `email-typical47`
 * (tuning sets since). Sentences here are made up for the rules (several wordings and languages
 * each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { extractor, localDay, minutes, titles } from './helpers.js';

const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';
const PST = 'Tue, 1 Dec 2026 09:00:00 -0800';
const CET = 'Tue, 1 Dec 2026 09:00:00 +0100';

const extracted = extractor('r26');
const dueDays = (tasks: { title: string; due_date: string | null }[], offset: number) => tasks.map((t) => [t.title, localDay(t.due_date, offset)]);

describe('what asks nothing', () => {
  it('makes no task of a sales pitch in a bill, in English and Spanish', async () => {
    const en = await extracted(
      EST,
      'Hello,\n\nYour Harbor Water statement is ready.\n\nAmount due: $61.40\nDue date: December 18, 2026\n\nGo paperless today and save $2 on every bill: https://harborwater.example.com/paperless\n',
      'Your Harbor Water statement is ready',
      'Harbor Water <billing@harborwater.example.com>',
    );
    expect(en.tasks.some((t) => /paperless/i.test(t.title))).toBe(false);
    const es = await extracted(
      CET,
      'Hola Ana:\n\nYa tienes disponible tu factura de gas de noviembre.\n\nDomicilia hoy y olvídate de los plazos de pago.\n\nUn saludo\n',
      'Tu factura de gas',
      'GasNorte <facturas@gasnorte.example.es>',
    );
    expect(es.tasks.some((t) => /domicilia/i.test(t.title))).toBe(false);
  });

  it('makes no task of how long a visit takes, of keeping to the dates, or of a problem-only ask', async () => {
    const out = await extracted(
      CET,
      'Bonjour,\n\nVotre contrôle technique est prévu le mardi 15 décembre à 9h00 au garage Dumont. Comptez environ une heure.\n\nMerci de respecter ces dates.\n',
      'Contrôle technique',
      'Garage Dumont <rdv@garage-dumont.example.fr>',
    );
    expect(out.tasks.some((t) => /comptez|respecter/i.test(t.title))).toBe(false);
    const en = await extracted(
      EST,
      "Hi all,\n\nClose calendar:\n\nMon 12/7 - journal entries posted\nWed 12/9 - reconciliations done\n\nPing me if any of these won't work for you.\n\nJo\n",
      'December close',
    );
    expect(titles(en.tasks).some((t) => /ping/i.test(t))).toBe(false);
    expect(en.tasks).toHaveLength(2);
  });

  it('makes no task of a decision in minutes, but keeps the event decided there', async () => {
    const out = await extracted(
      EST,
      'Hi team,\n\nNotes from today.\n\nDecisions\n- Release 2.4 goes to all users on Dec 15.\n- Team lunch on Friday, December 11 at 12:30 at Pho Hoa.\n\nNext steps\n- Lee: update the changelog by Thursday\n\nThanks\n',
      'Notes: release sync',
    );
    expect(titles(out.tasks)).toEqual(['Update the changelog']);
    expect(out.events.map((e) => e.title)).toEqual([expect.stringMatching(/lunch/i)]);
  });

  it('makes no task of a pronoun that restates a deadline ("They\'re due Saturday")', async () => {
    const out = await extracted(EST, "Hey,\n\nCan you return the rental skates tomorrow? They're due Saturday.\n\nThanks!\n", 'skates');
    expect(titles(out.tasks)).toEqual(['Return the rental skates']);
  });
});

describe('schedule lines', () => {
  it('reads a line that ends on its zone or on "dernier délai", and one that says "au plus tard le"', async () => {
    const en = await extracted(PST, 'Key dates:\n\n- Draft budget: Friday, December 4\n- Final report: Friday, December 18, by 5pm Pacific\n', 'Grant dates');
    expect(dueDays(en.tasks, -8)).toEqual([
      ['Draft budget', '2026-12-04'],
      ['Final report', '2026-12-18'],
    ]);
    const fr = await extracted(
      CET,
      'Bonjour,\n\nLe calendrier :\n\n- Relevés de stock : au plus tard le mardi 8 décembre\n- Factures clients à envoyer : 16 décembre, dernier délai\n',
      'Calendrier',
    );
    expect(dueDays(fr.tasks, 1)).toEqual([
      ['Relevés de stock', '2026-12-08'],
      ['Factures clients à envoyer', '2026-12-16'],
    ]);
  });

  it('makes no task of what the sender announces on a day ("Mar 15 - Award notifications")', async () => {
    const out = await extracted(EST, 'Timeline:\n\nDec 11 - Application due\nFeb 20 - Final decisions\n', 'Fellowship timeline');
    expect(titles(out.tasks)).toEqual(['Application due']);
  });

  it('gives the day of "el plazo vence el ..." to the errand before it', async () => {
    const out = await extracted(CET, 'Hola Luis:\n\n1. Sube los partes de horas al portal; el plazo vence el 14 de diciembre.\n\nGracias\n', 'Pendientes');
    expect(dueDays(out.tasks, 1)).toEqual([['Sube los partes de horas al portal', '2026-12-14']]);
  });
});

describe('what an ask names', () => {
  it('titles German zu-infinitive asks as to-dos, and splits two of them at "und"', async () => {
    const out = await extracted(
      CET,
      'Sehr geehrte Frau Roth,\n\ndamit wir rechtzeitig planen können, bitten wir Sie, den Vertrag bis Freitag, 11. Dezember unterschrieben zurückzusenden und uns bis dahin auch Ihre Kontodaten mitzuteilen.\n\nMit freundlichen Grüßen\n',
      'Vertrag',
      'Hausverwaltung Keller <info@hv-keller.example.de>',
    );
    expect(dueDays(out.tasks, 1)).toEqual([
      ['Vertrag unterschrieben zurücksenden', '2026-12-11'],
      ['Kontodaten mitteilen', '2026-12-11'],
    ]);
  });

  it('reads "¿Me pasas ...?" as an ask titled by its infinitive, also after a lead-in', async () => {
    const out = await extracted(CET, 'Hola Pedro:\n\nUna cosa: ¿me pasas el informe de ventas antes del viernes?\n\nGracias\n', 'Informe');
    expect(titles(out.tasks)).toEqual(['Pasar el informe de ventas']);
  });

  it('takes what "so please" asks for after "we\'d like", and an imperative after a spaced dash', async () => {
    const en = await extracted(
      EST,
      "Hi Kim,\n\nWe'd also like to launch before the holidays, so please send us the final logo files by Friday, December 11.\n\nThanks\n",
      'Launch',
    );
    expect(dueDays(en.tasks, -5)).toEqual([['Send us the final logo files', '2026-12-11']]);
    const dash = await extracted(EST, 'Have to choose a caterer for the party soon - call Marco about the tasting menu.\n', 'Fwd: catering');
    expect(titles(dash.tasks)).toContain('Call Marco about the tasting menu');
  });

  it('names the company in a notice\'s bare "let us know", and the writer never by an article', async () => {
    const out = await extracted(
      EST,
      'Hi Dana,\n\nYour policy renews on January 1.\n\nIf you would like to change your coverage, please let us know by December 15.\n\nBrightline Insurance\n',
      'Your policy renews on January 1',
      'Brightline Insurance <service@brightline.example.com>',
    );
    expect(titles(out.tasks)).toContain('Let Brightline know');
  });

  it("keeps the asks of a forwarder's note above a notice that says no action is needed", async () => {
    const out = await extracted(
      EST,
      'Decide before the deadline - ask Omar whether we still need the extra seats.\n\n---------- Forwarded message ---------\nFrom: Seatly <billing@seatly.example.com>\nDate: Mon, Nov 30, 2026 at 8:00 AM\nSubject: Your plan renews soon\n\nHi,\n\nYour plan renews on January 1. No action is needed if you would like to keep your current plan.\n\nSeatly\n',
      'Fwd: Your plan renews soon',
    );
    expect(titles(out.tasks)).toContain('Ask Omar whether we still need the extra seats');
  });

  it('names a poll by the subject part that is not the call to vote', async () => {
    const out = await extracted(
      CET,
      'Salut !\n\nDeux dates possibles pour le dîner :\n- vendredi 11 décembre\n- samedi 12 décembre\n\nVotez sur le Framadate avant jeudi : https://framadate.org/diner\n',
      "Dîner de l'association – votez pour la date !",
    );
    expect(out.tasks.map((t) => t.title)).toEqual([expect.stringContaining("Dîner de l'association")]);
    expect(out.events).toHaveLength(0);
  });
});

describe('events', () => {
  it("drops a reminder's lead-in from an event title, in Spanish and German", async () => {
    const es = await extracted(CET, 'Hola a todos:\n\nOs recuerdo que la reunión con el proveedor es el lunes 14 a las 10:00.\n', 'Recordatorio');
    expect(es.events.map((e) => e.title)).toEqual(['Reunión con el proveedor']);
    const de = await extracted(CET, 'Hallo,\n\nDenkt daran, dass die Vorstandssitzung am Donnerstag, 10. Dezember um 19 Uhr ist.\n', 'Erinnerung');
    expect(de.events.map((e) => e.title)).toEqual(['Vorstandssitzung']);
  });

  it('names a bare "reunión" by the subject, and reads a tasting that "quedó para" a day', async () => {
    const out = await extracted(
      CET,
      'Hola Carmen:\n\nTe propongo una reunión el jueves 17 de diciembre a las 12:30 en nuestra oficina. La degustación del menú quedó para el martes 15 a las 11:00.\n',
      'Presupuesto boda',
    );
    expect(out.events.map((e) => e.title).sort()).toEqual(['Degustación del menú', 'Reunión: Presupuesto boda']);
  });

  it('reads a booked slot given under "Your slot:" and drops "Confirmation:" from its name', async () => {
    const out = await extracted(
      EST,
      'Thank you for signing up!\n\nYour slot:\nWednesday, 12/9/2026, 3:20pm - 3:40pm\n',
      'Confirmation: Winter piano recitals',
      'SignUp Site <no-reply@signups.example.com>',
    );
    expect(out.events.map((e) => [e.title, e.start_time, minutes(e)])).toEqual([['Winter piano recitals', '2026-12-09T20:20:00.000Z', 20]]);
  });

  it('names a gathering of a few words by an occasion the subject names in words', async () => {
    const out = await extracted(
      EST,
      "Hi Tom,\n\nThe cookie swap party is Saturday, December 19 at 3:00 PM at Ana's place.\n",
      'Your Secret Santa match is ready',
      'GiftApp <draw@giftapp.example.com>',
    );
    expect(out.events.map((e) => e.title)).toEqual([expect.stringMatching(/^Cookie swap party: Your Secret Santa/)]);
  });

  it('names an outing by the place its subject gives after it, when the text names it too', async () => {
    const out = await extracted(
      CET,
      'Estimadas familias:\n\nEl miércoles 9 de diciembre los alumnos de 2º visitarán el Museo del Ferrocarril. La salida será a las 9:30 desde el colegio y la vuelta a las 13:30.\n',
      'Excursión 2º de Primaria - Museo del Ferrocarril',
    );
    expect(out.events.map((e) => e.title)).toEqual(['Excursión 2º de Primaria: Museo del Ferrocarril']);
  });

  it('ends an event at "gegen 20:30 Uhr fertig" and reads a site walk and a "pot de fin d\'année"', async () => {
    const de = await extracted(
      CET,
      'Liebe Eltern,\n\nder Elternabend ist am Dienstag, 8. Dezember, um 19:00 Uhr in Raum 12. Wir sind gegen 20:30 Uhr fertig.\n',
      'Elternabend',
    );
    expect(de.events.map(minutes)).toEqual([90]);
    const en = await extracted(PST, 'Hi Megan,\n\nCould we do a quick site walk Friday at 8am to confirm the cabinet layout?\n\nLuis\n', 'Kitchen remodel');
    expect(en.events).toHaveLength(1);
    const fr = await extracted(
      CET,
      "Bonjour à tous,\n\nEt pour finir l'année : pot de fin d'année le jeudi 17 décembre à 18h30 à la cafétéria.\n",
      'Fin d’année',
    );
    expect(fr.events.map((e) => e.title)).toEqual([expect.stringMatching(/pot de fin d'année/i)]);
  });
});

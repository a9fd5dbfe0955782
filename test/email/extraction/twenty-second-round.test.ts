/**
 * Twenty-second quality round (issue 16), from the misses of `email-typical32` and `email-typical33`
 * (tuning sets since). Sentences here are made up for the rules (several wordings and languages
 * each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { extractor, localDay, minutes, titles } from './helpers.js';

const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';
const CET = 'Tue, 1 Dec 2026 09:00:00 +0100';
const PST = 'Tue, 1 Dec 2026 09:00:00 -0800';
const GMT = 'Tue, 1 Dec 2026 09:00:00 +0000';

const extracted = extractor('r22');

describe('appointments and meetings', () => {
  it('names an appointment by its specialty field', async () => {
    const es = await extracted(
      CET,
      'Le recordamos los datos de su cita:\n\nEspecialidad: Traumatología\nFecha: martes 15 de diciembre de 2026\nHora: 9:40\nSede: Clínica Norte, Calle Mayor 12, Madrid\n',
      'Recordatorio de cita médica',
      'Clínica Norte <citas@clinicanorte.example>',
    );
    const en = await extracted(
      EST,
      'Your appointment details:\n\nSpecialty: Dermatology\nDate: Tuesday, December 15, 2026\nTime: 9:40 AM\nLocation: Northside Clinic, 12 Main St, Albany, NY 12207\n',
      'Appointment reminder',
      'Northside Clinic <appointments@northside.example>',
    );
    expect(es.events.map((e) => e.title)).toEqual([expect.stringContaining('Traumatología')]);
    expect(en.events.map((e) => e.title)).toEqual([expect.stringContaining('Dermatology')]);
  });

  it('ends a meeting after the length told with its noun', async () => {
    const en = await extracted(EST, "Hi Dana,\n\nLet's do a 20-minute call on Friday at 11am to go over the budget.\n", 'Budget');
    const es = await extracted(CET, 'Hola Marta:\n\nHacemos una llamada de 45 minutos el jueves 10 de diciembre a las 12:00.\n', 'Presupuesto');
    const de = await extracted(CET, 'Hallo Jan,\n\nwir haben ein 30-minütiges Telefonat am Donnerstag, 10.12., um 14:00 Uhr.\n', 'Budget');
    expect([...en.events, ...es.events, ...de.events].map(minutes)).toEqual([20, 45, 30]);
  });

  it('reads a tech check or a run-through as a meeting, without the "We\'ll do a" that leads in', async () => {
    const out = await extracted(
      PST,
      "Hi Meera,\n\nWe'll do a short sound check over Zoom on Thursday, December 10 at 2:00 PM (15 min).\n",
      'Speaker logistics',
    );
    expect(out.events.map((e) => [e.title, minutes(e)])).toEqual([['Short sound check over Zoom', 15]]);
  });

  it('holds a mail’s one meeting at its one video link', async () => {
    const out = await extracted(
      CET,
      'Hola Ana:\n\nYa quedó la llamada con el proveedor para el viernes 11 de diciembre a las 10:00. Te paso el enlace:\nhttps://meet.google.com/abc-defg-hij\n',
      'Llamada con el proveedor',
    );
    expect(out.events.map((e) => e.location)).toEqual(['https://meet.google.com/abc-defg-hij']);
  });

  it('reads "que quedó para el lunes" as the call’s day, not a deadline', async () => {
    const out = await extracted(
      CET,
      'Hola Fer:\n\nQuiero revisarla antes de la llamada con el cliente, que quedó para el lunes 7 de diciembre a las 11:00.\n',
      'Cliente',
    );
    expect(out.events.map((e) => e.start_time)).toEqual(['2026-12-07T10:00:00.000Z']);
  });

  it('reads a sign-up’s slot field as the time booked', async () => {
    const out = await extracted(
      PST,
      "You're signed up!\n\nWinter Parent Conferences - Ms. Ortiz\n\nSlot: Wednesday, December 9, 2026, 4:20 PM - 4:35 PM\nLocation: Hillview Elementary, Room 8, 220 Oak St, Fresno, CA 93701\n",
      'Confirmation: Winter Parent Conferences',
      'SlotSignup <no-reply@slotsignup.example>',
    );
    expect(out.events.map((e) => [e.start_time, minutes(e)])).toEqual([['2026-12-10T00:20:00.000Z', 15]]);
  });

  it('names a service visit by what the visitor comes to do, above its fields', async () => {
    const out = await extracted(
      CET,
      'Bonjour,\n\nNous vous confirmons le passage de notre technicien pour le ramonage de votre cheminée :\n\nDate : lundi 14 décembre 2026\nCréneau : entre 8 h et 10 h\nAdresse : 4 rue des Lilas, 69003 Lyon\n',
      'Confirmation de passage',
    );
    expect(out.events.map((e) => e.title)).toEqual([expect.stringMatching(/ramonage/)]);
  });

  it('lets a place set apart on its own line go on from the sentence above', async () => {
    const out = await extracted(
      CET,
      'Madame, Monsieur,\n\nNous avons le plaisir de vous convoquer à l’assemblée générale, qui se tiendra le\n\n    mardi 15 décembre 2026 à 18h30\n\nà la salle municipale Jean-Moulin, 12 rue des Lilas, 69003 Lyon.\n',
      'Convocation',
    );
    expect(out.events.map((e) => e.location)).toEqual([expect.stringContaining('rue des Lilas')]);
  });

  it('names an event by what happens after "So it’s official:"', async () => {
    const out = await extracted(EST, "So it's official: Dad's 60th birthday dinner is Saturday Dec 19 at 7pm at Rosa's.\n", 'Re: Dad');
    expect(titles(out.events)).toEqual(["Dad's 60th birthday dinner"]);
  });

  it('takes a meeting room for where, not for the name of what happens there', async () => {
    const out = await extracted(CET, 'Hallo Jana,\n\ndie Angebotsöffnung ist am Montag, 14.12., um 10:00 Uhr im Besprechungsraum Traunsee.\n', 'Ausschreibung');
    expect(out.events.map((e) => [e.title, e.location])).toEqual([['Angebotsöffnung', 'Besprechungsraum Traunsee']]);
  });

  it('keeps a suite with its street, and a schedule line’s place with its address', async () => {
    const out = await extracted(
      EST,
      'Here is the timeline:\n\nMon 11/30 - Upload your pay stubs\nFri 12/18 - Closing at 10:00 AM, Summit Title, 400 S Tryon St, Suite 1200, Charlotte\n',
      'Closing timeline',
    );
    expect(out.events.map((e) => e.location)).toEqual(['Summit Title, 400 S Tryon St, Suite 1200']);
  });
});

describe('asks', () => {
  it('names the business a bill is paid to', async () => {
    const out = await extracted(
      GMT,
      'Dear customer,\n\nThe outstanding balance of £420.00 is due for payment by Friday 11 December 2026.\n\nKind regards,\nAccounts Team\nHarbour Supplies Ltd\n',
      'Statement of account',
      'Accounts | Harbour Supplies <accounts@harbour.example>',
    );
    expect(titles(out.tasks)).toEqual([expect.stringContaining('Harbour Supplies')]);
  });

  it('reads "os pedimos que" as an ask, without the reason that leads in', async () => {
    const out = await extracted(
      CET,
      'Estimadas familias:\n\nComo el aforo es limitado, os pedimos que confirméis la asistencia antes del miércoles 9 de diciembre a través de este formulario:\nhttps://forms.example.org/festival\n',
      'Festival de Navidad',
    );
    expect(out.tasks.map((t) => [t.title.startsWith('Confirméis la asistencia'), localDay(t.due_date, 1)])).toEqual([[true, '2026-12-09']]);
  });

  it('reads a deadline said before the ask, in four languages', async () => {
    const es = await extracted(CET, 'Rodrigo:\n\nY a más tardar el lunes mándame el volumen estimado de cajas.\n', 'Volumen');
    const en = await extracted(EST, 'Sam,\n\nBy Monday, send me the estimated volume of boxes.\n', 'Volume');
    const de = await extracted(CET, 'Hallo Jan,\n\nbis Montag schick mir bitte die Zahlen.\n', 'Zahlen');
    const fr = await extracted(CET, 'Salut Paul,\n\nD’ici lundi, envoie-moi les chiffres.\n', 'Chiffres');
    expect([es, en, de, fr].map((o) => titles(o.tasks)[0])).toEqual([
      'Mándame el volumen estimado de cajas',
      'Send me the estimated volume of boxes',
      'Schick mir bitte die Zahlen',
      // A French imperative with its joined pronoun is titled as the infinitive since round twenty-five.
      'Envoyer les chiffres',
    ]);
    expect([es, en, de, fr].map((o, i) => localDay(o.tasks[0].due_date, [1, -5, 1, 1][i]))).toEqual(['2026-12-07', '2026-12-07', '2026-12-07', '2026-12-07']);
  });

  it('keeps what is to be told after a dated "let me know"', async () => {
    const out = await extracted(
      PST,
      'Dear parents,\n\nPlease let me know by Sunday, December 6 which piece your child will play so I can print the programs.\n',
      'Recital',
    );
    expect(titles(out.tasks)).toEqual(['Let me know which piece your child will play']);
  });

  it('points "go through them" back at what was sent', async () => {
    const out = await extracted(
      EST,
      'Hi Ben,\n\nThe supplier sent back their redlines on the agreement. Can you go through them and send me your comments by Wednesday?\n',
      'Redlines',
    );
    expect(titles(out.tasks)).toEqual(['Go through the redlines and send me your comments']);
  });

  it('makes no errand of an offer to volunteer', async () => {
    const en = await extracted(
      EST,
      'Dear families,\n\nWe are also looking for 4 parent chaperones. If you are interested, please let me know by Monday, December 7.\n\nWe also need two volunteers to set up at 1:30. Reply to this email if you can help.\n',
      'Field trip',
    );
    const es = await extracted(
      CET,
      'Hola familias:\n\nBuscamos voluntarios para el montaje. Si puedes ayudar, escríbeme antes del viernes 11 de diciembre.\n',
      'Fiesta',
    );
    // Nothing else asked: each mail keeps only its subject's task (D16), undated.
    expect([...en.tasks, ...es.tasks].map((t) => [t.title, t.due_date])).toEqual([
      ['Field trip', null],
      ['Fiesta', null],
    ]);
  });

  it('clicks through a site as an errand, not as a link’s call to action', async () => {
    const out = await extracted(GMT, 'Action items\n- Everyone: click through the staging site and log issues by Wednesday 2 Dec\n', 'Notes');
    expect(titles(out.tasks)).toEqual(['Click through the staging site and log issues']);
  });

  it('dates nothing by a day told in the past, and gives "submit it by" to the ask before', async () => {
    const out = await extracted(
      EST,
      'Hi Sam,\n\nBefore then, please complete the short exercise I sent on Monday and submit it through the link by Thursday, December 3.\n',
      'Interview',
    );
    expect(out.tasks.map((t) => localDay(t.due_date, -5))).toEqual(['2026-12-03']);
  });

  it('reads "Recuerden que", "nous vous rappelons également que" and "si puedes," as lead-ins', async () => {
    const es = await extracted(CET, 'Estimadas familias:\n\nRecuerden que la cuota de diciembre vence el 10 de diciembre.\n', 'Cuota');
    const fr = await extracted(
      CET,
      'Madame, Monsieur,\n\nNous vous rappelons également que l’appel de fonds est à régler avant le 31 décembre 2026.\n',
      'Appel de fonds',
    );
    const lead = await extracted(CET, 'Hola Fer:\n\nTambién, si puedes, revisa los números del piloto antes del jueves.\n', 'Piloto');
    expect([...titles(es.tasks), ...titles(fr.tasks), ...titles(lead.tasks)].map((t) => t.split(' ').slice(0, 2).join(' '))).toEqual([
      'La cuota',
      'L’appel de',
      'Revisa los',
    ]);
  });

  it('keeps the words before a link on a line cut mid-sentence, so the next paragraph stays its own', async () => {
    const out = await extracted(
      CET,
      'Estimadas familias:\n\nLes pedimos que confirmen su asistencia antes del jueves 3 de diciembre a través del\nsiguiente formulario: https://forms.example.org/acto\n\nRecuerden que la cuota de diciembre vence el día 10.\n',
      'Acto',
    );
    expect(out.tasks.map((t) => localDay(t.due_date, 1))).toEqual(['2026-12-03', '2026-12-10']);
  });

  it('reads no day in "the day passes"', async () => {
    const out = await extracted('Mon, 30 Nov 2026 19:48:03 -0700', 'Hey!\n\nAlso venmo me $60 for the day passes whenever, no rush.\n', 'ski trip');
    expect(out.tasks.map((t) => t.due_date)).toEqual([null]);
  });
});

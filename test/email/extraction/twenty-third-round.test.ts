/**
 * Twenty-third quality round (issue 16), from the misses of `email-typical34` and `email-typical35`
 * (tuning sets since). Sentences here are made up for the rules (several wordings and languages
 * each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { extractor, localDay, minutes, titles } from './helpers.js';

const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';
const CET = 'Tue, 1 Dec 2026 09:00:00 +0100';
const PST = 'Tue, 1 Dec 2026 09:00:00 -0800';
const CST = 'Tue, 1 Dec 2026 09:00:00 -0600';

const extracted = extractor('r23');
const hourOf = (iso: string | null, offsetHours: number) => (iso ? new Date(Date.parse(iso) + offsetHours * 3600000).toISOString().slice(11, 16) : null);

describe('reading the mail', () => {
  it('keeps a list of action items that names a privacy policy (a footer word, not a footer)', async () => {
    const out = await extracted(
      EST,
      'Hi all,\n\nAction items\n- Sam: update the privacy policy page by Friday\n- Lee: send the cookie banner copy by Thursday\n\nThanks\n',
      'Notes: site review',
    );
    expect(titles(out.tasks)).toEqual(['Update the privacy policy page', 'Send the cookie banner copy']);
  });

  it('still drops a footer paragraph that names the privacy policy', async () => {
    const out = await extracted(
      EST,
      'Please review the attached draft by Friday.\n\nPrivacy Policy | Terms of Use | Unsubscribe\n© 2026 Example Inc. All rights reserved.\n',
      'Draft',
    );
    expect(titles(out.tasks)).toEqual(['Review the attached draft']);
  });

  it('reads a schedule entry that excuses itself in brackets, or a poll’s option, as nothing', async () => {
    const en = await extracted(
      EST,
      'Key dates:\n\n- Dec 4: last day to submit receipts\n- Dec 18: statements posted in the portal (no action needed)\n',
      'Key dates',
    );
    const poll = await extracted(
      EST,
      'Please vote for the dates that work for you by Friday:\n\n  Option A: Thursday, Dec 10, 7pm\n  Opción B: viernes 11 de diciembre, 19:00\n',
      'Team dinner - pick a date',
    );
    expect(titles(en.tasks)).toEqual(['Last day to submit receipts']);
    expect(poll.events).toEqual([]);
    expect(poll.tasks.map((t) => localDay(t.due_date, -5))).toEqual(['2026-12-04']);
  });

  it('reads "the day before" as the day before the mail’s one event', async () => {
    const en = await extracted(
      PST,
      "Hi Ben,\n\nThe install is scheduled for Monday, December 14 at 8am. We'll need the garage cleared out the day before.\n",
      'Install',
    );
    const fr = await extracted(CET, 'Bonjour,\n\nLa livraison est prévue le lundi 14 décembre à 9h. Merci de vider le garage la veille.\n', 'Livraison');
    expect(en.tasks.map((t) => localDay(t.due_date, -8))).toEqual(['2026-12-13']);
    expect(fr.tasks.map((t) => localDay(t.due_date, 1))).toEqual(['2026-12-13']);
  });
});

describe('deadlines', () => {
  it('dues an entry whose window closes at an hour, in four languages', async () => {
    const out = await extracted(EST, 'Important dates:\n\n- Dec 4: registration closes at 5:00 PM\n- Dec 9: last day to upload documents\n', 'Important dates');
    expect(out.tasks.map((t) => [t.title, hourOf(t.due_date, -5)])).toEqual([
      ['Registration closes', '17:00'],
      ['Last day to upload documents', '23:59'],
    ]);
    expect(out.events).toEqual([]);
  });

  it('reads a window that "is open ... and closes on" a day as a deadline, not an event, and keeps the ask about it once', async () => {
    const out = await extracted(
      CST,
      'Hi everyone,\n\nRegistration for the spring league is now open online and closes on Friday, December 11 at 5:00 PM.\n\nPlease complete your registration by December 11.\n',
      'Spring league',
    );
    expect(out.events).toEqual([]);
    expect(titles(out.tasks)).toEqual(['Complete your registration']);
  });

  it('makes an errand of each thing someone else needs by a day when the next sentence hands it over', async () => {
    const en = await extracted(
      PST,
      'Hi Hannah,\n\nThe venue needs the signed contract by Friday, and the final menu by Dec 12. Can you handle both?\n',
      'Party',
    );
    const es = await extracted(CET, 'Hola Ana:\n\nEl notario necesita la escritura firmada antes del viernes. ¿Puedes encargarte?\n', 'Piso');
    const told = await extracted(PST, 'Hi Hannah,\n\nThe venue needs the signed contract by Friday.\n', 'Party');
    expect(en.tasks.map((t) => [t.title, localDay(t.due_date, -8)])).toEqual([
      ['Signed contract', '2026-12-04'],
      ['Final menu', '2026-12-12'],
    ]);
    expect(es.tasks.map((t) => [t.title, localDay(t.due_date, 1)])).toEqual([['Escritura firmada', '2026-12-04']]);
    expect(told.tasks.map((t) => t.due_date)).not.toContain(expect.stringContaining('2026-12-05'));
  });

  it('makes an errand of each further thing asked with its own day in the same sentence', async () => {
    const en = await extracted(EST, 'Hi Tom,\n\nPlease send me the deck by Monday and the budget by Friday.\n', 'Board prep');
    const de = await extracted(
      CET,
      'Hallo Herr Maier,\n\ndamit wir pünktlich drucken können, bräuchten wir die Texte bis Montag und die Freigabe des Entwurfs bis spätestens Donnerstag, 10. Dezember.\n',
      'Druck',
    );
    expect(en.tasks.map((t) => localDay(t.due_date, -5))).toEqual(['2026-12-07', '2026-12-04']);
    expect(en.tasks[1].title).toMatch(/budget/i);
    expect(de.tasks.map((t) => localDay(t.due_date, 1))).toEqual(['2026-12-07', '2026-12-10']);
    expect(de.tasks[1].title).toMatch(/Freigabe des Entwurfs/);
  });

  it('drops an intro whose "following documents" are listed below, each with its day', async () => {
    const out = await extracted(
      CET,
      'Sehr geehrte Frau Lang,\n\nfür die Steuererklärung bitten wir Sie, uns die folgenden Unterlagen zu den genannten Terminen zukommen zu lassen:\n\n- Belege Oktober: bis 7. Dezember\n- Kontoauszüge November: bis 14. Dezember\n',
      'Unterlagen',
    );
    expect(titles(out.tasks)).toEqual(['Belege Oktober', 'Kontoauszüge November']);
  });

  it('dues every entry of a schedule at the hour said for all of them, and an entry with its own hour at that hour', async () => {
    const out = await extracted(
      PST,
      'Team,\n\nHere is the close calendar. All deadlines are 5:00 PM PT unless noted.\n\nDec 4  - Vendor invoices entered\nDec 10 - Accrual requests to Accounting\nDec 14 - Variance commentary, noon PT\n',
      'Close calendar',
    );
    expect(out.events).toEqual([]);
    expect(out.tasks.map((t) => [localDay(t.due_date, -8), hourOf(t.due_date, -8)])).toEqual([
      ['2026-12-04', '17:00'],
      ['2026-12-10', '17:00'],
      ['2026-12-14', '12:00'],
    ]);
  });

  it('reads "<thing> - approval by <day>" lines as a schedule, one deadline per line', async () => {
    const out = await extracted(
      PST,
      'Derek,\n\nRevised dates below:\n\nShop drawings - review comments due Dec 4\nMockup - approval by Dec 11\nHardware schedule - resubmittal review by Dec 15\n\nThanks\n',
      'Submittal schedule',
    );
    expect(out.tasks.map((t) => localDay(t.due_date, -8))).toEqual(['2026-12-04', '2026-12-11', '2026-12-15']);
  });

  it('reads building fees and dues that "vencen" as a bill to pay', async () => {
    const out = await extracted(
      'Wed, 25 Nov 2026 18:00:00 -0300',
      'Señores propietarios:\n\nLes recordamos que las expensas de diciembre vencen el 10/12.\n\nLa Administración\n',
      'Aviso',
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, -3)])).toEqual([['Pay expensas de diciembre', '2026-12-10']]);
  });

  it('names a bill’s subject fallback as the payment it asks for', async () => {
    const out = await extracted(
      'Fri, 27 Nov 2026 06:12:40 -0700',
      'Mesa Water\n\nHi Kevin, your December statement is ready.\n\nAmount due: $88.10\nDue date: December 18, 2026\n\nPay by the due date to avoid a late fee.\n\nView your statement: https://mesawater.example/statements\nThis is an automated message. Please do not reply.\n',
      'Your December statement is ready',
      'Mesa Water <billing@mesawater.example>',
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, -7)])).toEqual([['Pay December statement', '2026-12-18']]);
  });

  it('keeps no task from a note to the intake itself, nor from what the writer will do', async () => {
    const list = await extracted(CET, 'Bitte alles in die Liste.\n', 'WG: Termine');
    const en = await extracted(EST, 'Please put all of this on my to-do list.\n', 'Fwd: dates');
    const own = await extracted(CET, 'Hallo,\n\nden Bericht schicke ich bis Freitag.\n', 'Bericht');
    expect([...list.tasks, ...en.tasks, ...own.tasks].map((t) => t.due_date)).toEqual([null, null, null]);
    // Each is the subject fallback (D16), which leaves the forward's prefix out.
    expect(titles([...list.tasks, ...en.tasks, ...own.tasks])).toEqual(['Termine', 'Dates', 'Bericht']);
  });
});

describe('events', () => {
  it('reads a booking made for the reader as the appointment booked, named by what is booked', async () => {
    const en = await extracted(
      PST,
      "Hi Ben,\n\nWe've booked you in for the final measure on Tuesday, December 8 at 4:30 PM at our showroom (2210 Elliott Ave W, Seattle).\n",
      'Estimate for bathroom remodel',
    );
    const es = await extracted(CET, 'Hola Luis:\n\nTe hemos reservado cita para la revisión del coche el jueves 10 de diciembre a las 9:00.\n', 'Taller');
    expect(en.events.map((e) => [e.title, e.location])).toEqual([['Final measure', 'showroom (2210 Elliott Ave W, Seattle)']]);
    expect(es.events.map((e) => e.start_time)).toEqual(['2026-12-10T08:00:00.000Z']);
  });

  it('ends an event at the hour the next sentence says it lasts until', async () => {
    const fr = await extracted(
      CET,
      'Bonjour,\n\nLe comité se réunira le mardi 15 décembre à 9h30 en salle Rhône. Il durera toute la matinée (jusqu’à 12h30).\n',
      'Comité',
    );
    const en = await extracted(EST, 'Hi all,\n\nThe board meeting is on Thursday, December 10 at 1:00 PM in Room 4. It runs until 4 pm.\n', 'Board');
    expect([...fr.events, ...en.events].map(minutes)).toEqual([180, 180]);
  });

  it('reads a Spanish range of hours written without its "de"', async () => {
    const out = await extracted(
      CST,
      'Estimadas familias:\n\nLes compartimos la información del festival:\n\nFecha: viernes 18 de diciembre\nHora: 10:00 a 12:00 h\nLugar: Auditorio Municipal (Av. Juárez 120)\n',
      'Festival',
    );
    expect(out.events.map(minutes)).toEqual([120]);
  });

  it('keeps a gerund that ends the event’s name ("Budget planning is ...")', async () => {
    const out = await extracted(EST, 'Hi team,\n\nBudget planning is Monday Dec 7, 10:00–12:00 in Room 2.\n', 'Next week');
    expect(titles(out.events)).toEqual(['Budget planning']);
  });

  it('names an event told only by its day after the subject, and places it at the venue holding it', async () => {
    const out = await extracted(
      PST,
      'Hi Hannah,\n\nGreat news - the Orchard Barn is holding Saturday Dec 19 for us, 1-4pm.\n',
      'Re: Retirement party - Dec 19',
    );
    expect(out.events.map((e) => [e.title, e.location])).toEqual([['Retirement party', 'Orchard Barn']]);
  });

  it('places a meeting one goes to at the place named after it, not at the meeting', async () => {
    const out = await extracted(
      CST,
      'Hola Diego:\n\nLo presentamos en la reunión con el cliente el viernes 11 a las 12:00 en sus oficinas de Reforma 222.\n',
      'Campaña',
    );
    expect(out.events.map((e) => e.location)).toEqual(['oficinas de Reforma 222']);
  });

  it('takes the address in brackets a few words after a short place', async () => {
    const out = await extracted(
      'Wed, 25 Nov 2026 18:00:00 -0300',
      'Señores propietarios:\n\nSe convoca a la Asamblea Ordinaria, que se realizará el jueves 10 de diciembre a las 19:00 en el SUM del edificio (Av. Rivadavia 5120, planta baja).\n',
      'Convocatoria',
    );
    expect(out.events.map((e) => e.location)).toEqual(['SUM (Av. Rivadavia 5120, planta baja)']);
  });

  it('reads work done together at an hour as a meeting, named by the work', async () => {
    const es = await extracted(
      'Wed, 2 Dec 2026 09:15:00 -0500',
      'Hola Andrés:\n\nEl lunes 7 de diciembre a las 8:30 revisamos el presupuesto con gerencia en la sala de juntas.\n',
      'Presupuesto',
    );
    const en = await extracted(EST, "Hi Sam,\n\nOn Monday, December 7 at 10am we'll go over the budget with finance.\n", 'Budget');
    expect(es.events.map((e) => [e.title, e.start_time])).toEqual([['Revisar el presupuesto con gerencia', '2026-12-07T13:30:00.000Z']]);
    expect(titles(en.events)).toEqual(['Go over the budget with finance']);
  });

  it('names a session told only by its length after the subject', async () => {
    const out = await extracted(
      EST,
      'Hi Felix,\n\nYour 25-minute session is confirmed for Thursday, January 21 at 2:00 PM in Hall C.\n',
      'Re: Speaking at DevDays 2027?',
    );
    expect(out.events.map((e) => [e.title, minutes(e)])).toEqual([['Speaking at DevDays 2027', 25]]);
  });

  it('reads a camp told over days with its departure and its return as one event, beside the parents’ meeting', async () => {
    const out = await extracted(
      EST,
      'Hello families,\n\nThis year we are going to Camp Birchwood from Friday, January 8 to Sunday, January 10, 2027.\n\n- Departure: Friday, January 8 at 5:30 PM from the school parking lot\n- Return: Sunday, January 10 around 12:00 PM, same place\n\nWe will hold a parent meeting on Tuesday, December 15 at 7:00 PM in the library.\n',
      'Winter camp Jan 8-10',
    );
    expect(out.events.map((e) => [e.title, e.start_time, e.end_time])).toEqual([
      ['Parent meeting', '2026-12-16T00:00:00.000Z', '2026-12-16T01:00:00.000Z'],
      ['Winter camp Jan 8-10', '2027-01-08T22:30:00.000Z', '2027-01-10T17:00:00.000Z'],
    ]);
  });
});

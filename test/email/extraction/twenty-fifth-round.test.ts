/**
 * Twenty-fifth quality round (issue 16), from the misses of `email-typical40` to `email-typical43`
 * (tuning sets since). Sentences here are made up for the rules (several wordings and languages
 * each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { extractor, localDay, titles } from './helpers.js';

const EST = 'Tue, 1 Dec 2026 09:00:00 -0500';
const CET = 'Tue, 1 Dec 2026 09:00:00 +0100';
const GMT = 'Tue, 1 Dec 2026 09:00:00 +0000';

const extracted = extractor('r25');

describe('dates', () => {
  it('reads a weekday written after its date as that date, with or without an hour after it', async () => {
    const en = await extracted(
      EST,
      'Hi Dana,\n\nYour booking is confirmed:\n\nDate: 12/17/2026 (Thu.)\nTime: 4:20pm - 4:40pm\nLocation: Riverside Elementary, Room 3\n\nSee you then!\n',
      'Confirmation: Parent conferences',
      'SignUp Site <no-reply@signups.example.com>',
    );
    expect(en.events.map((e) => e.start_time)).toEqual(['2026-12-17T21:20:00.000Z']);
    const es = await extracted(
      CET,
      'Hola Marta:\n\nTe confirmamos la revisión del coche el 15/12/2026, martes, a las 9:30 en el taller de la calle Mayor 4.\n\nUn saludo\n',
      'Revisión',
    );
    expect(es.events.map((e) => e.start_time)).toEqual(['2026-12-15T08:30:00.000Z']);
  });

  it('dates "by close of business on Friday 4 December" on that Friday, and leaves the hour out of the title', async () => {
    const out = await extracted(
      GMT,
      'Dear all,\n\nPlease read the revised travel policy and send any comments by close of business on Friday 11 December.\n\nThanks\n',
      'Travel policy',
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, 0)])).toEqual([['Read the revised travel policy and send any comments', '2026-12-11']]);
  });
});

describe('what an ask names', () => {
  it('names "debe estar abonada" by its subject, after the lead-in', async () => {
    const out = await extracted(
      CET,
      'Estimados vecinos:\n\nLes recordamos asimismo que la cuota extraordinaria del ascensor (220 €), aprobada en octubre, debe estar abonada antes del 18 de diciembre.\n\nAtentamente,\nLa administración\n',
      'Cuota ascensor',
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, 1)])).toEqual([['Abonar la cuota extraordinaria del ascensor', '2026-12-18']]);
  });

  it('names a Spanish imperative with a joined pronoun by the thing the sentence before asks for', async () => {
    const out = await extracted(
      CET,
      'Queridas familias:\n\nPara la excursión al museo necesitamos la hoja de autorización firmada. Por favor, devolvedla a la tutora antes del jueves 10 de diciembre.\n\nUn saludo\n',
      'Excursión al museo',
    );
    expect(out.tasks).toHaveLength(1);
    expect(out.tasks[0].title).toMatch(/^Devolver la hoja de autorización/);
    expect(localDay(out.tasks[0].due_date, 1)).toBe('2026-12-10');
  });

  it('gives the day of "Mándanoslos antes del ..." to the list entry it follows', async () => {
    const out = await extracted(
      CET,
      'Hola Luis:\n\nNos falta lo siguiente:\n1. Los recibos de la luz de octubre y noviembre. Mándanoslos antes del viernes 11 de diciembre.\n2. El certificado de la hipoteca.\n\nSaludos\n',
      'Documentación',
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, 1)])).toEqual([
      ['Los recibos de la luz de octubre y noviembre', '2026-12-11'],
      ['El certificado de la hipoteca', null],
    ]);
  });

  it('names a German pronoun object of "geben Sie sie ... wieder ab" by the sentence before', async () => {
    const out = await extracted(
      CET,
      'Liebe Eltern,\n\nfür den Ausflug brauchen wir die unterschriebene Teilnahmeerklärung. Bitte geben Sie sie bis Mittwoch, 9. Dezember, wieder ab.\n\nViele Grüße\n',
      'Ausflug',
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, 1)])).toContainEqual(['Die unterschriebene Teilnahmeerklärung wieder abgeben', '2026-12-09']);
  });

  it('turns a bare "let me know" in a neighbour\'s mail into answering its writer', async () => {
    const en = await extracted(
      EST,
      'Hi Sam!\n\nAny chance you could take in our parcels next week while we are away?\nLet me know by Friday if that works.\n\nPriya\n',
      'Parcels',
      'Priya Shah <priya.shah@example.net>',
    );
    expect(titles(en.tasks)).toContain('Let Priya know if that works');
    const es = await extracted(
      CET,
      'Hola Sam:\n\n¿Podrías regarme las plantas la semana que viene? Avísame antes del viernes 4 de diciembre.\n\nUn abrazo\n',
      'Plantas',
      'Lucía Romero <lucia@example.es>',
    );
    expect(titles(es.tasks)).toContain('Avisar a Lucía: Plantas');
  });

  it('titles a German ask that puts its object first ("Einwände teilen Sie uns ... mit")', async () => {
    const out = await extracted(
      CET,
      'Sehr geehrter Herr Vogel,\n\nanbei die Nebenkostenabrechnung. Einwände teilen Sie uns bitte bis 18. Dezember schriftlich mit. Den Antrag auf Ratenzahlung reichen Sie bitte bis Freitag, 11. Dezember, bei uns ein.\n\nMit freundlichen Grüßen\n',
      'Nebenkostenabrechnung',
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, 1)])).toEqual([
      ['Einwände schriftlich mitteilen', '2026-12-18'],
      ['Antrag auf Ratenzahlung einreichen', '2026-12-11'],
    ]);
  });

  it('reads a bare "abstimmen" as agreeing on something, not as a poll', async () => {
    const out = await extracted(
      CET,
      'Hallo zusammen,\n\nhier das Protokoll.\n\n- Urlaubsplanung: bitte rechtzeitig abstimmen, damit das Büro besetzt ist.\n- Jana: Angebot an den Kunden schicken, bis Freitag, 11.12.\n\nNächster Jour fixe: Donnerstag, 17.12., 10:00 Uhr, Raum Elbe.\n\nViele Grüße\nJana\n',
      'Protokoll Jour fixe 10.12.',
    );
    expect(out.events.map((e) => [e.title, e.start_time])).toEqual([['Nächster Jour fixe', '2026-12-17T09:00:00.000Z']]);
    expect(titles(out.tasks)).toContain('Angebot an den Kunden schicken');
  });

  it('writes a French imperative with its joined pronoun as the infinitive, after "Et surtout,"', async () => {
    const out = await extracted(
      CET,
      "Coucou Marc,\n\nTu peux t'occuper des boissons ? Et surtout, envoie-moi d'ici le 9 décembre la liste des invités, que je puisse réserver la salle.\n\nBisous\n",
      'Anniversaire de Léa',
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, 1)])).toContainEqual(['Envoyer la liste des invités', '2026-12-09']);
  });

  it('reads more Spanish imperatives in a list ("Añade ...")', async () => {
    const out = await extracted(
      CET,
      'Hola Pedro:\n\nAntes de enviarlo te pido dos cosas:\n- Añade las cifras de noviembre y mándamelo el jueves antes de las 13:00.\n- Incluye un resumen de una página.\n\nGracias\n',
      'RE: Informe mensual',
    );
    expect(out.tasks.map((t) => [t.title, t.due_date])).toContainEqual(['Añade las cifras de noviembre y mándamelo', '2026-12-03T12:00:00.000Z']);
  });

  it('makes the errand done for a meeting a task due when the meeting starts, beside the meeting', async () => {
    const out = await extracted(
      EST,
      'Hi Ana,\n\nTwo things before Monday:\n- Send me the revised budget by Friday.\n- Prepare three slides on the results for the board meeting on Monday, December 14 at 9:30.\n\nThanks\n',
      'RE: Q4 results',
    );
    expect(out.tasks.map((t) => [t.title, t.due_date])).toContainEqual(['Prepare three slides on the results', '2026-12-14T14:30:00.000Z']);
    expect(out.events.map((e) => e.start_time)).toEqual(['2026-12-14T14:30:00.000Z']);
  });
});

describe('notices with one day to act', () => {
  it('keeps "RSVP by <day>: <link>" as the ask it is', async () => {
    const out = await extracted(
      EST,
      "Nina Park has invited you to:\n\nMAYA'S 6TH BIRTHDAY PARTY\n\nWhen: Saturday, December 12, 2026, 1:00 PM - 3:00 PM\nWhere: Jump Zone, 40 Main St, Newton, MA\n\nPizza and cake!\nRSVP by December 5: https://invites.example.com/r/maya6\n",
      "You're invited to Maya's 6th Birthday Party!",
      'Invites <invites@invites.example.com>',
    );
    expect(out.tasks.map((t) => localDay(t.due_date, -5))).toEqual(['2026-12-05']);
    expect(out.events).toHaveLength(1);
  });

  it('dates a bill that says how to pay by its due-date field', async () => {
    const out = await extracted(
      'Tue, 1 Dec 2026 09:00:00 -0300',
      'Hola Tomás:\n\nYa está disponible tu factura de gas de noviembre.\n\nImporte: $ 21.400,00\nPrimer vencimiento: 14/12/2026\n\nPodés pagarla con tarjeta o en cualquier sucursal.\n\nGas del Sur\nEste correo se envió automáticamente, no lo respondas.\n',
      'Tu factura de gas',
      'Gas del Sur <facturas@gasdelsur.example.com.ar>',
    );
    expect(out.tasks.map((t) => localDay(t.due_date, -3))).toEqual(['2026-12-14']);
  });

  it('dates a renewal notice by the field its "renew by the expiration date" points to', async () => {
    const out = await extracted(
      'Tue, 1 Dec 2026 09:00:00 -0800',
      'BOAT REGISTRATION RENEWAL\n\nVessel: 2015 Bayliner\nRegistration expires: 01/15/2027\n\nRenew by the expiration date to avoid a penalty.\n\nThis is an automated message. Do not reply.\n',
      'Boat registration renewal',
      'Vessel Registry <no-reply@registry.example.gov>',
    );
    expect(out.tasks.map((t) => localDay(t.due_date, -8))).toEqual(['2027-01-15']);
  });

  it('dates a missed delivery by the last day it can be collected', async () => {
    const out = await extracted(
      GMT,
      'Sorry we missed you\n\nWe tried to deliver your parcel today at 10:41, but nobody was in.\n\nTracking number: PC 2291 5530 1GB\nFrom: Brook & Hale Ltd\n\nYour parcel is now at:\nHove Delivery Office\n12 Church Road, Hove BN3 2FL\nOpening hours: Mon-Fri 7:00-18:00, Sat 8:00-13:00\n\nWe will keep your parcel for 17 days. If it is not collected or redelivered\nby Friday 18 December, it will be returned to the sender.\n\nParcel Co Ltd, registered in England no. 0412 2219\n',
      'Sorry we missed you - your parcel is at Hove Delivery Office',
      'Parcel Co <no-reply@parcelco.example.co.uk>',
    );
    expect(out.tasks.map((t) => localDay(t.due_date, 0))).toEqual(['2026-12-18']);
  });
});

describe('events', () => {
  it('names a town hall appointment by its "Dienstleistung" field', async () => {
    const out = await extracted(
      CET,
      'Sehr geehrter Herr Berg,\n\nhiermit bestätigen wir Ihren Termin.\n\nDienstleistung: Personalausweis beantragen\nDatum: Dienstag, 15.12.2026\nUhrzeit: 09:40 Uhr\nOrt: Bürgerbüro Mitte, Marktplatz 1, 69117 Heidelberg\n\nBitte erscheinen Sie pünktlich.\n\nIhre Stadtverwaltung\nDiese E-Mail wurde automatisch erzeugt.\n',
      'Terminbestätigung – Personalausweis beantragen am 15.12.2026',
      'Stadt Heidelberg <termine@heidelberg.example.de>',
    );
    expect(out.events.map((e) => [e.title, e.start_time])).toEqual([['Termin: Personalausweis beantragen', '2026-12-15T08:40:00.000Z']]);
  });

  it('reads "Alors c\'est décidé : on fait le réveillon chez nous le ..." as the réveillon', async () => {
    const out = await extracted(
      CET,
      "Coucou,\n\nAlors c'est décidé : on fait le réveillon chez nous le jeudi 31 décembre, à partir de 20h.\n\nBisous\n",
      'Nouvel an',
    );
    expect(out.events.map((e) => e.start_time)).toEqual(['2026-12-31T19:00:00.000Z']);
    expect(out.events[0].title).not.toMatch(/décidé/);
  });

  it('names an event by the capitals that head its list entry', async () => {
    const out = await extracted(
      EST,
      'Dear Residents,\n\n1) ELEVATOR MAINTENANCE: The east elevator will be out of service on Wednesday, December 9 from 8:00 AM to 2:00 PM while our technicians replace the cables.\n\nThank you,\nManagement\n',
      'Notice to residents',
    );
    expect(out.events.map((e) => e.title)).toEqual(['Elevator maintenance']);
  });

  it('reads a German craftsman’s visit ("kommt unser Meister ... zum Aufmaß") and a German end hour in the next sentence', async () => {
    const visit = await extracted(
      CET,
      'Sehr geehrte Familie Roth,\n\nwie besprochen kommt unser Meister am Dienstag, 8. Dezember, um 9:00 Uhr zum Aufmaß zu Ihnen.\n\nMit freundlichen Grüßen\n',
      'Angebot Küche',
    );
    expect(visit.events.map((e) => [e.title, e.start_time])).toEqual([['Meister: Aufmaß', '2026-12-08T08:00:00.000Z']]);
    const party = await extracted(
      CET,
      'Liebe Eltern,\n\nam Freitag, den 11. Dezember, feiern wir ab 16:00 Uhr unser Adventsfest im Gemeindesaal. Das Fest endet gegen 18:30 Uhr.\n\nHerzliche Grüße\n',
      'Adventsfest',
    );
    expect(party.events.map((e) => [e.start_time, e.end_time])).toEqual([['2026-12-11T15:00:00.000Z', '2026-12-11T17:30:00.000Z']]);
  });

  it('names a bare dinner by the occasion in a long subject', async () => {
    const out = await extracted(
      CET,
      'Coucou à tous,\n\nLe dîner aura lieu le samedi 12 décembre à 20h chez Paul.\n\nBises\n',
      'Secret Santa 2026 : le tirage est fait, voici les noms !',
    );
    expect(out.events.map((e) => e.title)).toEqual(['Dîner: Secret Santa 2026']);
  });

  it('names a booking made for the reader after "Además," by what it is for', async () => {
    const out = await extracted(
      CET,
      'Hola Pablo:\n\nAdemás, te he reservado una cita para revisar la declaración del IVA el martes 15 de diciembre a las 10:30 en nuestra oficina.\n\nUn saludo\n',
      'Cierre del trimestre',
    );
    expect(out.events.map((e) => [e.title, e.start_time])).toEqual([['Revisar la declaración del IVA', '2026-12-15T09:30:00.000Z']]);
  });
});

describe('minutes, replies and weekly slots', () => {
  it('reads minutes written the evening of the meeting: its heading is no errand, the next meeting has its room', async () => {
    const out = await extracted(
      'Thu, 3 Dec 2026 21:02:11 -0500',
      'Hi all, minutes below.\n\nGarden Club Board Meeting - Thursday, December 3\n\n- Amy: order the bulbs by Monday\n\nNext board meeting: Thursday, January 14, 7pm, school library.\n\nKaren\n',
      'Garden club board meeting minutes - Dec 3',
    );
    expect(titles(out.tasks)).toEqual(['Order the bulbs']);
    expect(out.events.map((e) => [e.start_time, e.location])).toEqual([['2027-01-15T00:00:00.000Z', 'school library']]);
  });

  it("reads a contractor's reply about an order as a person's mail, with its inspection", async () => {
    const out = await extracted(
      'Tue, 1 Dec 2026 09:00:00 -0700',
      'Hi Sam,\n\nPlease sign change order #4 (attached, $1,180) by Thursday.\n\nAlso, the city framing inspection is set for Wednesday, Dec 9 at 10am.\n\nRick\nRick Builders LLC\n',
      'RE: Bathroom remodel - change order #4',
      'Rick Sandoval <rick@builders.example.com>',
    );
    expect(out.events.map((e) => e.start_time)).toEqual(['2026-12-09T17:00:00.000Z']);
  });

  it('dates "by then" by the day the same sentence gave', async () => {
    const out = await extracted(
      'Tue, 1 Dec 2026 09:00:00 -0800',
      "Dear families,\n\nPlease pay the $30 recital fee by Friday, December 11, and send us the title of your child's piece by then too, so we can print the programs.\n\nThanks\n",
      'Winter recital',
    );
    expect(out.tasks.map((t) => [t.title, localDay(t.due_date, -8)])).toContainEqual(["Send us the title of your child's piece", '2026-12-11']);
  });

  it('gives a weekly slot no day of the sentence before', async () => {
    const out = await extracted(
      GMT,
      'Hi all,\n\nAgreed\n- Launch target: end of March 2027.\n- Weekly status call on Thursdays, 9:30-10:00.\n\nFirst weekly status call: Thursday 10 December, 9:30-10:00 (Teams).\n\nSophie\n',
      'Kick-off notes',
    );
    expect(out.events.map((e) => e.start_time)).toEqual(['2026-12-10T09:30:00.000Z']);
  });
});

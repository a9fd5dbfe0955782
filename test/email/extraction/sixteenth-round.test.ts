/**
 * Sixteenth quality round (issue 16), from the misses of `email-typical20` and `email-typical21`
 * (tuning sets since). Sentences here are made up for the rules (several wordings and languages
 * each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { headers, mail, minutes, run } from './helpers.js';

const EST = 'Mon, 30 Nov 2026 09:00:00 -0500';
const CET = 'Mon, 30 Nov 2026 09:00:00 +0100';
const ART = 'Mon, 30 Nov 2026 09:00:00 -0300';

let n = 0;
async function extracted(date: string, body: string, subject = 'Note', extra: Record<string, string> = {}) {
  const { out } = await run(mail({ ...headers(date, subject, `r16-${++n}`), ...extra }, body));
  return out;
}

describe('a list entry that explains its ask', () => {
  it('makes one task; the sentences after the ask are no errands', async () => {
    const out = await extracted(
      EST,
      'Hi Sam,\n\nTwo things I need from you:\n\n- Pick the paint colour by Wednesday. Swatches are in the hallway; I would go with Sage but it is up to you.\n- Tell me by Friday whether you want the extra shelf. It costs $90 and the carpenter needs a week.\n\nThanks,\nLou\n',
    );
    expect(out.tasks.map((t) => t.title)).toEqual(['Pick the paint colour', 'Tell me whether you want the extra shelf']);
    expect(out.tasks.map((t) => t.due_date?.slice(0, 10))).toEqual(['2026-12-03', '2026-12-05']);
  });

  it('still takes a day given in a later sentence of the entry', async () => {
    const out = await extracted(
      CET,
      'Hola Ana:\n\nNecesitamos lo siguiente:\n\n1. El contrato firmado. Antes del 4 de diciembre.\n2. Las facturas de noviembre. Como muy tarde el 10 de diciembre.\n\nSaludos\n',
      'Documentos',
    );
    expect(out.tasks.map((t) => t.due_date?.slice(0, 10))).toEqual(['2026-12-04', '2026-12-10']);
  });
});

describe('a day of the month wrapped onto its own line', () => {
  it('is no new list entry ("bis Montag, / 30. November, über das Portal")', async () => {
    const out = await extracted(
      CET,
      'Sehr geehrter Herr Roth,\n\n1. Bitte senden Sie uns die Unterlagen bis Montag,\n   14. Dezember, per Post oder über das Portal.\n\n2. Bitte bestätigen Sie den Termin bis Freitag,\n   4. Dezember.\n\nMit freundlichen Grüßen\n',
      'Unterlagen',
    );
    expect(out.tasks.map((t) => t.due_date?.slice(0, 10))).toEqual(['2026-12-14', '2026-12-04']);
    expect(out.tasks.some((t) => /^(Dezember|per Post)/.test(t.title))).toBe(false);
  });
});

describe('a length said apart from the event', () => {
  it('sets the end: "Son 45 minutos", "tarda 1 hora y media", "Est. time: 2.5 hours", "It\'s 30 minutes"', async () => {
    const demo = await extracted(
      ART,
      'Hola Pablo,\n\nEl jueves 3 a las 15 hs hacemos la demo con el cliente por Google Meet (te mando el link). Son 45 minutos.\n\nSaludos\n',
    );
    expect(demo.events.map(minutes)).toEqual([45]);
    const garage = await extracted(
      EST,
      'Your service appointment is confirmed.\n\nDate: Thursday, December 10, 2026\nDrop-off: 7:45 AM\nServices: brake inspection\nEst. time: 2.5 hours\nAddress: 400 Main St, Akron, OH 44308\n',
      'Your service appointment is confirmed',
    );
    expect(garage.events.map(minutes)).toEqual([150]);
    const taller = await extracted(
      ART,
      'Le confirmamos su cita:\n\nFecha: sábado 5 de diciembre de 2026\nHora: 8:00\nDirección: Av. Corrientes 1200, Buenos Aires\n\nEl servicio tarda aproximadamente 1 hora y media.\n',
      'Confirmación de su cita',
    );
    expect(taller.events.map(minutes)).toEqual([90]);
    const call = await extracted(EST, 'Hi Jo,\n\nLet us meet on Thursday at 2 pm to go over the budget. It is 30 minutes at most.\n\nBest\n');
    expect(call.events.map(minutes)).toEqual([30]);
  });
});

describe('a line labelled by what happens', () => {
  it('is an event when its value is a day with hours and a place', async () => {
    const out = await extracted(
      EST,
      'Hi all,\n\nMinutes below.\n\nHoliday craft fair: Saturday, December 12, 10 AM - 2 PM in the Maple School gym. Setup starts at 9.\n\nTreasurer: $2,400 in checking.\n\nCarmen\n',
      'Minutes - PTO meeting',
    );
    expect(out.events.map((e) => [e.title, e.start_time, e.end_time])).toEqual([
      ['Holiday craft fair', '2026-12-12T15:00:00.000Z', '2026-12-12T19:00:00.000Z'],
    ]);
    const fr = await extracted(CET, "Bonjour à tous,\n\nFête de l'école : samedi 12 décembre de 14h à 18h, dans la cour.\n\nBonne semaine\n", 'Infos');
    expect(fr.events.map((e) => e.title)).toEqual(["Fête de l'école"]);
  });

  it('is no event when the label names a time, a deadline or a leg of a journey, or the hour stands alone', async () => {
    for (const line of [
      'Letter of intent: December 11, 11:59 PM ET',
      'Full application: January 22, 5 PM',
      'Drop-off: Friday, December 4, 8:00 - 8:30 AM',
      'Outbound: Friday, December 18, 14:35 - 16:20',
    ]) {
      const out = await extracted(EST, `Hello,\n\n${line}\n\nThanks\n`, 'Update');
      expect(out.events, line).toEqual([]);
    }
  });

  it('is no invitation in a newsletter with an unsubscribe line', async () => {
    const out = await extracted(
      CET,
      'Chers adhérents,\n\nAu programme ce mois-ci : la taille des rosiers.\n\nMarché de Noël : samedi 12 décembre de 10h à 17h, dans la cour de la Maison des associations.\n\nSe désinscrire de cette lettre\n',
      'La lettre du jardin - décembre',
      { From: 'Les Amis du Jardin <lettre@amis-jardin.example.fr>' },
    );
    expect(out.events).toEqual([]);
    expect(out.tasks.map((t) => t.title)).toEqual(['La lettre du jardin - décembre']);
  });
});

describe('an event told after a lead-in and a colon', () => {
  it('is named by what the sentence after the colon says happens', async () => {
    for (const [date, body, title] of [
      [
        EST,
        'Hi Kim,\n\nAlso a heads-up: the annual boiler inspection is on Wednesday, December 9 between 10am and 12pm.\n\nThanks\n',
        'Annual boiler inspection',
      ],
      [EST, 'Great season! Let us celebrate: our team banquet is Saturday, December 12 from 5 to 7 pm at the Elks Lodge.\n', 'Team banquet'],
      [
        CET,
        'Hallo Uwe,\n\nUnd nicht vergessen: Die Jahreshauptversammlung ist am Freitag, 15. Januar um 19:30 Uhr im Vereinsheim.\n\nGruß\n',
        'Jahreshauptversammlung',
      ],
    ]) {
      const out = await extracted(date, body);
      expect(out.events.map((e) => e.title)).toEqual([title]);
    }
  });

  it('keeps a label that names the event when no statement follows it', async () => {
    const out = await extracted(EST, 'Hi team,\n\nTeam offsite: we meet Friday, December 11 at 9 am in the lobby.\n\nBest\n');
    expect(out.events.map((e) => e.title)).toEqual(['Team offsite']);
    const named = await extracted(EST, 'Hi runners,\n\nWinter Dash: our fun 5K is Sunday, December 20 at 9 am in Riverside Park.\n\nSee you\n');
    expect(named.events.map((e) => e.title.split(':')[0])).toEqual(['Winter Dash']);
  });
});

describe('an appointment confirmation from its provider', () => {
  it('names who the appointment is with, unless the title already does or the sender is a mailbox', async () => {
    const body =
      'Hi Dana,\n\nYour appointment is confirmed.\n\nDate: Tuesday, December 8, 2026\nTime: 9:40 AM\nService: Oil change\nAddress: 4410 Burnet Rd, Austin, TX 78756\n\nKessler Auto Care · Oil Change Express\n';
    for (const [from, title] of [
      ['Kessler Auto Care <service@kessler.example>', 'Appointment: Oil change – Kessler Auto Care'],
      ['The Kessler Auto Care Team <service@kessler.example>', 'Appointment: Oil change – Kessler Auto Care'],
      ['Appointments <noreply@kessler.example>', 'Appointment: Oil change'],
      ['Oil Change Express <service@oce.example>', 'Appointment: Oil change'],
    ]) {
      const out = await extracted(EST, body, 'Your appointment is confirmed', { From: from });
      expect(
        out.events.map((e) => e.title),
        from,
      ).toEqual([title]);
    }
  });

  it('is not named by a person who writes about it', async () => {
    const out = await extracted(
      EST,
      'Hi Dana,\n\nYour appointment is confirmed.\n\nDate: Tuesday, December 8, 2026\nTime: 9:40 AM\nService: Oil change\nAddress: 4410 Burnet Rd, Austin, TX 78756\n\nSam\n',
      'Your appointment is confirmed',
      { From: 'Sam Reyes <sam@example.org>' },
    );
    expect(out.events.map((e) => e.title)).toEqual(['Appointment: Oil change']);
  });

  it('takes the provider from a forwarded header block', async () => {
    const out = await extracted(
      CET,
      'Zur Info\n\n---------- Forwarded message ---------\nFrom: Hausarztpraxis Dr. Vogel <praxis@vogel.example>\nDate: Mon, Nov 30, 2026 at 8:00 AM\nSubject: Terminbestätigung\nTo: Ute <ute@example.de>\n\nSehr geehrte Frau Kern,\n\nhiermit bestätigen wir Ihren Termin:\n\nDatum: Freitag, 11. Dezember 2026\nUhrzeit: 8:45 Uhr\nLeistung: Check-up\nAdresse: Schillerstraße 42, 80336 München\n\nIhre Hausarztpraxis Dr. Vogel\n',
      'Fwd: Terminbestätigung',
    );
    expect(out.events.map((e) => e.title)).toEqual(['Termin: Check-up – Hausarztpraxis Dr. Vogel']);
  });
});

describe('a class outing whose departure line makes the event', () => {
  it('is named by the outing, not by the leaving', async () => {
    const out = await extracted(
      'Mon, 30 Nov 2026 09:00:00 -0600',
      'Estimadas familias:\n\nLes informamos que el jueves 10 de diciembre los alumnos de 4.º visitarán el Museo de Historia Natural.\n\nSalida del colegio: 9:00 h\nRegreso aproximado: 14:00 h\n\nAtentamente,\nDirección\n',
      'Excursión al Museo de Historia Natural – 4.º',
    );
    expect(out.events.map((e) => [e.title, e.start_time, e.end_time])).toEqual([
      ['Excursión al Museo de Historia Natural', '2026-12-10T15:00:00.000Z', '2026-12-10T20:00:00.000Z'],
    ]);
  });
});

describe('an appointment named for its purpose', () => {
  it("keeps the mail's name for the booking and drops the verb after it", async () => {
    const out = await extracted(
      'Mon, 30 Nov 2026 09:00:00 -0600',
      'Dear Parent,\n\nYour kindergarten registration appointment for the 2027-2028 school year is\nscheduled for:\n\nWednesday, December 9, 2026 at 10:30 AM\n1200 Lake St, Oak Park, IL 60301\n',
      'Registration appointment confirmation',
      { From: 'Registration Office <office@district.example>' },
    );
    expect(out.events.map((e) => e.title)).toEqual(['Kindergarten registration appointment for 2027-2028 school year']);
  });
});

describe('a German reflexive ask with a separable verb', () => {
  it('is titled by its infinitive, also when a second ask follows with "und"', async () => {
    for (const [body, title] of [
      ['Liebe Eltern,\n\nbitte meldet euch bis Sonntag, 6. Dezember, bei mir an (Name und Anzahl der Personen).\n\nGruß\n', /anmelden/i],
      [
        'Liebe Eltern,\n\nBitte meldet euch bis Mittwoch, 9. Dezember mit dem Abschnitt unten an und\ntragt euch in die Kuchenliste ein.\n\nGruß\n',
        /anmelden/i,
      ],
      [
        'Hallo zusammen,\n\nbitte tragt euch bis Freitag, 4. Dezember in die Fahrliste am Schwarzen Brett ein.\n\nDanke\n',
        /^In die Fahrliste am Schwarzen Brett eintragen/,
      ],
    ] as const) {
      const out = await extracted(CET, body, 'Weihnachtsfeier');
      expect(out.tasks.map((t) => t.title)[0], body).toMatch(title);
    }
  });
});

describe("the next meeting in a series' notes", () => {
  it("is named by the series, also when the subject names no meeting and ends on the notes' day", async () => {
    const out = await extracted(
      'Wed, 25 Nov 2026 17:00:00 -0700',
      "Notes from today's check-in\n\nAction items\n- Nadia: final copy to Greg by Tue 12/1\n\nNext check-in: Wed 12/2, 2:00-2:30 pm, same Zoom link.\n",
      'Relaunch check-in notes 11/25',
    );
    expect(out.events.map((e) => [e.title, e.start_time, e.end_time])).toEqual([['Relaunch check-in', '2026-12-02T21:00:00.000Z', '2026-12-02T21:30:00.000Z']]);
    const weekly = await extracted(
      'Wed, 25 Nov 2026 17:00:00 -0500',
      'Notes - Platform weekly\n\nAction items\n- Jen: review the sitemap by Fri 12/4\n\nNext meeting: Wednesday, Dec 2, 2:00-2:45 PM, Room 5C\n',
      'Notes + action items: platform weekly',
    );
    expect(weekly.events.map((e) => e.title)).toEqual(['Platform weekly: next meeting']);
  });
});

describe('a notice period in hours', () => {
  it('is no hour of the day: "annuler au moins 24 h à l\'avance"', async () => {
    const out = await extracted(
      CET,
      "Bonjour,\n\nVotre rendez-vous est confirmé :\n\nMardi 8 décembre 2026 à 18h15\nCabinet des Lilas\n14 rue des Lilas, 69003 Lyon\n\nEn cas d'empêchement, merci d'annuler au moins 24 h à l'avance.\n",
      'Confirmation de votre rendez-vous du mardi 8 décembre',
    );
    expect(out.events.map((e) => e.start_time)).toEqual(['2026-12-08T17:15:00.000Z']);
  });
});

describe('a list entry whose day is given apart from its errand', () => {
  it('takes the day of a later sentence that points back ("I need that by Tuesday noon")', async () => {
    const out = await extracted(
      EST,
      'Hi Rae,\n\nTwo things I need from you:\n\n1. Your comments on the draft by Wednesday.\n2. The name of the person who will sign. I need that by Tuesday noon to prepare the blocks.\n\nDan\n',
    );
    expect(out.tasks.map((t) => [t.title, t.due_date])).toEqual([
      ['Your comments on the draft', '2026-12-03T04:59:00.000Z'],
      ['The name of the person who will sign', '2026-12-01T17:00:00.000Z'],
    ]);
  });

  it('takes the day of a "Due:" line under it', async () => {
    const out = await extracted(
      'Mon, 30 Nov 2026 09:00:00 +0000',
      'Notes from today.\n\nNext steps\n\n1. Final copy for the About page\n   Owner: Aisha\n   Due: Wed 2 Dec\n\n2. Book the accessibility audit\n   Owner: Tom\n   Due: no date yet\n',
      'Sync notes',
    );
    expect(out.tasks.map((t) => [t.title, t.due_date])).toEqual([
      ['Final copy for the About page', '2026-12-02T23:59:00.000Z'],
      ['Book the accessibility audit', null],
    ]);
  });
});

describe('a notice that asks for one action by the day in a field', () => {
  it('gives the subject fallback that day, but a delivery day is no deadline', async () => {
    const pickup = await extracted(
      CET,
      'Guten Tag,\n\nIhr Paket liegt ab sofort zur Abholung bereit.\n\nAbholung bis:    Freitag, 11.12.2026\nAbholort:        Paketshop Aydin\nAbholcode:       482913\n\nIhr Paketwelt-Team\n',
      'Ihr Paket liegt zur Abholung bereit',
      { From: 'Paketwelt <noreply@paketwelt.example>' },
    );
    expect(pickup.tasks.map((t) => [t.title, t.due_date])).toEqual([['Ihr Paket liegt zur Abholung bereit', '2026-12-11T22:59:00.000Z']]);
    const shipped = await extracted(
      EST,
      'Hi,\n\nYour order has shipped.\n\nOrder: #48213\nEstimated delivery by: Friday, December 4, 2026\nCarrier: UPS\n',
      'Your order has shipped',
      { From: 'Shop <noreply@shop.example>' },
    );
    expect(shipped.tasks.map((t) => [t.title, t.due_date])).toEqual([['Your order has shipped', null]]);
  });
});

/**
 * Thirteenth quality round (issue 16), from the misses of `email-typical13` (a tuning set since):
 * a schedule of deadlines written "label - day", one per line without list marks; an abbreviated
 * weekday with its dot ("Mo. 30.11."); a note to self, one errand per line. Sentences here are made
 * up for the rules (several wordings and languages each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { headers, mail, run } from './helpers.js';

const MST = 'Wed, 25 Nov 2026 10:00:00 -0700';
const CET = 'Wed, 25 Nov 2026 10:00:00 +0100';

let n = 0;
async function tasksOf(date: string, body: string) {
  const { out } = await run(mail(headers(date, 'Note', `r13-${++n}`), body));
  return out.tasks.map((t) => [t.title, t.due_date?.slice(0, 10) ?? null]);
}

describe('a schedule of deadlines, one "label - day" per line', () => {
  it('makes one dated task per line, and the sentence that announces them makes none', async () => {
    for (const [date, body, want] of [
      [
        MST,
        'Hi Megan,\n\nHere are the dates we need your final selections by so nothing holds up the crew.\n\nTile (backsplash + floor) - Mon 11/30\nCabinet hardware - Wed 12/2\nPaint colors – Fri Dec 4\n\nThanks,\nTyler\n',
        [
          ['Tile', '2026-12-01'],
          ['Cabinet hardware', '2026-12-03'],
          ['Paint colors', '2026-12-05'],
        ],
      ],
      [
        CET,
        'Hallo zusammen,\n\nhier die Fristen für das Projekt:\n\nGliederung abgeben - Mo. 30.11.\nQuellenliste - Fr. 4.12.\nEntwurf - bis 11.12.\n\nViele Grüße\nFrau Roth\n',
        [
          ['Gliederung abgeben', '2026-11-30'],
          ['Quellenliste', '2026-12-04'],
          ['Entwurf', '2026-12-11'],
        ],
      ],
      [
        CET,
        'Hola:\n\nEstas son las fechas de entrega del trabajo:\n\nÍndice - lunes 30 de noviembre\nBibliografía - viernes 4 de diciembre\n\nSaludos\n',
        [
          ['Índice', '2026-11-30'],
          ['Bibliografía', '2026-12-04'],
        ],
      ],
      [
        CET,
        'Bonjour,\n\nVoici les dates à retenir pour le dossier :\n\nPlan détaillé – lundi 30 novembre\nVersion finale – vendredi 11 décembre\n\nCordialement\n',
        [
          ['Plan détaillé', '2026-11-30'],
          ['Version finale', '2026-12-11'],
        ],
      ],
    ] as const) {
      // Due at 23:59 local: west of UTC that is the next UTC day.
      expect(await tasksOf(date, body), body).toEqual(want);
    }
  });
});

describe('a note to self', () => {
  it('makes one task per line, whatever its grammar, and reads no date in a phone number', async () => {
    for (const [date, body, want] of [
      [
        MST,
        "call vet about biscuit's meds 312-555-0187\nplumber - ray 773-555-0142 - ask for quote\nrenew car registration by fri!!\n",
        [
          ["Call vet about biscuit's meds 312-555-0187", null],
          ['Plumber - ray 773-555-0142 - ask for quote', null],
          ['Renew car registration', '2026-11-28'],
        ],
      ],
      [
        CET,
        'llamar al fontanero 612 555 014\nrecoger el traje en la tintorería antes del sábado\npagar la cuota del gimnasio\n',
        [
          ['Llamar al fontanero 612 555 014', null],
          ['Recoger el traje en la tintorería', '2026-11-28'],
          ['Pagar la cuota del gimnasio', null],
        ],
      ],
      [
        CET,
        '- reifen wechseln lassen bis fr\n- oma anrufen sonntag\n- geschenk für tim\n',
        [
          ['Reifen wechseln lassen', '2026-11-27'],
          ['Oma anrufen', '2026-11-29'],
          ['Geschenk für tim', null],
        ],
      ],
    ] as const) {
      expect(await tasksOf(date, body), body).toEqual(want);
    }
  });

  it('a short greeting, a notice or a status update written with capitals is not a note', async () => {
    expect(await tasksOf(MST, 'Hi Sam,\nsee you at the game\ncheers\n')).toEqual([['Note', null]]);
    const status = await tasksOf(MST, 'Sam is blocked on the API keys\nRelease candidate cut moved to Tuesday\nQA signed off on the login flow\n');
    expect(status.map(([title]) => title)).not.toContain('Sam is blocked on the API keys');
  });
});

async function itemsOf(date: string, subject: string, body: string) {
  const { out } = await run(mail(headers(date, subject, `r13-${++n}`), body));
  return {
    tasks: out.tasks.map((t) => [t.title, t.due_date?.slice(0, 16) ?? null]),
    events: out.events.map((e) => [e.title, e.start_time?.slice(0, 16)]),
  };
}

describe('titles that name what the item is about', () => {
  it('a call or meeting told without a name keeps its kind and takes the subject', async () => {
    const { events } = await itemsOf(
      'Wed, 25 Nov 2026 10:00:00 -0500',
      'Re: Label design quote',
      "Hi,\n\nAnd let's do a call Monday at 11 to go through the die-line together.\n\nKevin\n",
    );
    expect(events).toEqual([['Call: Label design quote', '2026-11-30T16:00']]);
  });

  it('a dated ask to say whether you come names the one event of the mail', async () => {
    for (const [date, body, want] of [
      [
        'Wed, 25 Nov 2026 10:00:00 -0800',
        'Hi families,\n\nOur winter concert is on Thursday, December 10 at 6:30pm in the school gym.\n\nPlease let us know by Friday, December 4 whether you will attend.\n\nThanks,\nMs. Park\n',
        'Let us know whether you will attend: Winter concert',
      ],
      [
        CET,
        'Liebe Eltern,\n\nwir laden Sie herzlich zu unserem Elternabend am Dienstag, 8. Dezember, um 19:30 Uhr ein.\n\nBitte geben Sie uns bis Mittwoch, 2. Dezember, Bescheid, ob Sie kommen.\n\nHerzliche Grüße\n',
        'Elternabend',
      ],
      [
        CET,
        'Hola familias:\n\nLa fiesta de Navidad será el viernes 18 de diciembre a las 17:00 en el salón de actos.\n\nPor favor, confirmad asistencia antes del lunes 14.\n\nUn saludo\n',
        'Confirmad asistencia: Fiesta de Navidad',
      ],
      [
        CET,
        "Bonjour à tous,\n\nLe repas de fin d'année aura lieu le samedi 12 décembre à 19h à la salle des fêtes.\n\nMerci de vous inscrire avant le 5 décembre.\n\nLe bureau\n",
        "Vous inscrire: Repas de fin d'année",
      ],
    ] as const) {
      const { tasks } = await itemsOf(date, 'Notice', body);
      expect(tasks, body).toHaveLength(1);
      expect(String(tasks[0][0]), body).toContain(want);
    }
  });
});

describe('meeting notes and deadline lists', () => {
  it('skips entries already ticked off, and keeps a phrasal verb ("run through") in the title', async () => {
    const { tasks } = await itemsOf(
      'Wed, 2 Dec 2026 10:00:00 -0500',
      'Launch sync',
      'Hi team,\n\nAction items\n- Omar: fix the login crash - by Friday\n- Aisha: book the App Store review slot - done\n- Chen: send the invoice (erledigt)\n- [x] Jess: order the banners\n- Everyone: run through the QA checklist before code freeze on Thursday Dec 10\n\nThanks\n',
    );
    expect(tasks.map(([title]) => title)).toEqual(['Fix the login crash', 'Run through the QA checklist before code freeze']);
  });

  it('an hour a listed item is due by makes a deadline, not an event', async () => {
    for (const [date, body, want] of [
      [
        MST,
        'Hi all,\n\nKey dates:\n\n- Final report: Friday, December 4, by 5pm\n- Slides: Monday, December 7\n\nThanks\n',
        ['Final report', '2026-12-05T00:00'],
      ],
      [
        'Wed, 25 Nov 2026 16:17:00 -0500',
        'Estimados estudiantes:\n\nLes recordamos las fechas de entrega:\n\n• Versión final del documento (PDF): viernes 4 de diciembre, hasta las 11:59 p.m.\n• Formato de autorización: lunes 7 de diciembre.\n\nCordialmente\n',
        ['Versión final del documento', '2026-12-05T04:59'],
      ],
      [
        CET,
        'Hallo,\n\nWichtige Termine:\n\n- Hausarbeit: Freitag, 4. Dezember, bis 12 Uhr\n- Präsentation: Montag, 7. Dezember\n\nGruß\n',
        ['Hausarbeit', '2026-12-04T11:00'],
      ],
      [
        CET,
        'Bonjour,\n\nDates à retenir :\n\n- Rapport final : vendredi 4 décembre, avant 17h\n- Soutenance : lundi 7 décembre\n\nCordialement\n',
        ['Rapport final', '2026-12-04T16:00'],
      ],
    ] as const) {
      const { tasks, events } = await itemsOf(date, 'Dates', body);
      expect(events, body).toEqual([]);
      expect(tasks[0], body).toEqual(want);
    }
    // A range of hours is still an event.
    const { events } = await itemsOf(
      MST,
      'Open house',
      'Hi neighbours,\n\nOur open house is on Saturday, December 5 from 2 until 5pm at 14 Elm Street.\n\nBest\n',
    );
    expect(events).toHaveLength(1);
  });
});

describe('where and what an event is', () => {
  it('a remark on how to join is not the place', async () => {
    const { out } = await run(
      mail(
        headers('Wed, 2 Dec 2026 10:00:00 -0500', 'Notes', `r13-${++n}`),
        'Hi team,\n\nNext sync: Tuesday Dec 8, 10:30-11:00, Maple room (Zoom link in the calendar hold).\n\nThanks\n',
      ),
    );
    expect(out.events.map((e) => e.location)).toEqual(['Maple room']);
  });

  it('an outing told by what the class does is named by the subject, and goes where it visits', async () => {
    const { out } = await run(
      mail(
        headers('Wed, 25 Nov 2026 10:00:00 -0500', 'Grade 3 field trip – Museum of Science, Thu Dec 10', `r13-${++n}`),
        'Dear Grade 3 families,\n\nOur class will visit the Museum of Science on Thursday, December 10! Buses leave school at 9:00 AM and we will be back by 2:30 PM.\n\nThank you!\n',
      ),
    );
    expect(out.events.map((e) => [e.title, e.location])).toEqual([['Grade 3 field trip', 'Museum of Science']]);
    const de = await itemsOf(
      CET,
      'Ausflug der 4b – Deutsches Museum',
      'Liebe Eltern,\n\nam Mittwoch, 9. Dezember, besuchen wir das Deutsche Museum. Abfahrt ist um 8:30 Uhr an der Schule, zurück sind wir gegen 13 Uhr.\n\nViele Grüße\n',
    );
    expect(de.events.map(([title]) => title)).toEqual(['Ausflug der 4b']);
  });
});

describe('fourth batch (typical14 and typical15, scored once before it)', () => {
  it('a dated list entry with an hour is due then when it is an errand or due "by" the hour; a meeting stays an event', async () => {
    const { tasks, events } = await itemsOf(
      'Mon, 23 Nov 2026 08:15:00 -0600',
      'Cierre',
      'Estimados gerentes:\n\n• Viernes 27 de noviembre: fecha límite para registrar gastos de viaje\n  y comprobantes en Concur.\n• Martes 1 de diciembre, 14:00 h: enviar a Contraloría las provisiones\n  y las facturas pendientes.\n• Lunes 7 de diciembre, 10:00 h: junta de revisión de resultados en la\n  sala Cedro (piso 5).\n\nSaludos\n',
    );
    expect(tasks).toEqual([
      ['Fecha límite para registrar gastos de viaje y comprobantes en Concur', '2026-11-28T05:59'],
      ['Enviar a Contraloría las provisiones y las facturas pendientes', '2026-12-01T20:00'],
    ]);
    expect(events).toEqual([['Junta de revisión de resultados en la sala Cedro', '2026-12-07T16:00']]);
    const en = await itemsOf(
      'Mon, 23 Nov 2026 16:05:00 -0600',
      'Production calendar',
      "Hi all,\n\nHere's the production calendar:\n\nMon 11/30 - final headlines to your section editor\nWed 12/2 - all copy filed to the copy desk by noon\n\nBen\n",
    );
    expect(en.tasks).toEqual([
      ['Final headlines to your section editor', '2026-12-01T05:59'],
      ['All copy filed to the copy desk', '2026-12-02T18:00'],
    ]);
  });

  it('one verb over a list of people makes one errand per entry, due when the intro says', async () => {
    for (const [date, body, want] of [
      [
        'Sun, 29 Nov 2026 21:14:06 -0800',
        'call these tmrw:\n- gutter guy 206-555-0143 re: estimate\n- Aunt Ruth 360.555.0121 (her bday is Thursday!)\n\nSent from my iPhone\n',
        [
          ['Call gutter guy 206-555-0143 re: estimate', '2026-12-01'],
          ['Call Aunt Ruth 360.555.0121', '2026-12-01'],
        ],
      ],
      [
        CET,
        'Hallo,\n\ndiese bis Freitag anrufen:\n- Heizungsfirma Krause\n- Versicherung wegen Schaden\n\nDanke\n',
        [
          ['Heizungsfirma Krause anrufen', '2026-11-27'],
          ['Versicherung wegen Schaden anrufen', '2026-11-27'],
        ],
      ],
    ] as const) {
      expect(await tasksOf(date, body), body).toEqual(want);
    }
  });
});

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

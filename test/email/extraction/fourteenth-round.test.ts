/**
 * Fourteenth quality round (issue 16), from the misses of `email-typical16` and `email-typical17`
 * (tuning sets since). Sentences here are made up for the rules (several wordings and languages
 * each), not taken from a corpus.
 */
import { describe, expect, it } from 'vitest';
import { headers, mail, run } from './helpers.js';

const EST = 'Tue, 24 Nov 2026 21:00:00 -0500';

let n = 0;
async function extracted(date: string, body: string, subject = 'Note') {
  const { out } = await run(mail(headers(date, subject, `r14-${++n}`), body));
  return out;
}

describe('a note to self whose lines open with names', () => {
  it('is still one errand per line when its subject is typed in haste', async () => {
    const body = 'Marisol (tiler) 412-555-0110 grout colour\nVet clinic 412.555.0177 move the checkup\nbuy stamps by fri\n';
    for (const subject of ['stuff', 'calls + errands', 'todo']) {
      const out = await extracted(EST, body, subject);
      expect(out.tasks.map((t) => t.title.split(' ')[0]), subject).toEqual(['Marisol', 'Vet', 'Buy']);
    }
  });

  it('is not a note when the subject is written as a title', async () => {
    const out = await extracted(EST, 'Marisol Reyes 412-555-0110\nVet Clinic 412.555.0177\nSt Anne Parish Office\n', 'Contacts For The Renovation');
    expect(out.tasks.length).toBe(1);
    expect(out.tasks[0].title).toBe('Contacts For The Renovation');
  });
});

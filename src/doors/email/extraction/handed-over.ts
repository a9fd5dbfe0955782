/**
 * "To lock it in they need the $300 deposit by Wednesday, and the final guest count by Dec 12. Can
 * you handle both?": what someone else needs, each thing with its day, becomes the reader's errand
 * only when the next sentence hands it over. Told alone, a third party's need is news.
 */
import type { TextTask } from './action-items.js';
import { CONFIDENCE } from './confidence.js';
import { findDates, mentionStartMs, type DateContext } from './dates.js';
import { capitalise, finishTitle, stripDeterminers } from './titles.js';

/** "Can you handle both?", "¿Puedes encargarte?", "Kannst du das übernehmen?", "Tu peux t'en occuper ?" */
const HANDS_OVER =
  /^(?:¿\s*)?(?:(?:can|could|would)\s+you\s+(?:please\s+)?(?:handle|take care of|deal with|sort out|sort|manage|cover|look after|take on)\s+(?:both|them|it|that|this|those|these|all of (?:it|that|them)|both of (?:them|those))(?:\s+(?:for me|for us))?|(?:puedes|podr[íi]as|pod[ée]is|puede|podr[íi]a)\s+(?:encargarte|ocuparte|hacerte cargo|encargaros|ocuparos)(?:\s+de\s+(?:ello|eso|esto|ambas cosas|las dos cosas|todo))?|(?:kannst|k[öo]nntest)\s+du\s+(?:das|beides|dich darum|dich um beides)\s+(?:[üu]bernehmen|k[üu]mmern|erledigen)|(?:tu\s+)?(?:peux|pourrais)(?:-tu)?\s+t['’]en\s+occuper)\s*[?.!]*$/iu;

const DETERMINER = String.raw`(?:(?:the|a|an|our|your|their|el|la|los|las|un|una|die|der|das|den|eine?n?|le|les|une?)\s+|l['’]\s*)`;
const DUE_WORD = String.raw`(?:by|before|no later than|para el|antes del?|a m[áa]s tardar|bis(?:\s+zum)?|sp[äa]testens|avant(?:\s+le)?|d['’]ici)`;
/** "they need the $300 deposit by", "la agencia necesita el contrato firmado antes del", "sie brauchen die Unterlagen bis", "ils ont besoin du devis avant". */
const NEEDED = new RegExp(
  String.raw`(?<!\p{L})(?:needs?|requires?|wants?|necesita(?:n|mos)?|brauch(?:t|en)|ben[öo]tig(?:t|en)|(?:a|ont)\s+besoin\s+d(?:e|u|es|['’]))\s+(${DETERMINER}?[^,;.!?]{2,60}?)\s+${DUE_WORD}\s`,
  'iu',
);
/** ", and the final guest count by", "y la lista de invitados antes del", "und die Gästeliste bis". */
const AND_NEEDED = new RegExp(String.raw`^[\s,]*(?:and|y|und|et|plus)\s+(${DETERMINER}[^,;.!?]{2,60}?)\s+${DUE_WORD}\s`, 'iu');

export function handedOver(clause: string, sentenceBefore: string, ctx: DateContext): TextTask[] {
  if (!HANDS_OVER.test(clause.trim())) return [];
  const first = NEEDED.exec(sentenceBefore);
  if (!first) return [];
  const tasks: TextTask[] = [];
  let rest = sentenceBefore.slice(first.index);
  let what: string | undefined = first[1];
  let at = first[0].length;
  while (what) {
    const due = findDates(rest.slice(at - 1), ctx).find((m) => m.hasDay && !m.likelyPast && m.index <= 2);
    if (!due) break;
    const exact = due.hasTime && !due.endOfDay;
    tasks.push({
      kind: 'request',
      title: capitalise(finishTitle(stripDeterminers(what.trim()), 10)),
      excerpt: `${sentenceBefore} ${clause}`.trim(),
      dueMs: mentionStartMs({ ...due, hasTime: exact }, ctx, true),
      dueIsExact: exact,
      confidence: CONFIDENCE.requestWithDate,
      rule: 'requestWithDate',
    });
    rest = rest.slice(at - 1 + due.end);
    const next = AND_NEEDED.exec(rest);
    what = next?.[1];
    at = next?.[0].length ?? 0;
  }
  return tasks;
}

/** Between two days of one clause: "... und die Freigabe des Korrekturabzugs bis spätestens", ", and the slides by". */
const AND_THEN = new RegExp(
  String.raw`^[\s,;]*(?:and|y|und|et|plus)\s+(${DETERMINER}[^,;.!?]{2,60}?)\s+${DUE_WORD}(?:\s+(?:sp[äa]testens|at the latest|the|el|le|am))?\s*$`,
  'iu',
);

/**
 * "bräuchten wir die finalen Texte bis Montag und die Freigabe des Korrekturabzugs bis spätestens
 * Donnerstag", "send me the deck by Monday and the budget by Friday": each further thing with its
 * own day is an errand of its own, asked in the same breath as the first.
 */
export function alsoInClause(task: TextTask, clause: string, ctx: DateContext): TextTask[] {
  if (task.dueMs === null) return [];
  const days = findDates(clause, ctx).filter((m) => m.hasDay && !m.likelyPast);
  const more: TextTask[] = [];
  for (let i = 1; i < days.length; i++) {
    const joined = AND_THEN.exec(clause.slice(days[i - 1].end, days[i].index));
    if (!joined) continue;
    const exact = days[i].hasTime && !days[i].endOfDay;
    more.push({
      ...task,
      title: capitalise(finishTitle(stripDeterminers(joined[1].trim()), 10)),
      dueMs: mentionStartMs({ ...days[i], hasTime: exact }, ctx, true),
      dueIsExact: exact,
    });
  }
  return more;
}

/**
 * The sentence that introduces a list: a heading or an ask ("Next steps:", "Please send us the
 * following:", "benötigen wir noch:"), and what the list is of ("the following documents").
 */

const SECTION_INTRO =
  /\b(next steps|action items|to-?dos?|prochaines étapes|próximos pasos|nächste schritte|following|siguiente|suivantes|folgende|folgendes(?=\s+(?:von|bis|an|zu|mit|f[üu]r)\b|\s*:))\b[^:]*:\s*$/i;
/** "The following item(s) you requested are ready for pickup:": a list told, not asked for. */
const NOTICE_STATE =
  /(?<!\p{L})(?:ready|available|shipped|dispatched|delivered|included|on hold|listos?|listas?|disponibles?|enviados?|bereit|abholbereit|versandt|verschickt|enthalten|pr[êe]ts?|exp[ée]di[ée]s?)(?!\p{L})/iu;
/** A request that introduces a list ("pourriez-vous nous transmettre :", "benötigen wir noch:"): the entries are the tasks. */
const REQUEST_INTRO =
  /\b(please|can you|could you|i need|we need|we still need|need|necesito|necesitamos|hace falta|falta|(?:les|le|te|os) pedimos|wir bitten sie|nous vous demandons|benötigen|benötige|brauchen|brauche|bitte|pourriez-vous|pouvez-vous|peux-tu|merci de|vous remercie de|vous remercions de|veuillez|il nous faut|nous avons besoin)\b[^:]{0,120}:\s*$/i;

/**
 * "upload the following documents:", "reichen Sie uns die folgenden Belege ein:", "la siguiente
 * documentación:", "les pièces suivantes :": the ask names what the list is (its head noun), and the
 * entries are the parts of that one thing to send, not errands of their own. A list of tasks, steps
 * or points ("the following action items:") stays a list of errands.
 */
const LIST_OF =
  /\b(?:the\s+)?following\s+(\p{L}+)|\b(?:die\s+)?folgenden?\s+(\p{L}+)|\b(?:la|las|los|el)\s+siguientes?\s+(\p{L}+)|\b(?:les|le|la|des)\s+(\p{L}+)\s+suivante?s?\b/iu;
const ERRAND_NOUN =
  /^(?:tasks?|items?|steps?|actions?|points?|things?|questions?|changes?|dates?|aufgaben|punkte|schritte|fragen|[äa]nderungen|termine|tareas|pasos|puntos|preguntas|cambios|fechas|t[âa]ches|[ée]tapes|questions|modifications)$/iu;
const NOT_A_NOUN =
  /^(?:by|before|until|on|at|to|in|for|from|with|and|bis|vor|zum|zur|am|an|f[üu]r|und|antes|para|hasta|el|en|con|y|avant|pour|le|au|en|avec|et|d['’]ici)$/iu;
export const LIST_WORD = /\s*\b(?:following|folgenden?|siguientes?|suivante?s?)\b\s*/giu;

export function listHead(intro: string): string | null {
  const m = LIST_OF.exec(intro);
  const noun = m ? (m[1] ?? m[2] ?? m[3] ?? m[4]) : null;
  // "we need the following by December 18:": no head noun, only a preposition; the entries name the things.
  return noun && !ERRAND_NOUN.test(noun) && !NOT_A_NOUN.test(noun) ? noun : null;
}

/** "Action items:", "We need the following:", "Les pedimos:" over list entries: the entries are the errands. */
export function introducesList(text: string, listFollows: boolean): boolean {
  return (SECTION_INTRO.test(text) && !NOTICE_STATE.test(text)) || (REQUEST_INTRO.test(text) && listFollows);
}

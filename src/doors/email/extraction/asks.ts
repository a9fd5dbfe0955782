/**
 * Asks that are told by their form rather than a request word: a question about the reader's
 * ability or willingness, a reminder ("don't forget"), a request to be told something ("let Coach
 * Dana know"), in four languages; and titles whose object only points at what the subject names.
 */
import { capitalise, finishTitle } from './titles.js';

/**
 * Asking by a question about the reader's ability or willingness ("Tu pourrais me rendre ... ?",
 * "Would you be able to ...?", "¿Me podrías ...?", "Würdest du ...?"): a request when the sentence is
 * a question; the same words in a statement ("Vous pouvez consulter le programme") only inform.
 */
export const QUESTION_ASK =
  /^(?:¿\s*)?(?:(?:est-ce que|est-ce qu['’])\s*)?(?:tu|vous)\s+(?:me\s+|nous\s+|m['’]|lui\s+)?(?:pourrais|pourriez|peux|pouvez|voudrais|voudriez|veux|voulez)\b|^(?:¿\s*)?(?:me|nos|le|les)\s+(?:puedes|podr[íi]as|pod[ée]is|podr[íi]an|pueden|podr[íi]a|puede)\b|^(?:¿\s*)?(?:pod[ée]is|podr[íi]an|pueden|podr[íi]ais)\b|^(?:¿\s*)?(?:te|le|os|les)\s+importar[íi]a\b|^(?:würdest du|würden sie|würdet ihr|könntet ihr|könnt ihr|magst du|kann ich dich bitten)\b|^(?:would you be able to|are you able to|any chance you could|do you mind|would it be possible (?:for you )?to|could i ask you to|can i ask you to)\b/iu;
export const REMINDER_ASK =
  /^(?:(?:vergiss|vergesst|vergessen sie)(?:\s+bitte)?\s+nicht|denk(?:t|en sie)?(?:\s+bitte)?\s+daran|n['’]oublie(?:z)? pas|no (?:te |os |se )?olvid(?:es|éis|e|en)|don['’]t forget|do not forget|acordate|acu[ée]rdate|acordaos|acu[ée]rdense|recordá|recuerda|recuerden)\b,?\s*(?:de\s+|d['’]|to\s+|que\s+|qu['’]|that\s+|dass\s+)?/iu;
/** Asking to be told something: "let me/us/Coach Dana/the office know", "tell us", "lasst uns ... wissen", "Bescheid geben/sagen". */
export const ANSWER_ASK =
  /^(?:let\s+(?:me|us|him|her|them|(?:the|your|our|his|her)\s+[\p{L}-]+(?:\s+[\p{L}-]+)?|[\p{Lu}][\p{L}.'’-]*(?:\s+[\p{Lu}][\p{L}.'’-]*){0,2})\s+know|tell\s+(?:me|us)\b|d[íi](?:me|nos)|decid(?:me|nos)|d[íi]ga(?:n)?(?:me|nos)|av[íi]sa(?:d)?(?:me|nos)|av[íi]se(?:n)?(?:me|nos)|(?:dis|dites)-(?:moi|nous)|(?:fais|faites)-(?:moi|nous)\s+(?:signe|savoir)|tenez-(?:moi|nous)\s+au\s+courant|pr[ée]vien[ts]-(?:moi|nous)|pr[ée]venez-(?:moi|nous)|(?:lass|lasst|lassen sie)\s+(?:mich|uns)\b.*\bwissen\b)|(?<!\p{L})bescheid\s+(?:geben|sagen)\b|(?<!\p{L})(?:gebt|gib|geben sie|sagt|sag|sagen sie)\b.*\bbescheid\b/iu;

/**
 * A title whose object only points ("Complete this document", "Sign the attached form", "Remplir ce
 * formulaire", "Firmar este documento", "Dieses Formular ausfüllen"): a verb or two, a demonstrative
 * or article, and a noun that could name anything sent.
 */
export const DEICTIC_OBJECT =
  /^(?:\p{L}+(?:\s+(?:and|y|et|und)\s+\p{L}+)?\s+)?(?:this|that|these|those|the attached|the enclosed|the|ce|cet|cette|ces|le|la|les|este|esta|estos|estas|el|los|las|dieses?|diesen|den|das|die)\s+(?:documents?|forms?|files?|attachments?|requests?|links?|paperwork|items?|envelopes?|one|formulaires?|fichiers?|pi[èe]ces? jointes?|documentos?|formularios?|archivos?|solicitud|dokumente?|formulare?|datei(?:en)?|unterlagen|anhang)(?:\s+\p{L}+(?:en|ern|eln))?$/iu;

/** What a subject line is about: "Please review and sign: Lease renewal 2027" -> "Lease renewal 2027". */
export function subjectTopic(subject: string): string {
  const colon = /^([^:]{2,40}):\s+(\S.*)$/.exec(subject.trim());
  return finishTitle(colon && colon[1].split(/\s+/).length <= 5 ? colon[2] : subject, 8);
}

/** "For urgent matters, please contact Lisa", "Bei Fragen wenden Sie sich an ...": an ask on a condition is an offer of help. */
export const CONDITIONAL_LEAD =
  /^(?:for (?:urgent|any|further|more|other) [\p{L} ]{2,30}|if (?:you|there|this|that|anything)\b[^,]{0,80}|in case\b[^,]{0,60}|should you\b[^,]{0,60}|in an emergency|bei (?:fragen|r[üu]ckfragen|problemen|dringenden)[^,]{0,40}|falls\b[^,]{0,60}|wenn sie\b[^,]{0,60}|en cas d[e'’][^,]{0,40}|si vous\b[^,]{0,60}|pour toute?\b[^,]{0,40}|si (?:tiene|tienes|necesita|necesitas|puedes|puede|pueden|pod[ée]is|quer[ée]is|quieres|quiere)\b[^,]{0,60}|para cualquier\b[^,]{0,40}|en caso de\b[^,]{0,40}|ante cualquier\b[^,]{0,40}),\s*/iu;

/** "Order forms are due back by December 8", "Review is on Monday", "Release went out on time": a noun phrase and its verb, not an imperative. */
export const NOUN_THEN_COPULA =
  /^\p{L}+(?:\s+(?!(?:the|a|an|your|our|this|these|those|my|his|her|their|its|it|them|me|us|him)\b)\p{L}+){0,2}\s+(?:is|are|was|were|will be|must be|need to be|needs to be|have to be|has to be|went|came|got|had|did|took|ran|became)\b/iu;

const REPLY_VERB = /^(?:reply|respond|answer|write back|antwort\p{L}*|responde\p{L}*|contesta\p{L}*|r[ée]pond\p{L}*)$/iu;
const REPLY_PURPOSE =
  /(?<!\p{L})(?:to|um|para|pour)\s+((?:confirm|let us know|tell us|say|indicate|zu best[äa]tigen|confirmar|indicar|confirmer|nous dire)(?!\p{L})[^.;!?]{0,80})/iu;

/** "Please reply by tomorrow at noon to confirm that window works": the reply is asked for what it says ("Confirm that window works"). */
export function replyPurpose(title: string, clause: string): string | null {
  if (!REPLY_VERB.test(title.trim())) return null;
  const m = REPLY_PURPOSE.exec(clause);
  return m ? finishTitle(capitalise(m[1].replace(/\s+zu\s+best[äa]tigen/i, ' bestätigen')), 12) : null;
}

/** "Questions? Reply to this email or call us", "¿Dudas? Escríbenos": after the question, an undated ask offers help. */
const QUESTIONS = /^(?:any\s+)?(?:questions|problems|issues)\s*\?$|^¿?\s*(?:dudas|preguntas)\s*\?$|^(?:noch\s+)?fragen\s*\?$|^des\s+questions\s*\?$/iu;
export function offersHelp(task: { dueMs: number | null }, sentenceBefore: string): boolean {
  return task.dueMs === null && QUESTIONS.test(sentenceBefore.trim());
}

/** "Make sure ...", and a note to self without its subject: "Need to call the contractor", "Still have to renew ...". */
export const REQUEST_AT_START =
  /^(make sure|be sure to|don't forget|do not forget|remember to|ensure|(?:still\s+)?(?:need|have|got) to(?=\s+\p{L})|(?:still\s+)?need\s+(?!to\s)(?:\p{L}+\s+){1,2}to(?=\s+\p{L}))\b/iu;
/** "We still need the forms", "necesitamos", "benötigen wir": a need said, an ask only with a day (else it introduces what follows). */
export const NEED_STATED =
  /(?<!\p{L})(?:(?:i|we)(?:['’]ll| will)?\s+(?:also|still|then|just)\s+need|necesit(?:o|amos|ar[íi]a|ar[íi]amos)|benötigen wir|benötige ich|(?:needs|requires)\s+your|bräuchten wir|bräuchte ich|nous avons besoin|j['’]ai besoin)(?!\p{L})/iu;
/** "Adding to my list - need legal to look at the MSA changes": a forwarder's note after its lead-in. */
export const NOTE_AFTER_LEAD = /^[^.!?]{3,40}\s[-–—:]\s+(?=(?:still\s+)?need\s)/iu;
/** "Call number: FIC WHITCOMBE", "Order no.: 4411": a field's label and its short value, not an ask. */
export const FIELD_LABEL = /^[\p{L} ]{1,30}(?<!\p{L})(?:number|no\.?|nr\.?|#|id|code|nummer|n[úu]mero|num[ée]ro)\s*:\s*\S+(?:\s+\S+){0,3}\s*$/iu;

/** "Reply to this email if you can help", "If you are interested, please let me know by Monday": an offer to volunteer, no one's errand. */
const VOLUNTEERING =
  /(?<!\p{L})(?:if|si|wenn|falls)\s+(?:you|vous|sie|du|ihr|puedes|puede|pueden|pod[ée]is|quer[ée]is|quieres)(?!\p{L})[^.,;]{0,30}?(?:help|volunteer|chaperon\p{L}*|interested(?=\s*[,.]|\s+(?:please|let|reply|email|just))|ayudar|colaborar|echar una mano|helfen|mithelfen|aider|donner un coup de main|b[ée]n[ée]voles?)(?!\p{L})/iu;
/** The answer such an offer asks for: a reply, a word, a name on a list. */
const OFFER_REPLY =
  /^(?:let|tell|reply|respond|email|e-mail|write|contact|text|sign up|add your name|put your name|d[íi]me|av[íi]same|escr[íi]be|responde|contesta|melde|meldet|schreib|antwort|r[ée]pond|[ée]cri|contactez|dites|faites)/iu;

export function offersToVolunteer(clause: string, ask: string): boolean {
  return VOLUNTEERING.test(clause) && (OFFER_REPLY.test(ask) || OFFER_REPLY.test(ask.replace(/^[^,]{1,40},\s*/, '')));
}

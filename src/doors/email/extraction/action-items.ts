/** Requests and to-do entries in text -> tasks with due dates. */
import { asksNothing, closingFormula, offeredPickup, tickedOff, withoutModal } from './advice.js';
import { germanPoliteTitle, separableAsk, zuInfinitiveTitle } from './german-asks.js';
import { taskTitle } from './task-title.js';
import { PRONOUN_OBJECT } from './antecedent.js';
import {
  ANSWER_ASK,
  CONDITIONAL_LEAD,
  DEICTIC_OBJECT,
  FIELD_LABEL,
  NEED_STATED,
  NOTE_AFTER_LEAD,
  NOUN_THEN_COPULA,
  offersToVolunteer,
  QUESTION_ASK,
  REMINDER_ASK,
  REQUEST_AT_START,
  replyPurpose,
  subjectTopic,
} from './asks.js';
import { collectionTask } from './collections.js';
import { DUE_STATEMENT, PAYMENT, paymentTask } from './payment-asks.js';
import { pickDue, withoutAskedAbout } from './due-choice.js';
import { CONFIDENCE, type ConfidenceRule } from './confidence.js';
import { findDates, mentionStartMs, type DateContext, type DateMention } from './dates.js';
import { imperativeMood, listVerb } from './imperative-mood.js';
import { isDeadlineMention } from './deadline-mention.js';
import { withinMention } from './relative-dates.js';
import { obligation, obligationTitle } from './statements.js';
import {
  blankListMarker,
  contentWordCount,
  DEADLINE_FIRST,
  dueLabelTitle,
  finishTitle,
  PRONOUN_ONLY,
  questionInfinitive,
  stripDeterminers,
  stripLeadIns,
  stripListMarker,
  stripOwner,
} from './titles.js';

export const ACTION_HEADING =
  /^\s*(?:\*\*)?(action items?|action points?|actions|next steps|to-?dos?|to do|tasks|follow[- ]?ups?|open items|acciones|pendientes|tareas|próximos pasos|siguientes pasos|aufgaben|to-?do-?liste|nächste schritte|maßnahmen|actions à mener|prochaines étapes|à faire|tâches)\b[^.!?]{0,60}:?\s*(?:\*\*)?$/i;

export const REQUEST =
  /\b(please|pls|kindly|can you|could you|are you (?:still )?(?:ok|okay|able|happy|good) to|can everyone|could everyone|can everybody|could everybody|would you|will you|would you mind|can we get|i need you to|(?:i|we)(?:['’]ll| will)?(?: also| still| then| just)? need (?:you|the|your|a|an|all|both|copies|\d)|necesit(?:o|amos|ar[íi]a|ar[íi]amos)(?: también| además)? (?:tus?|sus?|vuestr[oa]s?|el|la|los|las|una?)|benötigen wir|benötige ich|(?:ich|wir)\s+(?:brauche|brauchen|benötige|benötigen)\s+(?:noch\s+|auch\s+)?(?:die|das|den|deine|ihre|eure|eine?n?|alle)|nous avons besoin (?:d['’]|de|du|des)|j['’]ai besoin (?:d['’]|de|du|des)|we'd like|we’d like|i'd like you|(?:needs|requires) your|por favor|(?<=(?:^|¿)\s*)(?:me|nos)\s+(?:mandas|mand[áa]s|pasas|pas[áa]s|env[íi]as|confirmas|confirm[áa]s|dices|dec[íi]s|haces|ayudas|reservas|compras|traes)|puedes|podés|podrías|podria|necesito que|necesitamos que|recuerden|recordad|no se olviden de|no olviden|favor de|no olvides|le rogamos|les rogamos|os rogamos|te rogamos|rogamos|le pedimos|les pedimos|os pedimos|te pedimos|le ruego|les ruego|os ruego|te ruego|wir bitten|bitten wir|brauche ich|brauchen wir|bräuchte ich|bräuchten wir|nous vous prions|nous vous demandons|(?:est|sont|[êe]tes) pri[ée]e?s? de|il faudrait|faudrait|bitte|(?<=(?:^|[,;:!?¿]\s*|\b(?:und|oder|bitte|aber|also)\s+))(?:können sie|könnten sie|kannst du|könntest du)|denken sie|pouvez-vous|pourriez-vous|peux-tu|merci de|veuillez|n['’]oubliez pas|il faut)\b/i;
export const IMPERATIVE =
  /^(send|email|mail|call|ring|text|review|read|check|confirm|book|reserve|schedule|set up|setup|arrange|organi[sz]e|prepare|draft|write|update|fix|ship|deploy|submit|upload|download|fill( out| in)?|complete|finish|sign|pay|venmo|zelle|paypal|e-transfer|buy|order|pick up|pick|drop off|get|grab|bring|share|forward|reply|respond|follow up|reach out|contact|ask|invite|approve|renew|cancel|register|sign up|finali[sz]e|migrate|move|clean|file|print|scan|return|collect|deliver|test|load test|document|plan|create|add|remove|merge|install|configure|look into|investigate|research|find|compare|decide|agree|discuss|talk to|tell|remind|ping|loop in|circulate|publish|post|prep|gather|pull|compile|summari[sz]e|translate|attach|enviar|envía|revisar|revisa|llamar|llama|confirmar|confirma|reservar|reserva|preparar|prepara|firmar|pagar|paga|senden|schicken|prüfen|bestätigen|buchen|vorbereiten|unterschreiben|bezahlen|anrufen|envoyer|envoyez|vérifier|confirmer|réserver|préparer|signer|payer|appeler)\b/i;
const READING_LINK = /^(read|watch|view|see|check out|learn|explore|discover|visit|shop|try|listen|browse)\b.*(https?:\/\/|\bat\s+\S+\.\w{2,})/i;
const STOP_VERBS =
  /^(do not reply|don't reply|log in|sign in|contact (us|support|our|customer)|call us|email us|write to us|escr[íi]b[ae]nos|ll[áa]m[ae]nos|cont[áa]cta?nos|cont[áa]ctenos|contactez-nous|[ée]crivez-nous|appelez-nous|schreiben sie uns|rufen sie uns|kontaktieren sie uns|arrive|note|find attached|find|see|consider|notify|delete|destroy|inform|let (me|us) know|feel free|keep|be |do not hesitate|don't hesitate|ignore|disregard|enjoy|stay|have a(?!\s+(?:quick\s+|closer\s+|proper\s+)?(?:look|read|go|think|word|chat|listen)\b)|take care|join us|visit our|read more|learn more|view|click(?!\s+through\s+(?:the|our|your|all)\s)|tap|start your|forward this|track|rate|download the app|invite friends|reply c\b|plan on (?:an?|about|\d)|pr[ée]voy(?:ez|ons) (?:environ|une?|\d)|planen sie (?:etwa|ca\.?|rund)|plant (?:etwa|ca\.?|rund|\d)|(?:le |la |les |l['’])?(?:garder|conserver)\b)/i;
const OWN_COMMITMENT =
  /^(i['’]ll|i will|i am going to|i'm going to|we['’]ll|we will|i can|i've|i have|we have|we've|i want|we want|i hope|we hope|i'd like to|i would like to|i need to|i plan|we plan|(?:te|le|os|les)\s+(?:(?:lo|la|los|las)\s+)?(?:env[íi]o|mando|paso|reenv[íi]o|escribo|llamo|aviso|confirmo)|ich (?:schicke|sende|melde|rufe|gebe)|je (?:vous|t['’]|te) ?(?:envoie|enverrai|transmets|transmettrai|confirme))(?!\p{L})(?!.*\bneed (?:you|the|your|a|an|all|both|copies|\d)\b)/iu;
/** "Urlaub trage ich heute noch ein", "Den Bericht schicke ich bis Freitag": German puts the writer after the verb when something else leads. */
const INVERTED_OWN =
  /^(?!bitte\s)[\p{L}\d'’-]+(?:\s+[\p{L}\d'’-]+){0,3}\s+(?!(?:h[äa]tten?|br[äa]uchten?|brauchen?|ben[öo]tigen?|m[öo]chten?|w[üu]rden?|wollen|w[üu]nschen|bitten|erwarten|freuen)\s)\p{L}+(?:e|en)\s+(?:ich|wir)(?!\p{L})(?![^.!?]*\?)/iu;
/** Answers asked for by a date: replies, registrations, sign-ups, in four languages. */
const SIGNUP =
  /(?<![\p{L}])(?:rsvp|\p{L}*frist|deadline|plazo|date limite|[ée]ch[ée]ance|submissions?|applications?|nominations?|proposals?|entries|solicitud(?:es)?|candidaturas?|propuestas?|einreichung(?:en)?|bewerbung(?:en)?|einsendeschluss|candidatures?|soumissions?|d[ée]p[ôo]ts? des|r\.s\.v\.p|registration|register|sign-?ups?|enrol(?:l?ment)?|inscripci[óo]n(?:es)?|inscribirse|apuntarse|confirmaci[óo]n de asistencia|anmeldung(?:en)?|anmeldeschluss|anmelden|r[üu]ckmeldung|inscriptions?|s['’]inscrire|r[ée]ponse)(?![\p{L}])/iu;
const NEGATED_ASK = /^(?:no|not|keine?[nrms]?|pas de|sans|sin|ning[uú]n[ao]?|nada de)\s+(?!later\b|olvid|te olvid|se olvid|dejes\b|m[áa]s tarde\b)/i;
const CLOSES_BEFORE =
  /(?:close|closes|closing|end|ends|se cierran?|cierra|terminan?|endet|enden|schlie(?:ß|ss)t|cl[ôo]turent?|se terminent?|prennent fin)\s+(?:on\s+|el\s+|le\s+|am\s+)?$/i;
const CLOSES_TAIL = /\s+(?:close|closes|closing|end|ends|se cierran?|cierra|terminan?|endet|enden|schlie(?:ß|ss)t|cl[ôo]turent?|se terminent?|prennent fin)$/i;

/** A purpose clause before the main clause, in four languages: "To ...,", "In order for ...,", "So we can ...,", "Damit/Um ...,", "Para (que) ...,", "Pour/Afin de ...,". */
const PURPOSE_CLAUSE =
  /^(?:(?:in order )?to\s+\p{Ll}[^,;.!?]{2,100}|in order for\s[^,;.!?]{2,100}|so (?:that )?(?:we|i|you|they|he|she)\s+(?:can|could|may)\s[^,;.!?]{2,100}|(?:damit|um)\s[^,;.!?]{2,100}|(?:para(?: que)?|a fin de(?: que)?)\s+\p{Ll}[^,;.!?]{2,100}|(?:pour(?: que)?|afin (?:de|que|qu['’]))\s*\p{Ll}[^,;.!?]{2,100}),\s+(?=\p{L})/iu;

/**
 * Bulk mail asks its reader to buy things in the imperative ("Order before the 18th"): an offer with
 * a closing date is not an errand. The verbs of buying, in four languages.
 */
export const PURCHASE =
  /^(?:order|buy|shop|purchase|get yours|grab yours|treat yourself|upgrade|commande[rz]?|ach[eè]te[rz]?|profite[rz]?|compra[rdn]?|pide|aprovecha|bestell(?:en|t)?|kauf(?:en|t)?|sicher(?:n|t))(?![\p{L}])/iu;

/** How a task was found: it decides what survives in mail that asks for little (receipts, notices). */
export type TaskKind = 'section' | 'request' | 'list' | 'imperative' | 'payment' | 'deadline' | 'schedule';
/** The kinds that ask the reader for something (not a schedule line, a bill or a stated deadline). */
export const ASKED_KINDS = new Set<TaskKind>(['request', 'imperative', 'list', 'section']);

export interface TextTask {
  kind: TaskKind;
  title: string;
  excerpt: string;
  dueMs: number | null;
  dueIsExact: boolean;
  confidence: number;
  /** Which rule found it (the CONFIDENCE key of its base level): read by the item model (item-model.ts). */
  rule?: ConfidenceRule;
}

export interface ClauseInfo {
  clause: string;
  /** Subject without Re:/Fwd: prefixes. */
  subject: string;
  inActionSection: boolean;
  listItem: boolean;
  bulk: boolean;
}

/** "Buses leave Hawthorne at 9:00 AM and return by 2:30 PM", "El autobús sale a las 8:30": an outing's timetable, no one's errand. */
const TRAVEL_PLAN =
  /^(?:the\s+|el\s+|los\s+|der\s+|die\s+|le\s+|les\s+)?(?:bus(?:es)?|coach(?:es)?|autob[úu]s(?:es)?|micros?|busse?|car(?:s)?)\s+(?:will\s+)?(?:leave|leaves|depart|departs|return|returns|arrive|arrives|sale|salen|regresa|regresan|vuelve|vuelven|f[äa]hrt|fahren|kommt|kommen|part|partent|revient|reviennent)(?!\p{L})/iu;

export function clauseTask(info: ClauseInfo, ctx: DateContext): TextTask | null {
  const raw = stripListMarker(info.clause.trim());
  // "Call number: FIC WHITCOMBE", "Order no.: 4411": a field's label, not an ask.
  if (raw.length < 6 || tickedOff(info.clause) || FIELD_LABEL.test(raw) || TRAVEL_PLAN.test(raw)) return null;
  const owner = stripOwner(raw);
  // "- Alex to send the revised budget by Friday", "- Priya will book the venue": a list entry of notes names its owner first.
  let rest =
    // "- We will apply for the grant again next year": a decision the writers took, no one's errand.
    info.inActionSection || info.listItem
      ? owner.rest.replace(
          /^(?!(?:We|I|They|It|He|She|RSVP|Rsvp|Please|Kindly)\s)[\p{Lu}@][\p{L}.-]+(?:\s+[\p{Lu}][\p{L}-]+)?\s+(?:to|will|should|needs? to|must|has to)\s+(?=\p{Ll})/u,
          '',
        )
      : owner.rest;
  const owned = rest !== raw;
  // "To get your key, complete the check-in by ...", "Damit wir planen können, tragt euch ... ein": the
  // purpose comes first and the ask after its comma.
  const purposeLed = PURPOSE_CLAUSE.test(rest);
  rest = rest.replace(PURPOSE_CLAUSE, '');
  // "Vergiss bitte nicht, die Belege ... zu schicken", "N'oublie pas de ...": a reminder is an ask, and what follows is the errand.
  // "Y acordate de cargar las horas ...": a reminder after "and" is still one.
  const joined = /^(?:y|and|und|et|also)\s+(?=\S)/i.exec(rest);
  if (joined && REMINDER_ASK.test(rest.slice(joined[0].length))) rest = rest.slice(joined[0].length);
  const reminded = REMINDER_ASK.exec(rest);
  if (reminded) rest = rest.slice(reminded[0].length);
  const req = REQUEST.exec(rest);
  let entryHead: string | null = null;
  // "die Lohnsteuerbescheinigung bitte bis 27. November": the object comes before the request word.
  const objectFirst =
    req && req.index > 0 && /^(bitte|please|por favor|s'il vous plaît|svp)$/i.test(req[0]) ? rest.slice(0, req.index).trim().replace(DEADLINE_FIRST, '') : '';
  if (
    req &&
    req.index > 0 &&
    /^(please|pls|kindly|can you|could you|would you|will you|por favor|bitte|pouvez-vous|pourriez-vous|merci de|veuillez|puedes|podrías|me\s|nos\s)/i.test(
      req[0],
    ) &&
    // "We'd also like to go live before the holidays, so please send us the checklist": what "so" asks for is the errand.
    (!/^(i|we)\b/i.test(rest) || /,\s*so\s+$/i.test(rest.slice(0, req.index))) &&
    // "a packed lunch (no nuts, please) and ...": a request word inside brackets is an aside.
    !/^[\p{L}\s!.?]{1,24}\)/u.test(rest.slice(req.index))
  ) {
    const before = rest.slice(0, req.index);
    // "3. Whether you'd like us to file the VAT return - please let me know by Monday": the entry names
    // what is asked; the answer asked for after its dash is how.
    if (info.listItem && /[-–—]\s*$/.test(before) && ANSWER_ASK.test(stripLeadIns(rest.slice(req.index)))) entryHead = before.replace(/\s*[-–—]\s*$/, '');
    if (
      /[,;:\-–—]\s*(so\s+|and\s+|but\s+|also\s+|then\s+)?¿?\s*$|^\s*(¿\s*)?$|\b(so|and|also|then)\s+$/i.test(before) ||
      before.trim().split(/\s+/).length <= 2
    )
      rest = rest.slice(req.index);
  }
  rest = rest.replace(NOTE_AFTER_LEAD, '');
  const offsetInBody = info.clause.indexOf(rest);
  const isRequest =
    REQUEST.test(rest.replace(/\([^)]*\)/g, ' ')) ||
    REQUEST_AT_START.test(stripLeadIns(rest.replace(/^(also|and|separately)[, ]+/i, ''))) ||
    (QUESTION_ASK.test(rest) && /\?\s*$/.test(info.clause)) ||
    reminded !== null;
  const stripped = stripLeadIns(rest);
  const leadOffset = rest.length - stripped.length;
  if ((OWN_COMMITMENT.test(rest) || INVERTED_OWN.test(rest)) && !isRequest) return null;
  // "Research Office, Midstate University": every word capitalised and no sentence end is a name or a heading.
  if (
    !isRequest &&
    /^[\p{Lu}\d][\p{L}\d'’&.-]*(?:,?\s+(?:of|de|&|und|et|y|the|la|le|der)?\s*[\p{Lu}\d][\p{L}\d'’&.-]*)*$/u.test(stripped.trim()) &&
    stripped.trim().split(/\s+/).length <= 6
  )
    return null;
  // "For urgent matters, please contact Lisa", "Bei Fragen wenden Sie sich an ...": an ask on a condition is an offer of help.
  // "If you are able to help on the day, please let Mrs Daniels know": the condition may sit before the request word.
  // "Nous recherchons deux parents : si vous êtes disponible, merci de ...": the condition after a colon leads the request.
  const leadBefore =
    info.clause
      .slice(0, Math.max(0, info.clause.indexOf(rest)))
      .split(/[:;]\s*/)
      .pop() ?? '';
  if (
    (CONDITIONAL_LEAD.test(rest) || CONDITIONAL_LEAD.test(owner.rest) || CONDITIONAL_LEAD.test(leadBefore)) &&
    !/\b(?:by|before|bis|avant|antes)\b/i.test(rest)
  )
    return null;
  if (closingFormula(rest) || closingFormula(info.clause)) return null;
  // "Reply to this email if you can help", "If you are interested, please let me know by Monday": an offer to volunteer, no one's errand.
  if (offersToVolunteer(info.clause, stripped)) return null;
  // Stopped before any date parsing, unless "let me know" may carry a deadline.
  if ((STOP_VERBS.test(stripped) && !ANSWER_ASK.test(stripped)) || READING_LINK.test(stripped)) return null;
  // "3. bis 15. Januar 2027": an entry's number is no day of a range.
  const mentions = withoutAskedAbout(info.clause, findDates(blankListMarker(info.clause), ctx));
  // "Complete the questionnaire within 5 days": counted from the mail's date.
  const within = mentions.some((x) => x.hasDay) ? null : withinMention(info.clause, ctx);
  const due = pickDue(info.clause, mentions) ?? within;
  if (asksNothing([rest, owner.rest], due !== null, info.clause)) return null;
  const deadline = due !== null && (due === within || isDeadlineMention(info.clause, due) || DUE_STATEMENT.test(info.clause));
  const collection = info.bulk ? null : collectionTask(info.clause, due, deadline, ctx);
  if (collection) return collection;
  // "Please let me know by Wednesday", "Let Coach Dana know by Thursday how many are coming", "Gebt
  // bis Freitag Bescheid": an answer asked for by a date; without a date it is politeness.
  const askedAnswer = deadline && ANSWER_ASK.test(stripped);
  const pickup = deadline && offeredPickup(rest);
  // "Let me know if you're available", "Dites-moi si vous êtes disponibles": without a date, politeness.
  if (((STOP_VERBS.test(stripped) || ANSWER_ASK.test(stripped)) && !askedAnswer) || READING_LINK.test(stripped)) return null;
  if (/^(no action|no rush|fyi|thanks|thank you)\b/i.test(stripped)) return null;
  // "No gifts please", "Bitte keine Geschenke", "Pas de cadeaux", "Sin regalos": asking that something
  // not be done leaves nothing to do ("No olvides ..." is a reminder, not a refusal).
  if (NEGATED_ASK.test(owner.rest.replace(/^(?:please|bitte|por favor|s'il vous pla[îi]t)\s+/i, ''))) return null;
  const separable = ctx.lang === 'de' ? separableAsk(stripped, info.clause, mentions, info.subject) : null;
  // "Para inscribiros, rellenad el formulario": an undated bare imperative after a purpose clause says
  // how to do what the mail asks elsewhere; it is not an errand of its own.
  if (purposeLed && !isRequest && !due) return null;
  // "Order forms are due back by December 8", "Review is on Monday": a noun phrase and its verb, not an imperative.
  const statement = NOUN_THEN_COPULA.test(stripped);
  const imperative =
    !statement && (IMPERATIVE.test(stripped) || imperativeMood(stripped, ctx.lang) || separable !== null || (info.listItem && listVerb(stripped, ctx.lang)));
  let kind: TaskKind | null = null;
  // Bulk mail's imperatives are mostly advice ("Try our new app"); one with its own deadline asks
  // the reader to act ("Pick it up by Thursday"), whatever list or machine sent it.
  const datedAsk = deadline && due !== null && (due === within || isDeadlineMention(info.clause, due));
  const quiet = info.bulk && !datedAsk;
  // "Zur Bearbeitung ... benötigen wir noch Unterlagen:": a need said without a day introduces what follows.
  const undatedNeed = !due && NEED_STATED.test(rest) && !REQUEST.test(rest.replace(NEED_STATED, ' '));
  if (info.inActionSection && (info.listItem || owned || imperative)) kind = 'section';
  else if ((isRequest && !undatedNeed) || askedAnswer || pickup) kind = 'request';
  else if (imperative && datedAsk && info.bulk) kind = 'request';
  else if (imperative && (info.listItem || owned) && !quiet) kind = 'list';
  else if (imperative && !quiet) kind = 'imperative';
  else if (due && !info.listItem && isDeadlineMention(info.clause, due) && DUE_STATEMENT.test(info.clause) && PAYMENT.test(`${info.clause} ${info.subject}`))
    return paymentTask(info, due, ctx);
  else if (deadline && !quiet && (info.listItem || obligation(info.clause, ctx.lang))) {
    // No request wording, but a deadline on a list entry or an obligation: "Permission slips are due Nov 9".
    return deadlineTask(info, stripped, due!, ctx, offsetInBody + leadOffset);
  }
  if (
    !kind &&
    due &&
    (!info.bulk || datedAsk || CLOSES_BEFORE.test(info.clause.slice(0, due.index))) &&
    SIGNUP.test(info.clause) &&
    (isDeadlineMention(info.clause, due) || CLOSES_BEFORE.test(info.clause.slice(0, due.index)))
  ) {
    // "RSVP by December 12", "Inscriptions avant le 5 décembre", "Anmeldung bis 10. Dezember", "Sign-ups close Friday".
    const named = finishTitle(stripDeterminers(taskTitle(stripped, due, offsetInBody + leadOffset).replace(CLOSES_TAIL, '')), 10);
    return {
      kind: 'deadline',
      title: contentWordCount(named) >= 2 || !info.subject ? named : finishTitle(`${named}: ${info.subject}`, 12),
      excerpt: info.clause.trim(),
      dueMs: mentionStartMs({ ...due, hasTime: due.hasTime && !due.endOfDay }, ctx, true),
      dueIsExact: due.hasTime && !due.endOfDay,
      confidence: CONFIDENCE.deadlineStatement,
      rule: 'deadlineStatement',
    };
  }
  if (!kind)
    return due && isDeadlineMention(info.clause, due) && DUE_STATEMENT.test(info.clause) && PAYMENT.test(`${info.clause} ${info.subject}`)
      ? paymentTask(info, due, ctx)
      : null;
  if (info.bulk && kind !== 'section' && !due) return null;
  // Bulk mail that asks to buy by a date ("Order before the 14th") makes an offer, not an errand.
  if (info.bulk && PURCHASE.test(stripped)) return null;
  let title = taskTitle(stripped, due, offsetInBody + leadOffset, askedAnswer);
  if (pickup) title = withoutModal(taskTitle(rest, due, offsetInBody, false));
  if (contentWordCount(title) < 2 && objectFirst && contentWordCount(objectFirst) >= 1) title = finishTitle(objectFirst, 14);
  else if (
    objectFirst &&
    contentWordCount(objectFirst) >= 1 &&
    ctx.lang === 'de' &&
    !title.toLowerCase().startsWith(objectFirst.replace(/\s*\([^)]*\)/g, '').toLowerCase())
  ) {
    // German puts the object first and the verb last: "Kuchenspenden bitte bis Donnerstag im Sekretariat abgeben".
    // The clause's own casing (German nouns keep their capital, the rest does not).
    const at = info.clause.toLowerCase().indexOf(title.toLowerCase());
    const tail = at >= 0 ? info.clause.slice(at, at + title.length) : title;
    title = finishTitle(`${objectFirst} ${tail}`, 14);
  }
  if (separable) title = separable;
  if (entryHead)
    title = finishTitle(
      findDates(entryHead, ctx).reduce((head, m) => head.replace(m.text, ' '), entryHead),
      14,
    );
  // "die Belege an den Steuerberater zu schicken": the zu-infinitive of a reminder is the errand's verb.
  if (ctx.lang === 'es') title = questionInfinitive(title);
  if (ctx.lang === 'de') title = germanPoliteTitle(zuInfinitiveTitle(title).replace(/\s+zu\s+(\p{Ll}+)$/u, ' $1'));
  // "einen Termin unter 0221 555 123", "call us at 555-0148": the number is how, not what.
  title = title.replace(/\s+(?:unter|at|on|au|al|under)\s+\+?\d[\d\s/().-]{5,}\d/g, '');
  title = replyPurpose(title, info.clause) ?? title;
  // "Cargar las horas en el sistema, que cierran": a relative clause cut at its verb says nothing of the errand.
  title = title.replace(/,\s*(?:que|which|who|qui|die|das|der)\s+\p{L}+$/iu, '');
  // "need legal to look at the MSA changes": the note's errand is getting them to.
  title = title.replace(/^(?:still\s+)?need\s+(?!to\s)(?=(?:\p{L}+\s+){1,2}to\s)/iu, 'Get ');
  if (contentWordCount(title) < 2) {
    // "Can you review it by Thursday?": the object is in the subject line.
    if (!due || !info.subject) return null;
    title = `${title}: ${info.subject}`;
  }
  if (due) title = dueLabelTitle(title, info.subject);
  // "Please complete this document by December 8": the object points at something the subject names.
  // "Sign and return it by Friday" points the same way; a named object before it, if any, replaces the pronoun later (`withAntecedent`).
  // "Renew online at azmvdnow.gov by December 31": a verb and only how; the subject says what is renewed.
  const howOnly = due !== null && /^\p{L}+\s+(?:online|in person|by (?:phone|mail|post)|en ligne|por internet|en l[íi]nea|online)$/iu.test(title);
  if ((DEICTIC_OBJECT.test(title) || (due && PRONOUN_OBJECT.test(title)) || howOnly) && info.subject) {
    const topic = subjectTopic(info.subject);
    if (topic && !title.toLowerCase().includes(topic.toLowerCase())) title = finishTitle(`${title}: ${topic}`, 16);
  }
  let dueMs: number | null = null;
  let dueIsExact = false;
  if (due) {
    dueIsExact = due.hasTime && !due.endOfDay;
    dueMs = mentionStartMs({ ...due, hasTime: dueIsExact }, ctx, true);
  }
  const rule: ConfidenceRule =
    kind === 'section'
      ? 'actionItemListEntry'
      : kind === 'request'
        ? due
          ? 'requestWithDate'
          : 'requestWithoutDate'
        : kind === 'list' && owned && due
          ? 'ownedListEntryWithDate'
          : due && deadline
            ? 'datedErrand'
            : 'todoListEntry';
  const confidence = CONFIDENCE[rule] - (rule === 'todoListEntry' && kind !== 'list' ? 0.1 : 0);
  return { kind, title, excerpt: info.clause.trim(), dueMs, dueIsExact, confidence, rule };
}

/** "Biscuit's booster is not due until January", "ist erst im März fällig", "no vence hasta", "n'est pas dû avant": no deadline yet. */
const NOT_DUE =
  /\b(?:not|isn['’]t|aren['’]t|nicht|erst|no|n['’](?:est|sont)\s+pas|ne\s+(?:sont|est)\s+pas)\s+(?:\p{L}+\s+){0,2}?(?:due|needed|required|f[äa]llig|n[öo]tig|vence|caduca|necesari[oa]|d[ûu]e?s?|exig[ée]e?s?|requis)\b/iu;

function deadlineTask(info: ClauseInfo, stripped: string, due: DateMention, ctx: DateContext, offset: number): TextTask | null {
  if (NOT_DUE.test(info.clause.slice(0, due.index))) return null;
  const listed = info.listItem ? stripped : (obligationTitle(stripped, ctx.lang) ?? stripped);
  const title = dueLabelTitle(
    listed === stripped ? taskTitle(stripped, due, offset) : finishTitle(listed.replace(/\s+(?:by|before|until|bis|avant|antes|hasta)\b.*$/i, ''), 14),
    info.subject,
  );
  // "Students should arrive by 5:30 PM": an obligation to turn up is part of the event, not a task.
  // "They're due Saturday" after "Can you drop the library books off tomorrow?": the pronoun's errand was already asked.
  if (contentWordCount(title) < 1 || STOP_VERBS.test(title) || PRONOUN_ONLY.test(title.trim())) return null;
  return {
    kind: 'deadline',
    title,
    excerpt: info.clause.trim(),
    dueMs: mentionStartMs({ ...due, hasTime: due.hasTime && !due.endOfDay }, ctx, true),
    dueIsExact: due.hasTime && !due.endOfDay,
    confidence: CONFIDENCE.deadlineStatement,
    rule: 'deadlineStatement',
  };
}

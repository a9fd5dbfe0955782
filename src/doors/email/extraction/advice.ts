/**
 * Sentences in the form of an ask that leave the reader nothing to do (seventh round): what they
 * read is the clause's verb and its object, never the mail's wording.
 * - noting the mail's own event in a calendar ("Can you put this in the calendar?", "Add it to your
 *   calendar", "Trag das bitte in den Kalender ein", "Apúntalo en el calendario", "Note-le dans
 *   l'agenda"): the intake does that by making the event;
 * - a prohibition, told by the negation right after the ask ("Please do not eat after 10 PM",
 *   "Bitte nicht rauchen", "Essen Sie ab 22 Uhr nichts mehr", "Ne mangez rien", "Merci de ne pas
 *   ..."): how to behave, not an errand ("don't forget" is a reminder and stays an ask);
 * - being asked to come, without a date of its own ("Please come to the side door", "Venez
 *   nombreux !", "Kommen Sie zum Hintereingang", "Venid con ropa cómoda"): part of the event;
 * - what is attached, without a date ("Please find attached the quote", "Veuillez trouver ci-joint
 *   le devis", "Anbei finden Sie das Angebot", "Le adjunto el presupuesto"): a statement.
 */

const ASK_LEAD =
  /^(?:(?:can|could|would|will)\s+you\s+(?:please\s+)?|please\s+|kindly\s+|bitte\s+|kannst du\s+(?:das\s+)?(?:bitte\s+)?|k[öo]nnen sie\s+(?:bitte\s+)?|por favor,?\s+|¿?\s*(?:puedes|podr[íi]as|puede)\s+|merci de\s+|veuillez\s+|tu peux\s+|pouvez-vous\s+|peux-tu\s+)/iu;

/** Into/onto a calendar or diary, with any determiner or possessive between. */
const INTO_CALENDAR =
  /(?<!\p{L})(?:in|into|to|on|onto|en|al|a|dans|sur|à|im|ins|in den|in deinen|in ihren|in euren|zum)\s+(?:(?:the|your|my|our|el|tu|su|mi|l['’]|le|la|ton|votre|mon|notre|den|deinen|ihren|euren|meinen|unseren)\s*)?(?:family\s+|shared\s+|google\s+|outlook\s+)?(?:calendars?|diary|diaries|calendario|agenda|kalender|terminkalender|planner)(?!\p{L})/iu;
/** "Bitte alles in die Liste", "Put all of this on my to-do list", "Apunta todo en la lista": a forwarder's word to the intake, which does just that. */
const ALL_INTO_THE_LIST =
  /^(?:(?:put|add|pop|stick|pack|setz|schreib|trag|apunta|a[ñn]ade|mets|ajoute|note)\p{L}*\s+)?(?:alles|everything|all of (?:this|it|these|them)|all this|these|this|it|them|das|dies|todo|todo esto|esto|tout(?: [çc]a)?|[çc]a)\s+(?:\p{L}+\s+)?(?:in|into|on|onto|to|auf|en|a|dans|sur)\s+(?:(?:die|the|my|meine|unsere|la|mi|ma|notre|our)\s+)?(?:to-?do[\s-]?)?(?:liste?|lista|aufgabenliste|to-?dos?)(?:\s+(?:ein|setzen|eintragen|schreiben|aufnehmen))?\s*[.!]*$/iu;
const SAVE_THE_DATE =
  /^(?:save the date|mark (?:your|the) calendars?|reserve the date|merken sie sich den termin vor|reserva la fecha|r[ée]servez la date)\b/iu;

const NEGATED_START =
  /^(?:do not|don['’]t|never|no\s+(?:(?:lo|la|los|las|le|les|nos|me|te|se)\s+)?\p{L}+(?:[ae]|[ae]n|[ée]is)(?=\s|[.,!]|$)|nicht|keine?[nrms]?|ne\s+(?:pas|rien|jamais)|ne\s+\p{L}+(?:\s+\p{L}+)?\s+(?:pas|rien|jamais)|n['’]\p{L}+\s+(?:pas|rien|jamais))(?!\p{L})/iu;
/** A German "<verb> Sie ... nichts/nicht/keine" after "bitte": the negation a few words into the ask. */
const DE_NEGATED = /^(?!(?:falls|wenn|ob|dass|weil|sofern|sobald)\s)(?:\p{L}+\s+sie)\s+(?:\S+\s+){0,5}?(?:nichts|nicht|keine?[nrms]?)(?!\p{L})/iu;
/** Reminders and encouragement keep their ask: "don't forget", "n'oubliez pas", "vergessen Sie nicht", "don't hesitate" (an offer, read elsewhere). */
const NOT_A_PROHIBITION =
  /(?<!\p{L})(?:forget|forgotten|oubli\p{L}*|olvid\p{L}*|vergess\p{L}*|vergiss\p{L}*|hesitate|h[ée]sit\p{L}*|z[öo]ger\p{L}*|dud\p{L}*)(?!\p{L})/iu;

const COME = /^(?:come|come along|come by|come round|come over|kommt|komm|kommen sie|venez|viens|ven|venid|vengan|venga|acudid|acudan|acuda)(?!\p{L})/iu;

/** "Please be on time", "Le rogamos puntualidad", "Bitte seien Sie pünktlich", "Merci d'être ponctuel": how to come, not an errand. */
const PUNCTUAL =
  /^(?:be on time|be punctual|puntualidad|sea puntual|sean puntuales|sed puntuales|s[ée] puntual|seid p[üu]nktlich|seien sie p[üu]nktlich|sei p[üu]nktlich|p[üu]nktlich sein|d['’][êe]tre (?:ponctuel|à l['’]heure)|soyez (?:ponctuels?|à l['’]heure))(?!\p{L})/iu;

/** "Le pedimos llegar 10 minutos antes", "Please arrive 15 minutes early": how to come, as above. */
const COME_EARLY =
  /^(?:(?:le|les|te|os)\s+pedimos\s+(?:que\s+)?)?(?:arrive|be\s+there|llegar|lleguen?|presentarse|pres[ée]ntese|arriver|arrivez|kommen\s+sie|erscheinen\s+sie)\s+(?:please\s+)?(?:con\s+)?(?:\d+|ten|fifteen|five|diez|quince|cinco|dix|quinze|cinq|zehn|f[üu]nfzehn)\s+(?:minutes|mins?|minutos|minuten)\s+(?:early|before|antes|en\s+avance|avant|vorher|fr[üu]her)/iu;

const IF_YOU_CANNOT =
  /^(?:(?:and|also|y|und|et)\s+)?(?:if\s+you\s+(?:can(?:no|['’])t|are\s+(?:not\s+)?unable\s+to|need\s+to\s+(?:cancel|reschedule))|should\s+you\s+(?:be\s+unable|need\s+to\s+(?:cancel|reschedule))|(?:falls|wenn|sollten)\s+sie\s+[^,.]{0,60}(?:nicht|verhindert)|si\s+no\s+(?:puede|puedes|pueden|pudiera)|si\s+(?:vous\s+ne\s+pouvez|tu\s+ne\s+peux)\s+pas|en\s+cas\s+d['’](?:emp[êe]chement|annulation))/iu;
const ONLY_IF_NOT =
  /(?<!\p{L})(?:if|falls|wenn|si)\s+(?:any\s+of\s+(?:these|them|those)|this|that|it|one|some|(?:ein|eine|einer)\s+(?:der\s+)?\p{L}+|alguna|alguno|algo|l['’]une?\s+(?:de\s+)?\p{L}+)\s+(?:(?:dates?|times?|of\s+these)\s+)?(?:won['’]t|doesn['’]t|don['’]t|does\s+not|do\s+not|will\s+not|can['’]t)\s+work|(?:falls|wenn)\s+[^,.]{0,40}\snicht\s+(?:passt|passen|klappt|geht)|si\s+[^,.]{0,40}\sno\s+(?:te|le|os|les)\s+(?:va|viene|cuadra)\s+bien|si\s+[^,.]{0,40}\sne\s+(?:te|vous)\s+convien(?:t|nent)\s+pas/iu;
const PAY_MEANS =
  /^(?:(?:also|adem[áa]s|auch|aussi),?\s+)?(?:you\s+can|puedes|puede|pueden|podés|k[öo]nnen\s+sie|kannst\s+du|vous\s+pouvez|tu\s+peux)\s+(?:also\s+|tambi[ée]n\s+|auch\s+|aussi\s+)?(?:pay|pagar|abonar|zahlen|bezahlen|payer|r[ée]gler)\s+(?:online|by|at|in|with|via|en|con|por|mediante|über|per|bei|par|sur|à|au|en ligne)(?!\p{L})/iu;

const ATTACHED =
  /^(?:(?:you will )?find attached|attached (?:is|are|please find)|(?:you(?:['’]ll| will) )?find (?:enclosed|attached)|trouver ci-joint|(?:vous )?trouverez ci-joint|ci-joint|anbei|im anhang|(?:le |les |te |os )?adjunt[oa]s?|(?:le |les |te |os )?env[íi]o adjunt[oa])(?!\p{L})/iu;

/**
 * Is the clause an ask that leaves nothing to do? `asks` are the clause from its request word on and
 * the whole clause ("Kommen Sie bitte ..." puts the verb before "bitte"), `dated` whether the
 * clause gives a day of its own.
 */
export function asksNothing(asks: string[], dated: boolean, clause: string): boolean {
  const whole = clause.trim();
  // "Falls Sie den Termin nicht wahrnehmen können, stornieren Sie ihn bitte", "If you can't make it, please
  // reschedule": what to do if the appointment is missed. "Puedes pagar en conectahogar.mx, en tiendas ...",
  // "You can pay online or at any branch": the ways to pay. Neither is an errand.
  // "Ping me if any of these won't work for you", "Sag Bescheid, falls ein Termin nicht passt": only on a problem.
  if (IF_YOU_CANNOT.test(whole) || (!dated && (PAY_MEANS.test(whole) || ONLY_IF_NOT.test(whole)))) return true;
  return asks.some((ask) => nothingToDo(ask, dated));
}

function nothingToDo(ask: string, dated: boolean): boolean {
  const text = ask.trim().replace(/^¿\s*/, '');
  const after = text.replace(ASK_LEAD, '').replace(/^(?:please|bitte|por favor)\s+/i, '');
  if (SAVE_THE_DATE.test(after)) return true;
  if (!dated && (INTO_CALENDAR.test(text) || ALL_INTO_THE_LIST.test(after))) return true;
  if (!NOT_A_PROHIBITION.test(after) && (NEGATED_START.test(after) || DE_NEGATED.test(after))) return true;
  // "Komm 15 Minuten früher und bring ein Handtuch mit": a second errand joined to the coming stays.
  if (!dated && COME.test(after) && !/\s(?:and|und|y|et)\s/i.test(after)) return true;
  if (!dated && ATTACHED.test(after)) return true;
  if (PUNCTUAL.test(after.replace(/^(?:le|les|os|te)\s+rogamos\s+/i, '')) || COME_EARLY.test(after)) return true;
  if (FOR_RECORDS.test(after)) return true;
  if (PITCH.test(after)) return true;
  if (ALLOW_TIME.test(after)) return true;
  if (!dated && KEEP_TO_DATES.test(after)) return true;
  if (!dated && AS_USUAL.test(text)) return true;
  return false;
}

/**
 * "Bitte laden Sie die Dokumente wie gewohnt in DATEV hoch", "Die Unterlagen können Sie gerne über
 * unser Portal hochladen", "send them over as usual": without a day, how to hand in what the mail
 * asked for, or a permission; the errands are the things asked for.
 */
const AS_USUAL =
  /(?<!\p{L})(?:wie gewohnt|wie [üu]blich|as usual|como siempre|como de costumbre|comme d['’]habitude)(?!\p{L})|(?<!\p{L})(?:k[öo]nnen\s+sie|kannst\s+du|k[öo]nnt\s+ihr)\s+(?:\p{L}+\s+){0,2}?gerne(?!\p{L})/iu;

/** "Please allow around an hour", "Plan mit ca. einer Stunde", "Prevé unas dos horas", "Comptez une heure": how long it takes, not an errand. */
const ALLOW_TIME =
  /^(?:allow|plan\s+(?:for|on)|budget|count on|expect it to take|plan(?:en\s+sie)?(?:\s+mit)?|rechne(?:n\s+sie)?\s+mit|prev(?:é|ea|ed)|calcul(?:a|e|ad)|contad\s+con|cuenta\s+con|comptez|pr[ée]voyez)\s+(?:(?:around|about|roughly|approximately|up to|at least|ca\.?|etwa|ungef[äa]hr|mindestens|unos|unas|alrededor de|aproximadamente|environ|au moins)\s+)?(?:\d+(?:[.,]\d+)?|an?|one|two|half an?|eine[rn]?|zwei|una?|unos|unas|dos|une|deux)\s*(?:\p{L}+\s+)?(?:hours?|minutes|mins|stunden?|minuten|horas?|minutos|heures?)(?!\p{L})/iu;

/** "Merci de respecter ces dates", "Please stick to these deadlines", "Bitte halten Sie die Fristen ein": the dates were the errands. */
const KEEP_TO_DATES =
  /^(?:(?:de\s+)?respect\p{L}*|observe|meet|keep to|stick to|respet\p{L}*|cumpl\p{L}*|halten\s+sie|haltet)\s+(?:(?:ces|les|these|the|those|all|diese|die|estos|estas|los|las)\s+)?(?:dates|deadlines|d[ée]lais|[ée]ch[ée]ances|fristen|termine|plazos|fechas)(?!\p{L})/iu;

/**
 * "Enroll today and never miss a due date", "Domicilia hoy y olvídate de los plazos", "Jetzt umstellen und
 * nie wieder ...": a sales pitch in a bill or notice. Its "today" is no deadline and its errand nobody asked for.
 */
const PITCH =
  /(?<!\p{L})(?:today|now|hoy|ya|jetzt|heute|d[èe]s aujourd['’]hui|maintenant)\s+(?:and|y|und|et)\s+(?:never|save|get|enjoy|earn|stop|olv[ií]date|ahorra|disfruta|nunca|nie|spare|sparen|genie(?:ß|ss)en|profitez|[ée]conomisez|ne\s+(?:ratez|manquez))(?!\p{L})|(?<!\p{L})never miss a (?:due date|payment|bill)(?!\p{L})/iu;

/** "Please keep this number for your records", "Bewahren Sie diese E-Mail auf", "Conservez ce message": filing, not an errand. */
const FOR_RECORDS =
  /(?<!\p{L})(?:keep|save|retain|print|conserv\p{L}*|guard[ae]\p{L}*|bewahren)\b.*\b(?:for your (?:records|reference|files)|para (?:su|tu) (?:registro|referencia|archivo)|pour vos (?:dossiers|archives)|f[üu]r ihre unterlagen)\b|^(?:bewahren|heben)\s+sie\b.*\bauf\b/iu;

/**
 * A pickup offered until a day ("Puede recogerlo en la farmacia hasta el viernes 11", "You can
 * collect it until Friday", "Sie können Ihre Bücher bis zum 16. Dezember abholen", "Vous pouvez le
 * retirer jusqu'au 11 décembre"): told as a permission, but what is not collected by then is lost,
 * so it is an ask with that deadline. The modal is no part of the title.
 */
const MODAL_LEAD = /^(?:you can|you may|puede[ns]?|puedes|pod[ée]is|sie k[öo]nnen|du kannst|ihr k[öo]nnt|vous pouvez|tu peux)\s+/i;
const PICKUP_VERB = /(?<!\p{L})(?:pick(?:\s+\p{L}+)?\s+up|collect|recoger\p{L}*|retirar\p{L}*|abholen|retirer|r[ée]cup[ée]rer)(?!\p{L})/iu;

export function offeredPickup(ask: string): boolean {
  return MODAL_LEAD.test(ask.trim()) && PICKUP_VERB.test(ask);
}

export function withoutModal(title: string): string {
  const rest = title.replace(MODAL_LEAD, '');
  return rest === title ? title : `${rest.charAt(0).toLocaleUpperCase()}${rest.slice(1)}`;
}

/** "book the review slot - done", "(erledigt)", "✓", "[x] ...": an entry already ticked off asks nothing. */
const DONE_MARK = /(?:\s[-–—:]|\()\s*(?:done|completed|erledigt|hecho|listo|fait|termin[ée]e?)\s*\)?[.!]?$|[✓✔☑]\s*$|^\s*(?:[-*•]\s*)?\[[xX]\]/u;

export const tickedOff = (clause: string): boolean => DONE_MARK.test(clause.trim());

/** "Merci de votre précieuse collaboration", "Reciban un cordial saludo", "Thank you for your patience": a closing, no ask. */
const CLOSING_FORMULA =
  /^(?:merci (?:de|pour) (?:votre|vos|ta|tes|leur|cette)\s|reciban?\s+(?:un\s+)?(?:cordial|afectuoso|atento)?\s*saludo|un cordial saludo|thanks?(?: you)? for (?:your|all)\s|(?:nous vous prions|je vous prie|veuillez)\s+(?:de\s+)?(?:d['’]\s*)?(?:agr[ée]er|recevoir)|mit freundlichen gr[üu]ßen)/i;
export function closingFormula(text: string): boolean {
  return CLOSING_FORMULA.test(text.trim());
}

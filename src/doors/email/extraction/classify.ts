/**
 * What kind of mail this is, decided before anything is extracted, so each kind is read its own way:
 * a receipt asks for nothing unless it says so with a deadline, an appointment confirmation is one
 * event, a newsletter's imperatives are advice. Signals are the sender's mailbox name, the subject's
 * nouns and the body's structure (order lines, totals, tracking numbers), in four languages.
 */
import { DATE_FIRST_LINE } from './schedule.js';

const DEADLINE_ENTRY =
  /^\s*(?:[-*•]|\d{1,2}[.)])\s.*(?<!\p{L})(?:by|before|no later than|bis|sp[äa]testens|antes del?|a m[áa]s tardar|avant le|au plus tard|d['’]ici)\s+\S/iu;

export type MailClass = 'transactional' | 'appointment' | 'calendar' | 'newsletter' | 'notice' | 'notification' | 'poll' | 'personal';

export interface ClassifyInput {
  subject: string;
  /** Body text to read (forward headers and quoted history already removed). */
  text: string;
  /** Sender address of the outer message. */
  from: string | null;
  /** List-Unsubscribe or Precedence: bulk/list headers. */
  listMail: boolean;
  /** Sender address and display name of the forwarded message, when there is one. */
  forwardedFrom: string | null;
}

export interface Classification {
  kind: MailClass;
  /** Names of the signals that decided, for descriptions and debugging. */
  signals: string[];
}

const MACHINE_SENDER =
  /^(no-?reply|do-?not-?reply|donotreply|orders?|order-update|receipts?|billing|invoices?|accounts?|payments?|notifications?|notices?|avisos?|confirmations?|notify|alerts?|shipping|ship-confirm|delivery|reservations?|reservas|bookings?|tickets?|ventas?|ventes|verkauf|boarding|check-?in|mailer|news|newsletter|hello|info-?mail|marketing|promo|updates?|digest|facturacion|facturation|rechnung|utilities|benachrichtigung|commandes|pedidos|versand|drive-shares[\w-]*|comments-noreply|calendar-notification|events?)[\w.+-]*@/i;

/** A receipt's or a shipment's subject; "Fechas de entrega" (when work is due) is no delivery. */
const TRANSACTIONAL_SUBJECT =
  /\b((?:ready|available) for (?:pick-?up|collection)|abholbereit|zur abholung bereit|(?:listo|lista|disponible)s? para (?:recoger|retirar)|pr[êe]te?s? (?:à|pour) (?:retirer|[êe]tre retir[ée]e?s?)|order|orders|receipt|invoice|statement|bills?|payment (received|confirmation)|shipped|shipping|delivery|delivered|out for delivery|package|parcel|tracking|booking|e-?tickets?|itinerary|your trip|your ride|subscription|renews?|renewal|run failed|build (failed|passed)|pull request|shared with you|document shared|accepted:|declined:|tentative:|pedido|recibo|factura|env[ií]o|(?<!(?:fechas?|plazos?|d[íi]as?) de )entrega|paquete|billete|bestellung|rechnung|sendung|paket|lieferung|zustellung|buchung|commande|facture|livraison|colis|billet|exp[ée]di[ée]e?|r[ée]servation|reserva|reservierung|rental|mietwagen|alquiler|ready for (?:pick-?up|collection)|zur abholung|abholbereit|listo para retirar|disponible en retrait)\b/i;

const TRANSACTIONAL_BODY = [
  /\b(order|pedido|bestell|commande)\s*(#|no\.?|number|nr\.?|n[°º]|número|nummer)\s*:?\s*[\w-]*\d/i,
  /\b(sub-?total|total( paid| ttc| due)?|amount due|balance|importe( total)?|gesamtbetrag|montant)\b\s*:?\s*[$€£]?\s*\d/i,
  /\b(tracking( number)?|sendungsnummer|n[°º] de suivi|seguimiento|track (your )?(package|order|colis)|suivre (mon|votre) (colis|commande|envoi)|(sendung|paket) verfolgen|(seguir|rastrear) (mi|tu|su) (pedido|env[íi]o|paquete))\b/i,
  // A carrier's notice says when the parcel comes: "will be delivered", "sera livré", "wird zugestellt", "será entregado".
  // JavaScript's \\b is ASCII-only: "livré" ends on a letter it does not know, so the end is a lookahead.
  /\b(will be delivered|is out for delivery|arriving (today|tomorrow|on)|sera livr[ée]e?s?|(wird|werden) [^\n]{0,60}?(zugestellt|geliefert)|ser[áa]n? entregad[oa]s?)(?!\p{L})/iu,
  /\b(confirmation (code|number)|booking (reference|code)|record locator|localizador|c[óo]digo de reserva|buchungscode|code de r[ée]servation|pnr|reservation (number|code)|ticket number|juror id|account (ending|number)|n[úu]mero de (factura|pedido|reserva)|buchungsnummer|r[ée]f[ée]rence de (?:r[ée]servation|dossier))\b/i,
  /^\s*\d+\s*x\s+\S/m,
  // Automated texts and notices: "Reply STOP to opt out", "Rx #: 4482019".
  /\b(?:reply stop|rx\s*#)/i,
  /[$€£]\s?\d+[.,]\d{2}\b|\b\d+[.,]\d{2}\s?(?:€|(?:eur|usd|gbp)\b)/i,
];

/**
 * A journey's booking (train, flight, coach, ferry): its departure is not an appointment to keep but
 * a ticket bought; read with two of these words and a booking cue, it is a receipt.
 */
const TRAVEL_WORD =
  /(?<!\p{L})(train|flight|coach|ferry|departure|arrival|seat|boarding|gate|platform|zug|flug|abfahrt|ankunft|sitzplatz|gleis|wagen|vol|d[ée]part|arriv[ée]e|si[èe]ge|embarquement|voiture \d|tren|vuelo|salida|llegada|asiento|embarque|and[ée]n)(?!\p{L})/giu;

function travelBooking(head: string): boolean {
  const seen = new Set<string>();
  for (const m of head.slice(0, 1500).matchAll(TRAVEL_WORD)) seen.add(m[1].toLowerCase());
  return seen.size >= 2;
}

/** What an appointment is called; "en cours de validité" (still valid) is no French class, "Visit https://..." no visit. */
const APPOINTMENT_NOUN =
  /\b(appointment|appt|visit(?!\s+(?:https?:|www\.|us\s+(?:at|online)|our\s+(?:website|site|web|online|help)))|termin(?:erinnerung|vereinbarung)|check-?up|physical|cleaning|vaccinations?|exam|examination|screening|fitting|treatment|interview|consultation|service appointment|cita|consulta|revisi[óo]n|termin|terminbest[äa]tigung|untersuchung|vorsorge|rendez-vous|rdv|conference|class|lesson|clase|kurs|(?<!en )cours|le[çc]on)\b|[a-zäöüß]{3,}(?:termins?|kurs|kurses|stunde)\b/i;
/** A garage's booking with "Drop-off: Monday 7 December 2026, 8:30am": the car is brought in at a set time, as to an appointment. */
const DROP_OFF_FIELD =
  /^\s*(?:drop-?off|fahrzeugannahme|fahrzeugabgabe|entrega del veh[íi]culo|d[ée]p[ôo]t du v[ée]hicule)(?:\s+(?:time|date|zeit|termin))?\s*:\s*\S[^\n]*\d/im;
/** Words that say a booking stands, in the four languages ("is set", "est fixé", "ist vereinbart", "queda programada"). */
const CONFIRMATION_WORD =
  /(?<!\p{L})(confirm(ed|ation|s|ing)?|booked|is scheduled|scheduled for|has been (scheduled|booked|arranged)|reminder|registered|is set|look forward to seeing you|confirmaci[óo]n|confirmada|confirmamos|confirmado|registrada|recordatorio|(?:le|te|les|os) recordamos|queda (fijad|programad|reservad)[ao]|est[áa] (programad|agendad|reservad)[ao]|le esperamos|best[äa]tig(en|ung|t)|erinnerung|(?:wir )?erinnern (?:sie|dich|euch)|(ist|wurde) (vereinbart|eingetragen|gebucht|reserviert)|confirm(ons|é|ée|ation)|rappel|(est|a [ée]t[ée]) (fix[ée]e?|programm[ée]e?|pr[ée]vue?|r[ée]serv[ée]e?)|nous vous attendons|you['’]ve booked|you have booked|(?:hast|haben|habt) [^.\n]{0,60}(?:gebucht|reserviert)|has reservado|ha reservado|(?:te|le|se le|os) ha(?:n)? (?:asignado|reservado|programado|citado)|you have been (?:booked|scheduled|assigned)|(?:tu as|vous avez) r[ée]serv[ée])(?!\p{L})|\p{L}{3,}best[äa]tigung/iu;

const MARKETING =
  /\b(view (it )?in (your )?browser|read more|shop (now|our)|% off|\bsale\b|sponsor|register now|save your seat|sign up now|free trial|subscribe|issue #\d+|this week:|newsletter|monthly|weekly|digest|bulletin|rundbrief|bolet[íi]n|lettre d['’]information|black friday|descuento|rabatt|promo|angebot|nouveaut[ée]s|recomendaciones)\b|\b(?:news|bulletin)\b[\s:–—-]{1,5}(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\s+\d{4}\b|\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+(?:news|bulletin)\b/i;

/** A poll asks the reader to choose among dates: the dates on offer are not events. */
/**
 * "Abstimmung" is a vote only when voting is said ("stimmt ab", "Abstimmung über"); "Freigaben und Abstimmung"
 * is coordinating, and so is a bare "bitte rechtzeitig abstimmen"; "über den Termin abstimmen" votes.
 */
const POLL =
  /\b(poll|vote|voting|doodle|which (?:day|date|evening|time) works|umfrage|(?:darüber|über\s+(?:\S+\s+){1,3})abstimmen|stimm(?:t|en sie|en)\s+(?:bitte\s+)?(?:bis\s+\S+\s+)?ab\b|abstimmung über|online-abstimmung|terminumfrage|encuesta|votaci[óo]n|votar|votad|votez|framadate|sondage|voter)\b/i;

const POLL_AS_MEANS =
  /(?<!\p{L})(?:via|through|in|über|per|en|dans|par|por|mediante)\s+(?:(?:the|our|die|der|unsere[rn]?|la|le|el|nuestra|notre)\s+)?(?:poll|umfrage|encuesta|sondage)(?!\p{L})|(?<!\p{L})(?:vot(?:e|er) par correspondance|vote by (?:proxy|mail|post)|proxy vote|voto por (?:correo|poder)|briefwahl)(?!\p{L})|(?<!\p{L})(?:complet(?:ar|e|ad|en)|fill (?:out|in)|rellenar|responder|contestar|ausf[üu]llen|remplir)\s+(?:(?:la|el|the|a|die|den|le)\s+)?(?:encuesta|survey|umfrage|sondage)\s+(?:de|on|about|zu[mr]?|sur)\s+\p{L}+/giu;

const NOTIFICATION_SUBJECT =
  /^(notification|reminder|accepted|declined|tentative|updated invitation|invitation):|\b(shared a document|invited you to (edit|vote|view)|assigned to you|assigned you|mentioned you|commented on|run failed|workflow run|review requested|requested your review|approved your|merged)\b/i;

/**
 * A calendar's own notice about one of its events ("Notification: X @ <when>", "Reminder: X" with a
 * When field), sent without an iCalendar part: the event it describes is the item.
 */
// An invitation sent as text by the calendar itself ("Invitation: Sprint review @ Fri Dec 11 ...") is its notice too.
const CALENDAR_PREFIX =
  /^(?:notification|reminder|event reminder|erinnerung|benachrichtigung|recordatorio|notificaci[óo]n|rappel|(?:updated )?invitation|einladung|aktualisierte einladung|invitaci[óo]n|actualizaci[óo]n|invitation mise à jour)\s*:/i;
const WHEN_FIELD = /^\s*(?:when|quand|wann|cu[áa]ndo)\s*(?::|$)/im;
/**
 * A shared calendar's notice that an entry was added or changed ("New event on "Family": Dentist -
 * Leo", "Neuer Termin im Kalender „Familie“: Zahnarzt", "Nuevo evento en «Familia»: Dentista",
 * "Nouvel événement dans « Famille » : Dentiste"): the part after the colon names the event.
 */
export const CALENDAR_ENTRY_SUBJECT =
  /^(?:new event|event (?:added|created|updated|changed)|updated event|neuer termin|termin (?:hinzugef[üu]gt|ge[äa]ndert|aktualisiert)|nuevo evento|evento (?:a[ñn]adido|creado|actualizado|modificado)|nouvel [ée]v[ée]nement|[ée]v[ée]nement (?:ajout[ée]|cr[ée][ée]|modifi[ée]))(?!\p{L})[^:]{0,60}:\s*(\S.*)$/iu;

/**
 * A notice that something was called off ("Canceled: Design review", "Meeting canceled: ...",
 * "Abgesagt: ...", "Annulé : ...", "Cancelada: ..."): the event it names is not to be made.
 */
const CALLED_OFF_SUBJECT =
  /^(?:(?:meeting|event|class|session|appointment|reunión|cita|termin|besprechung|réunion|rendez-vous)\s+)?(?:canceled|cancelled|abgesagt|storniert|annul[ée]e?|cancelad[oa])(?:\s+(?:event|meeting|invitation))?\s*:|\b(?:has been|was|is) (?:canceled|cancelled)\b|\b(?:wurde|ist) abgesagt\b|\b(?:a été|est) annul[ée]e?(?![a-zà-ÿ])|\b(?:ha sido|fue|queda) cancelad[oa]\b/i;

/** An automatic reply ("Out of office", "Automatic reply:", "Abwesenheitsnotiz", "Réponse automatique", "Respuesta automática"): its asks are conditional. */
const AUTO_REPLY_SUBJECT =
  /^(?:out of (?:the )?office|automatic reply|auto(?:matic)?[- ]?reply|abwesenheit(?:snotiz)?|automatische antwort|r[ée]ponse automatique|absence du bureau|respuesta autom[áa]tica|fuera de la oficina)\b/i;

/** "Table for 6", "Personas: 6", "mesa para 4", "Tisch für 4 Personen", "table pour 6", "couverts": a restaurant's booking. */
const TABLE_BOOKING =
  /(?<!\p{L})(?:table for \d|your table|(?:meeting|conference) room booking|room booking is confirmed|(?:court|room|desk) booking|raumbuchung|reserva de (?:sala|pista)|r[ée]servation de (?:salle|court)|(?:guests|persons|people|party size|personas|comensales|personen|couverts|convives)\s*:\s*\d|mesa para \d|tisch f[üu]r \d|table pour \d|\d+ (?:couverts|comensales))/iu;
const WHEN_FIELD_ANY = /^\s*(?:when|date|time|fecha|hora|d[íi]a|datum|uhrzeit|wann|date|heure|quand)\s*:/im;

/** A way out of a mailing list, in the four languages: what list and bulk mail carry and a person's mail does not. */
export const UNSUBSCRIBE_LINE =
  /(?<!\p{L})(?:unsubscribe|se d[ée]sinscrire|d[ée]sinscri(?:vez|ption)|d[ée]sabonn\p{L}*|darse de baja|date de baja|darte de baja|cancelar (?:la |tu |su )?suscripci[óo]n|abmelden|abbestellen|you(?:['’]re| are) receiving this because)(?!\p{L})/iu;

export function classifyMail(input: ClassifyInput): Classification {
  const signals: string[] = [];
  const head = input.text.slice(0, 3000);
  const sender = input.forwardedFrom ?? input.from ?? '';
  const machine = MACHINE_SENDER.test(sender) || (input.forwardedFrom === null && MACHINE_SENDER.test(input.from ?? ''));
  if (machine) signals.push('machine-sender');
  const bodyCues = TRANSACTIONAL_BODY.filter((re) => re.test(head)).length;
  if (bodyCues) signals.push(`transactional-body:${bodyCues}`);
  // "RE: Kitchen remodel - change order #3": a reply is a person's answer, whatever its subject names.
  const txSubject = !/^\s*(?:re|aw|rv|sv|antw)\s*:/i.test(input.subject) && TRANSACTIONAL_SUBJECT.test(input.subject);
  if (txSubject) signals.push('transactional-subject');

  if (
    (machine && CALENDAR_PREFIX.test(input.subject.trim()) && (/\s@\s/.test(input.subject) || WHEN_FIELD.test(head))) ||
    CALENDAR_ENTRY_SUBJECT.test(input.subject.trim())
  ) {
    signals.push('calendar-notification');
    return { kind: 'calendar', signals };
  }
  // A table booked at a restaurant, or a room or a court, is a time to be somewhere, unlike a stay or a journey bought.
  if (TABLE_BOOKING.test(head.slice(0, 1500)) && WHEN_FIELD_ANY.test(head)) {
    signals.push('table-booking');
    return { kind: 'appointment', signals };
  }
  if (travelBooking(head) && (bodyCues >= 1 || txSubject) && (machine || bodyCues >= 2)) {
    signals.push('travel-booking');
    return { kind: 'transactional', signals };
  }
  const appointmentSubject =
    APPOINTMENT_NOUN.test(input.subject) && (CONFIRMATION_WORD.test(input.subject) || /^(your|ihr|su|votre)\b/i.test(input.subject.trim()));
  const firstLines = head.slice(0, 600).replace(/\s+/g, ' ');
  // "Dec 9 - Confirm your session title" / "Dec 16 - Upload headshot" / "Jan 8 - Draft slides due": a timeline
  // of three dated lines or more is a schedule of things to do, not the confirmation of one appointment.
  // So is a list of three asks or more with their deadlines ("* Upload a headshot ... by December 11").
  // Counted only for mail that reads like a confirmation, and only up to the third line.
  const timeline = () => atLeast(head, DATE_FIRST_LINE, 3) || atLeast(head, DEADLINE_ENTRY, 3);
  const appointmentBody =
    APPOINTMENT_NOUN.test(firstLines) &&
    CONFIRMATION_WORD.test(firstLines) &&
    /\b(your|you['’]ve|ihr(en)?|dein(en)?|du|su|tu|te|usted|votre|vous|ton|ta|le confirmamos|te confirmamos|wir best[äa]tigen)\b/i.test(firstLines) &&
    !timeline();
  const dropOff = DROP_OFF_FIELD.test(head) && (machine || txSubject || CONFIRMATION_WORD.test(input.subject));
  if (appointmentSubject || appointmentBody || dropOff) {
    signals.push(appointmentSubject ? 'appointment-subject' : appointmentBody ? 'appointment-body' : 'drop-off-field');
    return { kind: 'appointment', signals };
  }
  // "meldet euer Kind über die Umfrage in der Vereins-App an": a poll that is only how to answer makes no poll of the mail;
  // nor does an assembly's postal or proxy vote ("pouvoir ou vote par correspondance").
  // "... or online at https://example.org/vote": a link's path names a page, not what the mail asks; its host
  // may ("https://doodle.com/meeting/...").
  const hostsOnly = firstLines.replace(/(?:https?:\/\/|www\.)([^/\s]+)\S*/gi, ' $1 ');
  if (POLL.test(input.subject) || POLL.test(hostsOnly.replace(POLL_AS_MEANS, ' '))) {
    signals.push('poll');
    return { kind: 'poll', signals };
  }
  if (
    /^(accepted|declined|tentative|updated invitation|aceptado|rechazado|angenommen|abgelehnt|accepté|refusé)\s*:/i.test(input.subject) ||
    CALLED_OFF_SUBJECT.test(input.subject) ||
    AUTO_REPLY_SUBJECT.test(input.subject) ||
    (NOTIFICATION_SUBJECT.test(input.subject) && machine)
  ) {
    signals.push('notification-subject');
    return { kind: 'notification', signals };
  }
  if ((txSubject && (machine || bodyCues >= 1)) || (machine && bodyCues >= 2) || bodyCues >= 3) return { kind: 'transactional', signals };
  // A way to unsubscribe at the foot of the text says the same as a list header: no person wrote it to one reader.
  const footerList = !input.listMail && UNSUBSCRIBE_LINE.test(input.text.slice(-2000));
  const listMail = input.listMail || footerList;
  if (listMail && (MARKETING.test(head) || MARKETING.test(input.subject))) {
    signals.push('list-mail', 'marketing');
    return { kind: 'newsletter', signals };
  }
  // Clubs, schools and associations write to their members through lists too: a list header alone
  // says how the mail was sent, not that it asks for nothing (by-class.ts reads what it asks).
  if ((input.listMail && machine) || (footerList && !machine)) {
    signals.push('list-mail');
    return { kind: 'notice', signals };
  }
  if (machine && txSubject) return { kind: 'transactional', signals };
  return { kind: 'personal', signals };
}

/** Do `n` lines of the text or more match? Stops at the n-th. */
function atLeast(text: string, line: RegExp, n: number): boolean {
  let found = 0;
  for (const l of text.split('\n')) if (line.test(l) && ++found >= n) return true;
  return false;
}

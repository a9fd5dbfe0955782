/**
 * What each kind of mail may produce (issue 16): receipts, notifications and bookings make only the
 * actions they ask for with a deadline; newsletters make nothing (the subject fallback keeps them);
 * an appointment confirmation makes one event at its address, plus any dated request it contains.
 */
import { PURCHASE } from './action-items.js';
import { repliedToWriter } from './reply-to-writer.js';
import { appointmentEvent, fieldedEvent, fieldsOf, withProvider } from './appointments.js';
import { CALENDAR_ENTRY_SUBJECT, type MailClass } from './classify.js';
import { findDates, mentionStartMs, type DateContext } from './dates.js';
import { WINDOW_CLOSES } from './schedule.js';
import { namedByBill } from './invoice-context.js';
import { subjectParts, subjectTitle } from './subject.js';
import type { TextItems } from './text-items.js';
import { capitalise, finishTitle } from './titles.js';
import { payTitle } from './payment-asks.js';

const STOP =
  /^(the|a|an|to|for|of|in|on|by|and|or|with|your|you|our|my|de|la|el|le|les|der|die|das|und|et|y|pick|date|dates|day|vote|reply|poll|polls|survey|umfrage|abstimmung|encuesta|votaci[oó]n|sondage|doodle)$/;
const words = (s: string) =>
  s
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 2 && !STOP.test(w));

/** "Payment due: November 27", "Payment terms: 14 days": a bill's field, not a title; the subject says which bill. */
const PAYMENT_ONLY =
  /^(?:payment|amount due|balance|total due|pago|importe|zahlung|betrag|paiement|montant|(?:payment )?due date|payment deadline|fecha l[íi]mite de pago|plazo de pago|zahlungsfrist|f[äa]llig(?:keit|keitsdatum)?|date limite de (?:paiement|r[èe]glement)|[ée]ch[ée]ance(?: de paiement)?|payment terms|zahlungsbedingungen|conditions de paiement|condiciones de pago)(?:\s*:\s*[\d\p{Sc}][^:]{0,30})?$/iu;

/**
 * A confirmation's "cancel at least 48 hours ahead", "Termin bitte rechtzeitig absagen", "anule su
 * cita con antelación", "annulez à l'avance": how to call the booking off, not an errand of it.
 */
const CHANGE_OFFER =
  /^(?:(?:please|bitte|merci de|por favor)\s+)?(?:cancel|reschedule|change|modify|annul\p{L}*|d[ée]pla[cç]\p{L}*|modifi\p{L}*|stornier\p{L}*|absag\p{L}*|sagen sie|verschieb\p{L}*|cancel[ae]\p{L}*|anul[ae]\p{L}*|reprogram\p{L}*|cambi[ae]\p{L}*)(?!\p{L})/iu;

const CONSEQUENCE =
  /\b(otherwise|or else|if we do not receive|failing which|andernfalls|sonst|ansonsten|de lo contrario|en caso contrario|si no recibimos|sinon|faute de quoi|à défaut)\b/i;

/** "Accounts | Dalton Wholesale", or a name the text signs with its legal form ("Dalton Wholesale Ltd"): a business, not a person. */
function signsAsBusiness(sender: string | null, text: string): boolean {
  if (!sender) return false;
  if (sender.includes('|')) return true;
  const name = sender.trim().replace(/[.*+?^${}()[\]\\]/g, '\\$&');
  return new RegExp(`${name},?\\s+(?:Ltd|Limited|Inc|LLC|GmbH|AG|S\\.?A\\.?|S\\.?L\\.?|SARL|SAS|Corp|Co\\.)(?!\\p{L})`, 'iu').test(text);
}

/** Confidence is scaled by how much the mail's kind vouches for items read from its text. */
const CLASS_TRUST: Record<MailClass, number> = {
  personal: 1,
  appointment: 1,
  transactional: 0.85,
  notification: 0.85,
  poll: 1,
  newsletter: 0.7,
  notice: 1,
  calendar: 1,
};

/** Does the mail ask its reader for something by a date (a request, a deadline), other than to buy? */
function datedAsks(found: TextItems): TextItems['tasks'] {
  return found.tasks.filter((t) => t.dueMs !== null && (t.kind === 'request' || t.kind === 'deadline' || t.kind === 'section') && !PURCHASE.test(t.title));
}

/** The words that ask for the vote, which say nothing of what it is about. */
const POLL_WORD = /(?<!\p{L})(?:vot\p{L}*|poll|umfrage|abstimm\p{L}*|encuesta|sondage|doodle|framadate)(?!\p{L})/iu;

export function shapeByClass(kind: MailClass, found: TextItems, body: string, subject: string, ctx: DateContext, sender: string | null = null): TextItems {
  let out: TextItems;
  switch (kind) {
    case 'newsletter':
    case 'notice': {
      // What decides is whether the mail asks its reader for something by a date (RSVP, sign up, hand
      // in), not its wording: a school fair's "bake sale" makes it look like marketing, a shop's "order
      // before the 18th" like a request. Mail that asks is read as a person's mail: the asks and the
      // events they come with; mail that does not informs only.
      const asks = datedAsks(found);
      const askedAtAll = kind === 'notice' ? found.tasks.some((t) => t.dueMs !== null && t.kind !== 'schedule' && !PURCHASE.test(t.title)) : asks.length > 0;
      const kept = found.tasks.filter(
        (t) => !PURCHASE.test(t.title) && (kind === 'notice' || t.dueMs !== null || t.kind === 'request' || t.kind === 'section'),
      );
      out = askedAtAll ? { tasks: kept, events: found.events } : { tasks: [], events: [] };
      break;
    }
    case 'calendar':
      // The calendar's notice describes one event; its footer ("change your notification settings") asks nothing.
      // The subject names the event ("Notification: Dental cleaning @ Wed Dec 9 ..."); the body's
      // nearest line may be a joining link instead.
      {
        const named = /^[^:]{3,30}:\s*(.+?)\s+@\s/.exec(subject.trim()) ?? CALENDAR_ENTRY_SUBJECT.exec(subject.trim());
        // No sentence told it ("Clase de guitarra" / "jueves, 10 de diciembre ⋅ 18:00 – 19:00"): the notice's
        // first day and hour, and its place, read like an appointment's.
        const events = found.events.length ? found.events.slice(0, 1) : [appointmentEvent(body, subject, ctx, [])].filter((e) => e !== null);
        out = { tasks: [], events: events.map((e) => (named ? { ...e, title: finishTitle(named[1], 12) } : e)) };
      }
      break;
    case 'transactional':
    case 'notification':
      out = {
        tasks: found.tasks
          .filter(
            (t) =>
              t.dueMs !== null &&
              (t.kind === 'request' ||
                t.kind === 'section' ||
                t.kind === 'payment' ||
                t.kind === 'deadline' ||
                (t.kind === 'schedule' && PAYMENT_ONLY.test(t.title))),
          )
          // "Due date: December 18" named by the subject, in a bill that says to pay by the due date: the payment.
          .map((t) =>
            PAYMENT_ONLY.test(t.title) || (t.kind === 'deadline' && t.title === capitalise(subjectTitle(subject)) && asksToPayByDueDate(body))
              ? { ...t, title: payTitle(subjectTitle(subject)) }
              : t,
          ),
        events: [],
      };
      break;
    case 'appointment': {
      const ev = appointmentEvent(body, subject, ctx, found.events, sender);
      out = ev
        ? {
            tasks: found.tasks.filter((t) => t.dueMs !== null && t.kind !== 'imperative' && t.kind !== 'schedule' && !CHANGE_OFFER.test(t.title)),
            events: [ev],
          }
        : found;
      break;
    }
    case 'poll': {
      // The answer is the task; name it after the poll when its own words do not ("Reply with A or B").
      // "Umfrage: Termin für unsere Weihnachtsfeier": what the poll is about, after its label.
      // "Repas de Noël de l'équipe – votez pour la date !": the part that names the occasion, not the one that asks for the vote.
      const parts = subjectParts(subjectTitle(subject).replace(/^(?:poll|survey|umfrage|abstimmung|encuesta|votaci[óo]n|sondage|doodle|vote)\s*:\s*/i, ''));
      const about = (parts.find((p) => !POLL_WORD.test(p)) ?? parts.join(' - ')).trim();
      const aboutWords = new Set(words(about).filter((w) => !POLL_WORD.test(w)));
      const tasks = found.tasks
        // "Options: - Fri, Dec 11 - dinner at Root Down": the dates on offer are the choices, not errands.
        .filter((t) => !(t.kind === 'schedule' && findDates(t.excerpt, ctx)[0]?.index === 0))
        .filter((t) => t.kind === 'request' || t.kind === 'section' || t.dueMs !== null)
        .map((t) => (words(t.title).some((w) => aboutWords.has(w)) || !about ? t : { ...t, title: finishTitle(`${t.title}: ${about}`, 20) }));
      out = { tasks, events: [] };
      break;
    }
    default: {
      const fielded = found.events.length ? null : fieldedEvent(body, subject, ctx, sender);
      // "Fecha límite de pago: 15 de diciembre" in a bill read as a person's mail: the day to pay what the subject names.
      const tasks = found.tasks.map((t) => (t.kind === 'schedule' && PAYMENT_ONLY.test(t.title) ? { ...t, title: payTitle(subjectTitle(subject)) } : t));
      out = { tasks: kind === 'personal' ? repliedToWriter(tasks, sender) : tasks, events: fielded ? [fielded] : found.events };
    }
  }
  // "Pay outstanding balance – Dalton Wholesale": a bill's ask names whom it pays, when a business sent it.
  // Asked only of mail with a payment ask: the signature test builds a pattern from the sender's name.
  const payee = () => (kind === 'transactional' || kind === 'notification' || signsAsBusiness(sender, body) ? sender : null);
  out = { ...out, tasks: namedByBill(out.tasks, subject, body).map((t) => (t.kind === 'payment' ? { ...t, title: withProvider(t.title, payee(), body) } : t)) };
  const trust = CLASS_TRUST[kind];
  if (trust === 1) return out;
  return {
    // A receipt that asks by a date with what happens otherwise ("..., otherwise the reservation will
    // be cancelled") vouches for that ask as much as a person would.
    tasks: out.tasks.map((t) =>
      t.dueMs !== null && t.kind === 'request' && CONSEQUENCE.test(t.excerpt) ? t : { ...t, confidence: Math.round(t.confidence * trust * 100) / 100 },
    ),
    events: out.events.map((e) => ({ ...e, confidence: Math.round(e.confidence * trust * 100) / 100 })),
  };
}

/**
 * "Abholung bis: Freitag, 11.12.2026", "Pick up by: Dec 8", "Return by: 12/08/2026", "Due: 12/08/2026":
 * a notice's field that gives the day its one action is due. The subject fallback (D16) is then due
 * that day, as is a notice that says how long the thing is held. Deliveries and arrivals are told, not asked.
 * The label ends on "until" or "due" ("Payment due"); "Due date" names a bill's day, not an errand's.
 */
const UNTIL_LABEL = /(?<!\p{L})(?:bis|by|until|before|antes de|hasta|avant(?: le)?|due|f[äa]llig(?: am)?|vence|\p{L}*frist)$/iu;
const TOLD_NOT_ASKED = /deliver|arriv|ship|estimated|expected|entrega|llegada|env[íi]o|liefer|zustell|ankunft|livraison|exp[ée]di/i;
/**
 * "We'll hold your prescription until Friday, December 11", "se guardará hasta el 11 de diciembre",
 * "Tienes hasta el sábado 12 de diciembre para recogerlo": how long it waits to be fetched.
 */
const HELD_UNTIL =
  /(?<!\p{L})(?:have|tienes|tiene|ten[ée]is|tienen|haben|habt|avez|hold|held|keep|kept|reserved|aufbewahrt|aufbewahren|bewahren|gelagert|lagern|guard\p{L}*|reservad\p{L}*|conserv\p{L}*|gard(?:[ée]e?s?|er|ons))(?!\p{L})[^.\n]{0,50}?(?<!\p{L})(?:until|through|bis(?:\s+zum)?|hasta(?:\s+el)?|jusqu['’]au)\s+([^.\n]{3,40})/iu;

/** "Voting closes Sunday, December 6", "La encuesta cierra el 9 de diciembre": the day the answer is due. */
const CLOSES = new RegExp(String.raw`(?<!\p{L})${WINDOW_CLOSES}\s+([^.\n]{3,40})`, 'iu');

/** "Please pay by the due date to avoid a late fee": the bill's "Due date" field is then the day to pay by. */
const PAY_BY_DUE_DATE =
  /(?<!\p{L})(?:pay|payment|pague|pagar|zahlen|bezahlen|[üu]berweisen|payer|r[ée]gler)(?!\p{L})[^.\n]{0,40}?(?:by|before|on|no later than|antes de|hasta|bis zum|zum|avant|[àa])\s+(?:the|la|dem|l['’])\s*(?:due date|fecha de vencimiento|f[äa]lligkeitsdatum|date d['’][ée]ch[ée]ance)/iu;
const DUE_DATE_LABEL =
  /^(?:(?:payment\s+)?due date|(?:fecha de |primer |1er )?vencimiento|f[äa]lligkeitsdatum|date d['’][ée]ch[ée]ance|(?:expiration|expiry) date|(?:\p{L}+\s+)?expires|ablaufdatum|g[üu]ltig bis|fecha de caducidad|caduca|date d['’]expiration|expire le)$/iu;
/**
 * "Podés pagarla con Mercado Pago", "You can pay online or by phone", "Sie können per Überweisung
 * zahlen": a bill that says how to pay it is paid by hand, so its due date is the day to pay by.
 */
const WAYS_TO_PAY =
  /(?<!\p{L})(?:you can pay|pay (?:online|by phone|by card)|pod[ée]s pagar\p{L}*|puedes pagar\p{L}*|puede pagar\p{L}*|k[öo]nnen sie (?:\p{L}+\s+){0,4}(?:be)?zahlen|vous pouvez (?:la |le )?(?:payer|r[ée]gler))(?!\p{L})/iu;
/** "Renew by the expiration date", "Renueve antes de la fecha de caducidad": the "expires" field's day. */
const BY_EXPIRY =
  /(?<!\p{L})(?:by|before|prior to|antes de|bis zum|avant)\s+(?:the|la|dem|l['’])\s*(?:expiration|expiry|fecha de (?:caducidad|vencimiento)|ablaufdatum|date d['’]expiration)/iu;
/**
 * "If it isn't collected or redelivered by Wednesday 16 December, it will be returned", "si no se
 * recoge antes del 14 de diciembre": the last day to fetch it.
 */
const NOT_FETCHED_BY =
  /(?<!\p{L})(?:isn['’]t|is not|not|no se|no lo|no la|nicht|n['’]est pas|ne sont pas)\s+(?:collected|picked up|recog\p{L}+|retir\p{L}+|abgeholt)(?!\p{L})(?:[^.\n]|\n(?!\s*\n)){0,40}?(?<!\p{L})(?:by|before|antes del?|hasta el|bis(?: zum)?|avant le|d['’]ici le)\s+([^.\n]{3,40})/iu;

/** "Pay by the due date to avoid a late fee" over a "Due date:" field: the subject's bill, to pay. */
export const asksToPayByDueDate = (text: string) => PAY_BY_DUE_DATE.test(text.slice(0, 3000));

export function fallbackDueMs(text: string, ctx: DateContext): number | null {
  const head = text.slice(0, 3000);
  const dayIn = (value: string | undefined) => (value ? findDates(value, ctx).find((m) => m.hasDay) : undefined);
  const fields = fieldsOf(head);
  // "Amount due | $86.42" ends on "due" too, but it holds no day.
  const byDueDate = PAY_BY_DUE_DATE.test(head) || BY_EXPIRY.test(head) || WAYS_TO_PAY.test(head);
  const asked = (label: string) => (!TOLD_NOT_ASKED.test(label) && UNTIL_LABEL.test(label)) || (DUE_DATE_LABEL.test(label) && byDueDate);
  const due =
    fields
      .filter((f) => asked(f.label))
      .map((f) => dayIn(f.value))
      .find((m) => m) ??
    dayIn(NOT_FETCHED_BY.exec(head)?.[1]) ??
    dayIn(HELD_UNTIL.exec(head)?.[1] ?? CLOSES.exec(head)?.[1]);
  return due ? mentionStartMs({ ...due, hasTime: due.hasTime && !due.endOfDay }, ctx, true) : null;
}

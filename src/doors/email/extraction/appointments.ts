/**
 * Appointment confirmations (clinic, garage, school, town hall, interview): one event, timed by the
 * confirmation's date and time fields or its first timed sentence, placed at the address it gives,
 * and named after the kind of appointment and the service booked.
 */
import { CONFIDENCE } from './confidence.js';
import { appointmentAtPlace } from './event-cues.js';
import { NEW_TIME } from './reschedule.js';
import { findDates, mentionEndMs, mentionStartMs, type DateContext, type DateMention } from './dates.js';
import { findDurationMinutes, statedDurationMinutes } from './durations.js';
import { isDeadlineMention } from './deadline-mention.js';
import type { TextEvent } from './meetings.js';
import { hasMeetingWord } from './meeting-words.js';
import { ABBREVIATIONS } from './sentences.js';
import { subjectTitle } from './subject.js';
import { capitalise, finishTitle } from './titles.js';

/** A field's label, then its value ("Location: …", "Date | …"); LABEL_LINE also takes a label whose value is on the lines below. */
const LABEL = String.raw`^\s*(?:[-*•]\s*)?([\p{L}][\p{L} /]{1,24}?)\s*(?::|\s\|)\s*(?:\|\s*)?`;
const FIELD = new RegExp(`${LABEL}(\\S.*)$`, 'u');
const LABEL_LINE = new RegExp(`${LABEL}(.*)$`, 'u');
/** "Date", "Drop-off time", "Appointment date", "Fecha de la cita", "Uhrzeit", "Heure du rendez-vous". */
const WHEN_LABEL =
  /^(?!.*\b(?:birth|due|expir|issued?|nacimiento|geburt|naissance|vencimiento|f[äa]llig|[ée]ch[ée]ance|order|invoice|billing))(?:(?:[\p{L}-]+\s+){0,2}(?:when|date|time|day)|drop-?off|(?:fecha|hora|d[ií]a|datum|uhrzeit|zeit|wann|termin|heure|date|quand|jour)(?:\s+[\p{L}'’-]+){0,3}|[\p{L}-]*(?:datum|uhrzeit|zeit|termin))$/iu;
const WHERE_LABEL =
  /^(?:(?:[\p{L}-]+\s+){0,2}(?:where|location|address|place|venue|meeting point)|report to|treffpunkt|punto de encuentro|point de rendez-vous|(?:lugar|direcci[óo]n|domicilio|ubicaci[óo]n|adresse|lieu)(?:\s+[\p{L}'’-]+){0,3}|ort|anschrift|wo|o[ùu]|[\p{L}-]*(?:adresse|anschrift)|objekt|liegenschaft|property|inmueble|immeuble|centre|center|clinic|cl[íi]nica|praxis|cabinet|garage|taller|werkstatt|agence|sucursal|filiale|site|sede)$/iu;
const SERVICE_LABEL =
  /^(service|services|visit type|visit|type|appointment type|treatment|reason|procedure|work booked|work|tratamiento|servicio|servicios|motivo|especialidad|specialty|speciality|department|departamento|fachrichtung|fachbereich|sp[ée]cialit[ée]|consulta|tr[áa]mite|gesti[óo]n|leistung|leistungen|dienstleistung|dienstleistungen|anliegen|behandlung|untersuchung|anlass|arbeiten|prestations?|d[ée]marche|intervention|objet|motif)$/i;
/** "Duration", "Estimated length", "Durée prévue", "Voraussichtliche Dauer", "Duración aproximada". */
const DURATION_LABEL =
  /^(?:(?:expected|estimated|approximate|voraussichtliche|ungef[äa]hre)\s+)?(?:duration|length|duraci[óo]n|dauer|dur[ée]e)(?:\s+(?:pr[ée]vue|estim[ée]e|approximative|estimada|aproximada|prevista))?$/i;
const APPOINTMENT_NOUN =
  /\b(appointment|appt|interview|consultation|exam|examination|screening|visit|cita|consulta|entrevista|termin|rendez-vous|rdv|entretien|conference|vaccinations?|check-?up|physical|cleaning)\b/i;
const NOUN_FOR =
  /\b(appointment|interview|visit|cita|consulta|[a-zäöüß]*termin|rendez-vous|rdv|entretien)\s+(for|zur|zum|für|para|pour|de)\s+(?:(?:the|your|a|la|el|le|les|l['’]|die|den|eine?n?)\s+)?([^.,:;\n]{3,70})/i;
/**
 * "Appointment: Eye examination", "Termin: Zahnreinigung", "Rendez-vous : Bilan orthoptique": a field
 * labelled with the appointment noun itself holds what is booked (when its value is no date).
 */
const NOUN_LABEL =
  /^(?:your\s+|ihr\s+|votre\s+|su\s+)?(?:appointment|appt|visit|booking|cita|consulta|termin|rendez-vous|rdv|reservierung|buchung|r[ée]servation|reserva)$/i;
const BOOKED_INTO =
  /\b(?:are|is|been|were|vous êtes|est|estás|está|bist|sind|ist)\s+(?:now\s+)?(?:booked|registered|signed up|enrolled|inscrit(?:e|s)?|inscrit[oa]s?|angemeldet|gebucht)\s+(?:for|in|into|on|pour|à|au|en|para|für|zu[mr]?|in den|in die)\s+(?:the\s+|a\s+|an\s+|le\s+|la\s+|el\s+|den\s+|die\s+)?([^.,;:\n]{3,60})/i;
// A house number is never the minutes of a clock ("3:30 PM with Dr. Patel").
const STREET_LINE =
  /(\b(?<![:.]\d*)\d{1,5}[a-z]?\s+(?!(?:a\.?m|p\.?m)\.?(?!\p{L}))(?:(?:[\p{Lu}][\p{L}.'’-]*|\d+(?:st|nd|rd|th))\s+){0,3}(?:st|street|ave|avenue|rd|road|blvd|boulevard|dr|drive|way|lane|ln|pkwy|parkway|pl|place|ct|court|hwy|highway|sq|square|pike|terrace)\b\.?|\b[\p{L}-]*(?:stra(?:ß|ss)e|str\.|weg|platz|allee|gasse)\s+\d+|\b(?:calle|avenida|av\.|paseo|plaza|rue|avenue|boulevard|bd|chemin|place|all[ée]e)\s+[\p{L}\d])/iu;
const POSTCODE = /\b(\d{5}|\d{4,5}-\d{3}|[A-Z]{2}\s\d{5}|[A-Z]\d[A-Z]\s?\d[A-Z]\d|[A-Z]{1,2}\d{1,2}\s?\d[A-Z]{2})\b/;
const PHONE_ONLY = /^[\s()+\d.-]{7,}$/;

export interface Field {
  label: string;
  value: string;
}

/** The "Label: value" lines of a text, in order. */
export function fieldsOf(text: string): Field[] {
  const out: Field[] = [];
  for (const line of text.split('\n').slice(0, 120)) {
    const m = FIELD.exec(line);
    if (m) out.push({ label: m[1].trim(), value: m[2].replace(/\s*\|\s*/g, ', ').trim() });
  }
  return out;
}

/** A line that reads like a postal address: a street with a number, or a postcode with a town. */
function addressIn(text: string): string | null {
  for (const raw of text.split('\n').slice(0, 150)) {
    const line = raw.replace(/^\s*(?:[-*•]\s*)?/, '').trim();
    if (line.length < 8 || line.length > 240 || PHONE_ONLY.test(line) || /https?:|@|\b(tel|phone|fax|call)\b/i.test(line)) continue;
    if (line.length <= 70 && /\d[:.]\d\d\b/.test(line)) continue;
    if (STREET_LINE.test(line) && (POSTCODE.test(line) || /,/.test(line) || /\d/.test(line))) {
      // "Clinic address: 300 King Street West, ...": the label is not part of the address.
      const labelled = FIELD.exec(line);
      const value = labelled && (WHERE_LABEL.test(labelled[1].trim()) || STREET_LINE.test(labelled[2])) ? labelled[2] : line;
      return addressPart(value.replace(/\s*\|\s*/g, ', ').trim());
    }
  }
  return null;
}

/**
 * A sentence that contains an address ("..., au cabinet, 8 rue des Lilas, 33000 Bordeaux.") gives
 * the address and what follows it in the sentence, not the whole sentence.
 */
function addressPart(line: string): string {
  // "Venloer Str. 300": a dot before a house number ends an abbreviation, not a sentence.
  if (line.length <= 70 && !/[.!?]\s+[^\d\s]/.test(line)) return line;
  const street = STREET_LINE.exec(line);
  if (!street) return line;
  let from = street.index;
  const number = /\d{1,5}[a-z]?,?\s+$/i.exec(line.slice(Math.max(0, from - 8), from));
  if (number) from -= number[0].length;
  const rest = line.slice(from);
  // "Av. de la Industria 14": an abbreviation's dot ends no sentence (sentences.ts reads them so too).
  const end =
    [...rest.matchAll(/[.!?](?:\s|$)(?!\d)/g)].map((m) => m.index ?? 0).find((i) => !ABBREVIATIONS.test(rest.slice(Math.max(0, i - 16), i + 1))) ?? -1;
  return (end > 0 ? rest.slice(0, end) : rest).replace(/[\s,;]+$/, '').replace(/^([^(]*)\)$/, '$1');
}

/**
 * "Location:" over "Lakeshore Auto & Tire" / "1418 N 8th St" / "Sheboygan, WI 53081", or "Adresse :
 * Clinique des Aravis, 27 avenue de Genève," / "74000 Annecy": a place's lines under its label, the
 * name first and each next line a street, a postcode or the rest of a line that ended with a comma.
 * Null when the place takes one line (the field's own value then stands).
 */
function placeBlock(text: string): string | null {
  const lines = text.split('\n').slice(0, 150);
  for (let i = 0; i < lines.length; i++) {
    const head = LABEL_LINE.exec(lines[i]);
    if (!head || !WHERE_LABEL.test(head[1].trim())) continue;
    const parts = head[2].trim() ? [head[2].trim()] : [];
    for (let j = i + 1; j < lines.length && j <= i + 4; j++) {
      const line = lines[j].trim();
      if (!line || line.length > 80 || FIELD.test(line) || PHONE_ONLY.test(line)) break;
      const name = !parts.length && !/[.!?:]$/.test(line);
      if (!name && !STREET_LINE.test(line) && !POSTCODE.test(line) && !parts[parts.length - 1].endsWith(',')) break;
      parts.push(line);
    }
    return parts.length > 1 ? parts.map((p) => p.replace(/[\s,;.]+$/, '')).join(', ') : null;
  }
  return null;
}

/**
 * How the confirmation itself names what is booked: "your physical therapy appointment", "Su cita
 * de servicio", "le rendez-vous de Pistache", "Ihren Werkstatttermin", "Biscuit has an appointment".
 */
const BOOKED_PHRASE: RegExp[] = [
  /\b(?:your|the|an?)\s+((?:(?!upcoming|next|new|scheduled|confirmed|rescheduled|following)[\p{L}-]+\s+){1,3}(?:appointment|appt|visit|consultation|exam|check-?up|cleaning|fitting))\b/iu,
  /\b(?:su|tu|la|una)\s+((?:cita|consulta|revisi[óo]n)\s+(?:de|para)\s+(?!las?\b|el\b|\d)\p{L}{3,}(?:\s+(?:de|del)\s+\p{L}{3,})?)/iu,
  /\b(?:le|votre|un)\s+((?:rendez-vous|rdv|consultation)\s+(?:de|d['’]|pour)\s*(?!la\b|le\b|\d)\p{L}{3,})/iu,
  /\b(?:ihren?|den|einen)\s+(\p{L}{3,}termin)\b/iu,
];
const NAME_HAS = /\b([\p{Lu}][\p{L}]+)\s+(?:has|is due for|is booked for)\s+(?:an?|the|their|his|her)\s+(?:appointment|visit|exam|check-?up)\b/u;
function bookedPhrase(text: string): string | null {
  const head = text.slice(0, 800).replace(/\s+/g, ' ');
  for (const re of BOOKED_PHRASE) {
    const m = re.exec(head);
    if (m) return capitalise(m[1].trim());
  }
  const name = NAME_HAS.exec(head);
  return name && !/^(?:this|that|it|she|he|you|we|who)$/i.test(name[1]) ? `Appointment for ${name[1]}` : null;
}

/** Where a mail's place field says, whole: its block of lines, or the field's one-line value. */
export function statedPlace(text: string): string | null {
  return placeBlock(text) ?? fieldsOf(text).find((f) => WHERE_LABEL.test(f.label))?.value ?? null;
}

function firstTimed(text: string, ctx: DateContext): DateMention | null {
  for (const piece of text.split(/\n\s*\n/).slice(0, 40)) {
    const flat = piece.replace(/\s*\n\s*/g, ' ');
    const m = findDates(flat, ctx).find((x) => x.hasDay && x.hasTime && !x.likelyPast && !isDeadlineMention(flat, x));
    if (m) return m;
  }
  return null;
}

/** The booked phrase before what else names the appointment, unless one already holds the other. */
function withPhrase(phrase: string | null, title: string): string {
  const [p, t] = [phrase?.toLowerCase() ?? '', title.toLowerCase()];
  if (!phrase || t.includes(p)) return finishTitle(title, 12);
  return finishTitle(!title || p.includes(t) ? phrase : `${phrase}: ${title}`, 12);
}

const PATIENT_LABEL = /^(?:patient|pet|paciente|mascota|patient(?:in)?|tier|animal)$/i;

function appointmentTitle(fields: Field[], text: string, subject: string, found: TextEvent | undefined, ctx: DateContext): string {
  const phrase = bookedPhrase(text);
  const noun = phrase ?? APPOINTMENT_NOUN.exec(subject)?.[1] ?? APPOINTMENT_NOUN.exec(text.slice(0, 600))?.[1] ?? null;
  const service =
    fields.find((f) => SERVICE_LABEL.test(f.label)) ??
    fields.find((f) => NOUN_LABEL.test(f.label) && f.value.length >= 4 && !findDates(f.value, ctx).length && /\p{L}{3}/u.test(f.value));
  if (service && NOUN_LABEL.test(service.label)) return withPhrase(phrase, capitalise(service.value));
  // A value wrapped onto the next line ends on its joining word ("winter tire mount &").
  const serviceName = service?.value.replace(/\s*(?:[&,+/]|\band|\by|\bund|\bet)\s*$/i, '');
  // "Patient: Clover (feline, 6 yrs)", "Paciente: Lucía": whose appointment it is names it before the service.
  const patient = fields
    .find((f) => PATIENT_LABEL.test(f.label))
    ?.value.split(/[(,;]/)[0]
    .trim();
  if (serviceName && patient && !phrase && patient.split(/\s+/).length <= 3) return finishTitle(`${patient}: ${serviceName}`, 12);
  if (serviceName) return finishTitle(noun ? `${phrase ?? capitalise(noun.toLowerCase())}: ${serviceName}` : serviceName, 12);
  // "You are booked for Spin 45 on Thursday", "inscrit au cours de yoga le ...": what was booked names it.
  const booked = BOOKED_INTO.exec(text.slice(0, 1500));
  if (booked) {
    const day = findDates(booked[1], ctx)[0];
    const what = (day ? booked[1].slice(0, day.index) : booked[1]).replace(/\s+(?:on|am|el|le|the|for|with|at)?\s*$/i, '').trim();
    if (what && !/^(?:you|your|vous|usted|sie|the|a)$/i.test(what)) return withPhrase(phrase, finishTitle(capitalise(what), 10));
  }
  const nounFor = NOUN_FOR.exec(text.slice(0, 1500));
  // "cita para el lunes 14": what follows is the day, not the service.
  if (nounFor) {
    // "Termin zur Zahnreinigung am Dienstag, den 15.": the service, not the day after it.
    const day = findDates(nounFor[3], ctx)[0];
    if (day && day.index > 4) nounFor[3] = nounFor[3].slice(0, day.index).replace(/\s+(?:am|on|el|le|the|den|for|para|pour)?\s*$/i, '');
    // "rendez-vous pour une coupe est confirmé le ...": the service, not its confirmation.
    // "appointment for the 2027-2028 school year is scheduled for:" cut at its line's end.
    nounFor[3] = nounFor[3].replace(/\s+(?:est|is|ist|wurde|est[áa]|ha sido|has been|a [ée]t[ée]|queda)(?:\s+\p{L}+)?$/iu, '');
  }
  if (nounFor && !findDates(nounFor[3], ctx).some((m) => m.index <= 4)) {
    // "Your kindergarten registration appointment for ...": the mail's own name for the booking leads.
    const head = phrase?.toLowerCase().endsWith(nounFor[1].toLowerCase()) ? phrase : capitalise(nounFor[1].toLowerCase());
    return finishTitle(`${head} ${nounFor[2]} ${nounFor[3]}`, 12);
  }
  const at = appointmentAtPlace(text.slice(0, 1500));
  if (at) return withPhrase(phrase, at);
  // "Rendez-vous est confirmé", "Your appointment is booked": the noun, not the confirmation.
  const foundTitle = found?.title.replace(/\s+(?:est|a été|ist|wurde|está|ha sido|is|has been)\s+\p{L}+$/iu, '') ?? '';
  if (
    found &&
    hasMeetingWord(foundTitle) &&
    !/^(this|that|it|es|er|sie|ce|hiermit|we|wir|nous|le confirmamos|your|our|ihr|ihre|ihren|ihrem|unser\p{L}*|su|votre|notre|nuestr[oa]|tu)(?!\p{L})/iu.test(
      foundTitle,
    )
  )
    return withPhrase(phrase, foundTitle);
  const cleaned = subjectTitle(subject)
    // "Votre rendez-vous est confirmé", "Ihr Termin wurde gebucht": the noun, not the confirmation.
    .replace(/\s+(?:est|a été|ist|wurde|está|ha sido|is|has been)\s+\S+\s*$/i, '')
    .replace(
      /\b(confirmaci[óo]n de( su)?|confirmation de( votre)?|confirmation of( your)?|appointment confirmed|confirmed|confirmation|confirming|reminder|your|is booked|booked|has been scheduled|scheduled|confirmada( para)?|recordatorio( de)?|best[äa]tigung|ihr|ihre|votre|rappel)\b\s*:?/gi,
      ' ',
    )
    .replace(/\s+-\s*$|^\s*[-:–]\s*/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const base = cleaned || subjectTitle(subject);
  return finishTitle(noun && !APPOINTMENT_NOUN.test(base) ? `${phrase ?? capitalise(noun.toLowerCase())}: ${base}` : withPhrase(phrase, base), 12);
}

/** A sender that is a mailbox or a booking service's team, not who the appointment is with. */
const NO_PROVIDER =
  /(?<!\p{L})(?:no-?reply|do-?not-?reply|notifications?|mailer|alerts?|scheduling|bookings?|reservations?|appointments?|calendar|support|info)(?!\p{L})/iu;

/**
 * "Cleaning & exam – Harbor View Dental": who the appointment is with, as its sender names itself
 * and its text repeats, unless the title already names it. A calendar entry that says only "Oil change" leaves the reader
 * looking for the garage.
 */
export function withProvider(title: string, sender: string | null, text: string): string {
  const name = sender
    // "Accounts | Dalton Wholesale": a department, then the business.
    ?.replace(/^[^|]{2,30}\|\s*/, '')
    .replace(/^(?:the|l['’]\s*[ée]quipe(?:\s+de)?|das|el equipo(?:\s+de)?|team)\s+/i, '')
    .replace(/\s+(?:team|teams?)$/i, '')
    .trim();
  if (!name || name.length < 4 || name.length > 48 || NO_PROVIDER.test(name) || name.includes('@')) return title;
  // A business signs or places its booking with its name; a person writing about one need not be who it is with.
  if (!text.toLowerCase().includes(name.toLowerCase())) return title;
  const known = new Set(title.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  if (
    name
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .some((w) => w.length >= 4 && known.has(w))
  )
    return title;
  return `${title} – ${name}`;
}

/**
 * "Cabinet de kinésithérapie des Brotteaux" over "27 rue Tronchet, 69006 Lyon": the practice named on
 * the line above its street address, which a booking platform's own name is not.
 */
function practiceAboveAddress(text: string): string | null {
  const lines = text.split('\n', 60).map((l) => l.trim());
  const at = lines.findIndex((l, i) => i > 0 && STREET_LINE.test(l) && l.length <= 80);
  const above = at > 0 ? lines[at - 1] : '';
  return above.length >= 4 && above.length <= 60 && /^\p{Lu}/u.test(above) && !/\d|[.!?:,;]$/.test(above) && !FIELD.test(above) ? above : null;
}

/**
 * "Reporting date: Monday, January 11, 2027 / Report time: 8:00 AM / Location: Granite County
 * Courthouse": fields that give a day, an hour and a place are a time to be somewhere, read as an
 * appointment's whatever the mail's class (a summons, a hearing, an exam sitting).
 */
export function fieldedEvent(text: string, subject: string, ctx: DateContext, sender: string | null): TextEvent | null {
  const fields = fieldsOf(text.slice(0, 3000));
  if (!fields.some((f) => WHERE_LABEL.test(f.label))) return null;
  const when = fields
    .filter((f) => WHEN_LABEL.test(f.label))
    .map((f) => f.value)
    .join(', ');
  return findDates(when, ctx).some((m) => m.hasDay && m.hasTime) ? appointmentEvent(text, subject, ctx, [], sender) : null;
}

/** The one event of an appointment confirmation, or null when it names no date and time. */
export function appointmentEvent(text: string, subject: string, ctx: DateContext, found: TextEvent[], sender: string | null = null): TextEvent | null {
  const fields = fieldsOf(text);
  const whenText = fields
    .filter((f) => WHEN_LABEL.test(f.label))
    .map((f) => f.value)
    .join(', ');
  const fromFields = whenText ? (findDates(whenText, ctx).find((m) => m.hasDay && m.hasTime) ?? null) : null;
  const moved = NEW_TIME.exec(text);
  const movedTo = moved ? firstTimed(text.slice(moved.index), ctx) : null;
  const structured = found.find((e) => !e.allDay);
  let startMs: number;
  let endMs: number | null = null;
  let excerpt: string;
  if (movedTo) {
    startMs = mentionStartMs(movedTo, ctx, false);
    endMs = mentionEndMs(movedTo, ctx);
    excerpt = movedTo.text;
  } else if (fromFields) {
    startMs = mentionStartMs(fromFields, ctx, false);
    endMs = mentionEndMs(fromFields, ctx);
    excerpt = whenText;
  } else if (structured) {
    startMs = structured.startMs;
    endMs = structured.endMs;
    excerpt = structured.excerpt;
  } else {
    const m = firstTimed(text, ctx);
    if (!m) return null;
    startMs = mentionStartMs(m, ctx, false);
    endMs = mentionEndMs(m, ctx);
    excerpt = m.text;
  }
  if (startMs < ctx.refMs - 3600000) return null;
  // A one-hour end is the default of a sentence read without one: a stated duration wins over it.
  if (endMs === null || endMs <= startMs || ((movedTo || !fromFields) && (movedTo || structured) && endMs - startMs === 3600000)) {
    // "Behandlung: Professionelle Zahnreinigung (ca. 45 Minuten)", "Appointment: Follow-up physiotherapy (30 minutes)": the service says how long it takes.
    const durationField =
      fields.find((f) => DURATION_LABEL.test(f.label)) ??
      fields.find((f) => (SERVICE_LABEL.test(f.label) || NOUN_LABEL.test(f.label)) && findDurationMinutes(f.value) !== null);
    // A duration field, the When field itself ("10:00, 30 min"), or a sentence ("The visit takes about 40 minutes").
    const minutes = findDurationMinutes(durationField?.value ?? whenText) ?? statedDurationMinutes(text.slice(0, 3000));
    endMs = minutes ? startMs + minutes * 60000 : endMs !== null && endMs > startMs ? endMs : startMs + 3600000;
  }
  const block = placeBlock(text);
  const where = fields.find((f) => WHERE_LABEL.test(f.label))?.value ?? null;
  const location =
    block ??
    // "Ort: Zahnarztpraxis Dr. Weber, Aachener Straße 212, 50931 Köln": a field of one line is the place as written.
    (where && !/^(online|virtual|phone|teams|zoom)\b/i.test(where)
      ? where.length <= 90
        ? where
        : (addressIn(where) ?? where)
      : (addressIn(text) ?? where ?? structured?.location ?? null));
  return {
    title: withProvider(appointmentTitle(fields, text, subject, structured, ctx), practiceAboveAddress(text) ?? sender, text),
    excerpt,
    startMs,
    endMs,
    allDay: false,
    location,
    confidence: CONFIDENCE.appointment,
    rule: 'appointment',
  };
}

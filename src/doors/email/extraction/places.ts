/**
 * Where an event happens, read from its text by structure: a street address, a venue noun, a
 * locative phrase (preposition, determiner, noun phrase) or a named place, in four languages.
 */
import type { DateMention } from './dates.js';

const STREET =
  /\d+\s+[\p{L}]+|[\p{L}]+(str\.|straße|strasse|street|st\.?|avenue|ave\.?|road|rd\.?|weg|platz|gasse|rue|calle|via)\s*\d*|\b(?:calle|avenida|paseo|plaza|rue|avenue|boulevard|chemin|via)\s+\p{L}/iu;

const VENUE_NOUNS =
  '(?:gym|gymnasium|pavilion|pavillon|pabell[óo]n|center|centre|centro|zentrum|studio|rink|lodge|ballroom|terrace|campus|cafeteria|auditorium|library|clubhouse|church|chapel|park|pool|stadium|field|arena|theater|theatre|museum|hall|lounge|atrium|lobby|courtyard|garden|gymnase|cin[ée]ma|th[ée][âa]tre|mus[ée]e|salle|sala|mairie|[ée]glise|parc|piscine|stade|biblioth[èe]que|auditorium|gimnasio|museo|parque|piscina|sal[óo]n|iglesia|biblioteca|teatro|turnhalle|aula|kirche|bibliothek|vereinsheim|gemeindehaus|garten|museum|schwimmbad|sporthalle|rathaus|board\\s?room|meeting room)';
const VENUE = new RegExp(
  `(?<!\\p{L})(?:at|in|en|au|à|al|im|in der|dans|on|beim|im|en el|en la|à la|au)\\s+(?:the\\s+|our\\s+|el\\s+|la\\s+|le\\s+|l['’]|der\\s+|dem\\s+)?((?:[\\p{Lu}][\\p{L}'’.-]*\\s+){0,3}(?:school\\s+)?${VENUE_NOUNS}(?!\\p{L})(?:\\s+(?:de la|del|de|des|du|der|of the|of)\\s+[\\p{L}'’-]{3,})?(?:\\s+[\\p{Lu}\\d][\\p{L}\\p{N}'’.-]*){0,3})`,
  'iu',
);
/** "gymnase Jean Moulin", "the school library": a comma part that opens with a venue noun is a place. */
const VENUE_FIRST = new RegExp(`^(?:the\\s+|le\\s+|la\\s+|l['’]|el\\s+|der\\s+|die\\s+|das\\s+)?(?:school\\s+)?${VENUE_NOUNS}(?!\\p{L})`, 'iu');

export function opensWithVenue(chunk: string): boolean {
  return VENUE_FIRST.test(chunk.trim());
}
// A town follows its street after a comma, or after a space when the street is not abbreviated ("450 Harrison St. Plus-ones welcome!" ends at the dot).
/** The kinds of street an English address ends with, and the street nouns French and Spanish ones open with. */
export const STREET_TYPE = `(?:[Ss]t|[Ss]treet|[Aa]ve|[Aa]venue|[Rr]d|[Rr]oad|[Bb]lvd|[Bb]oulevard|[Dd]r|[Dd]rive|[Ww]ay|[Ll]ane|[Ll]n|[Pp]kwy|[Pp]arkway|[Pp]l|[Pp]lace|[Cc]t|[Cc]ourt|[Cc]lose|[Cc]rescent|[Tt]errace|[Ss]quare)`;
export const STREET_NOUN = String.raw`(?:rue|avenue|av\.?|boulevard|bd|all[ée]e|place|chemin|impasse|quai|calle|avenida|paseo|plaza|carrer)`;
/** The part of a building an address may name after its street: "Suite 1200", "Unit 4", "Floor 3". */
const SUITE_WORD = '(?:Suite|Ste|Unit|Apt|Floor|Fl|Room|Rm)';
const STREET_ADDRESS = new RegExp(
  String.raw`\b\d{1,5}[a-z]?,?\s+(?:${STREET_NOUN}\s+(?:[\p{L}'’-]+\s+){0,4}[\p{L}'’-]+|(?:[\p{Lu}][\p{L}'’-]*\s+){1,3}${STREET_TYPE}\b\.?)(?:(?:,\s*|(?<![.])\s+)(?!${SUITE_WORD}(?!\p{L}))(?:[\p{Lu}][\p{L}'’-]*\s*){1,3})?|\b[\p{Lu}][\p{L}-]*(?:stra(?:ß|ss)e|str\.|weg|platz|allee|gasse)\s+\d+[a-z]?`,
  'u',
);

/**
 * Calendars print the event's time zone on its own line under the hours ("Eastern Time - New York",
 * "(GMT+01:00) Paris", "Mitteleuropäische Zeit", "heure normale d'Europe centrale"): it says how to
 * read the hours, never where the event is.
 */
const TIME_ZONE_NAME =
  /^\(?(?:GMT|UTC)\s?[+-−]?\d|(?<!\p{L})(?:(?:eastern|central|mountain|pacific|atlantic|alaska|hawaii|western|eastern european|central european|western european|greenwich mean|coordinated universal|british summer|irish standard|india standard|japan standard|china standard|australian eastern)\s+(?:standard\s+|daylight\s+|summer\s+)?time|mitteleurop\p{L}*\s+(?:sommer|normal)?zeit|heure\s+(?:normale\s+|avanc[ée]e\s+|d['’][ée]t[ée]\s+)?(?:d['’]europe|de\s+l['’]|du\s+|de\s+paris)|hora\s+(?:est[áa]ndar|de\s+verano|central|de\s+europa|de\s+espa[ñn]a))(?!\p{L})/iu;

export function isTimeZoneName(text: string): boolean {
  return TIME_ZONE_NAME.test(text.trim());
}

/** A field label that says where ("Where", "Lugar", "Treffpunkt", "Point de rendez-vous"). */
export const WHERE_LABEL_WORD =
  /^(where|location|address|place|venue|meeting point|treffpunkt|punto de encuentro|point de rendez-vous|lugar|d[óo]nde|ubicaci[óo]n|direcci[óo]n|ort|wo|standort|adresse|lieu|o[ùu]|emplacement)$/i;

/** A place named with a preposition; a venue noun or a street address wins over a bare one-word name. */
/** "(Zoom link in the calendar hold)", "(détails dans l'invitation)": a remark on how to join, not where. */
const JOINING_REMARK =
  /\([^)]*(?<!\p{L})(?:link|links|details|dial-?in|invite|invitation|calendar|zoom|teams|webex|enlace|lien|d[ée]tails|invitaci[óo]n|einladung|kalender|einwahl)(?!\p{L})[^)]*\)/giu;

/** 'the "Animals in Winter" program': a quoted name that qualifies a noun names no place. */
const QUOTED_NAME = /["“][^"”\n]{2,60}["”](?=\s+\p{Ll})/gu;

/** "lo presentamos en la junta con el cliente ... en sus oficinas de Insurgentes Sur 1605": the meeting one goes to is no place; the next one named is. */
const MEETING_AS_PLACE =
  /^(?:(?:the|la|el|der|die|dem|le|l['’])\s*)?(?:meeting|call|junta|reuni[óo]n|asamblea|sitzung|besprechung|versammlung|r[ée]union|assembl[ée]e)(?:\s+(?:con|with|mit|avec)\s+[\p{L} ]{1,30})?$/iu;

export function findLocation(text: string, again = true): string | null {
  const raw = rawLocation(text.replace(JOINING_REMARK, ' ').replace(QUOTED_NAME, ' '));
  const found = raw && !isTimeZoneName(raw) ? raw : null;
  const place = found
    ? found
        .replace(/(?:[\s,.;:]+|\s+(?:le|la|les|el|the|on|am|um|at|à|a|de|ein|statt|ab|an|mit|teil|vorbei))+$/i, '')
        // "(40 minutes, Room 201D)": how long it lasts is no part of where.
        .replace(/^\d+\s*(?:minutes|mins?|hours?|hrs?|minuten|stunden|minutos|horas)\s*,\s*/i, '')
        .trim() || null
    : null;
  if (place && again && MEETING_AS_PLACE.test(place)) {
    const at = text.indexOf(place);
    return at >= 0 ? findLocation(text.slice(at + place.length), false) : null;
  }
  if (place && REFERS_BACK.test(place)) return namedInBrackets(text, place);
  // "en el SUM del edificio (Av. Córdoba 3450, planta baja, CABA)": the address in brackets a few words on says where the room is.
  const at = place ? text.indexOf(place) : -1;
  const address = at >= 0 && place!.length <= 30 && !/\d/.test(place!) ? /^[^()\n.;]{0,25}?\(([^()]{6,80})\)/.exec(text.slice(at + place!.length)) : null;
  return address && /\p{L}{3,}\.?\s+[\p{L} ]{0,30}\d{1,5}|\d{1,5}\s+\p{L}{3,}/u.test(address[1]) ? `${place} (${address[1].trim()})` : place;
}

/**
 * "en la misma sala (Sala Miró, 2.ª planta)", "in the same room (Room 4B)", "dans la même salle
 * (salle Rameau)", "im gleichen Raum (Raum 2.14)": a place that only refers back is named by its brackets.
 */
/** The words in brackets right at `from` ("Notaría Beltrán (Calle de Colón 14)"), trimmed; null when none stand there. */
function bracketAt(text: string, from: number, min = 4, max = 80): string | null {
  const m = /^\s*\(([^)]*)\)/.exec(text.slice(from, from + max + 40));
  return m && m[1].length >= min && m[1].length <= max ? m[1].trim() : null;
}

const REFERS_BACK = /^(?:the\s+)?(?:same|usual|misma|mismo|habitual|m[êe]me|habituel(?:le)?|gleichen|selben|[üu]blichen)\s+\p{L}+$/iu;
function namedInBrackets(text: string, place: string): string {
  const at = text.indexOf(place);
  return (at >= 0 ? bracketAt(text, at + place.length, 3, 60) : null) ?? place;
}

const ROOM_BEFORE_ADDRESS =
  /(?<!\p{L})(?:im|in der|in the|at the|dans la|dans le|à la|au|en el|en la)\s+(\p{L}[\p{L}'’-]{2,30}(?:\s+\p{L}[\p{L}'’.-]{1,30}){0,2})(?:\s*\([^)]{1,30}\))?,\s*$/u;

const NAME_BEFORE_ADDRESS = /(?:^|[\s,(])((?:[\p{Lu}][\p{L}'’&-]+)(?:\s+(?:(?:de|des|du|de la|del|of|the|der|am|an der)\s+)?[\p{Lu}][\p{L}'’&-]+){0,3}),\s*$/u;
/** A day or month name, or a greeting: no venue's name ("Saturday 12 December, 85 Canal Street"). The whole first word is tested. */
export const DATE_WORD =
  /^(?:mon(?:day)?|tue(?:s(?:day)?)?|wed(?:nesday)?|thu(?:rs(?:day)?)?|fri(?:day)?|sat(?:urday)?|sun(?:day)?|jan(?:uary)?|feb(?:ruary)?|march|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|lunes|martes|mi[ée]rcoles|jueves|viernes|s[áa]bado|domingo|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|januar|februar|m[äa]rz|juni|juli|oktober|dezember|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|janvier|f[ée]vrier|mars|avril|mai|juin|juillet|ao[ûu]t|septembre|octobre|novembre|d[ée]cembre|dear|hi|hello|hallo|hola|bonjour)\.?(?:\s|$)/i;

const SUITE = new RegExp(String.raw`^${SUITE_WORD}\.?\s+\S+$`, 'i');
const SUITE_AFTER = new RegExp(String.raw`^[\s,]*(${SUITE_WORD}\.?\s+[\w-]+)`);

function rawLocation(text: string): string | null {
  const base = namedPlace(text);
  const t = text.replace(/https?:\/\/\S+/g, ' ');
  // "Suite 1200" read on its own is part of the street address it follows, not a place of its own.
  const bare = !base || !/\s/.test(base.trim()) || SUITE.test(base);
  const venue = VENUE.exec(t);
  if (venue && !/\u0000/.test(venue[1]) && (bare || venue[1].includes(base!))) {
    const named = namesAfterVenue(venue[1].trim());
    // "en el salón de actos del colegio (Bv. Oroño 1450, Rosario)": the venue, then its address.
    const from = t.indexOf(named, venue.index);
    const address = from >= 0 ? bracketAt(t, from + named.length) : null;
    return address && /\d/.test(address) && !LENGTH_ONLY.test(address) ? `${named} (${address})` : withStreetAfter(named, t);
  }
  const street = STREET_ADDRESS.exec(t);
  if (street && bare && !/\u0000/.test(street[0])) {
    const suite = SUITE_AFTER.exec(t.slice(street.index + street[0].length))?.[1];
    const address = `${street[0].replace(/[\s,.;]+$/, '').trim()}${suite ? `, ${suite}` : ''}`;
    // "im Gemeinschaftsraum (Erdgeschoss), Hufelandstraße 8": the room named just before its building's address.
    const room = ROOM_BEFORE_ADDRESS.exec(t.slice(Math.max(0, street.index - 80), street.index));
    if (room && !NOT_A_PLACE.test(room[1])) return `${room[1]}, ${address}`;
    // "Jumpzone, 85 Canal Street": the venue's name as the comma part before its address.
    const name = NAME_BEFORE_ADDRESS.exec(t.slice(Math.max(0, street.index - 60), street.index));
    return name && !DATE_WORD.test(name[1]) ? `${name[1]}, ${address}` : address;
  }
  const phrase = base ?? locativePhrase(t) ?? HEADED_TO.exec(t)?.[1] ?? null;
  return phrase ? withStreetAfter(phrase, t) : null;
}

/** "calle de Colón 14", "rue de la Roquette 12": a street written name first, read only right after its place's name. */
const STREET_NAME_FIRST =
  /^(?:calle|c\/|avenida|avda?\.|paseo|plaza|carrer|camino|rue|avenue|boulevard|bd|chemin|all[ée]e|place|quai|via|viale|corso)\s+(?:(?:de|del|de la|de los|de las|du|des|de l['’])\s+)?[\p{L}'’. -]{2,40}?,?\s+\d{1,4}(?:\s?[a-z])?(?!\d)/iu;

/** "meet me at the leasing office, 1420 Alder St.", "en la Notaría Beltrán, calle de Colón 14": a place, then its street after a comma or in brackets. */
function withStreetAfter(place: string, text: string): string {
  const at = text.indexOf(place);
  // "salle polyvalente de la mairie annexe, 8 rue Gambetta": a word or two of the place's name may come before the comma.
  const rest = at >= 0 ? /^((?:\s+[\p{L}'’-]{2,}){0,3})\s*,\s*(.*)$/su.exec(text.slice(at + place.length)) : null;
  const street = rest ? (STREET_ADDRESS.exec(rest[2]) ?? STREET_NAME_FIRST.exec(rest[2])) : null;
  if (rest && street?.index === 0) return `${place}${rest[1]}, ${street[0].replace(/[\s,.;]+$/, '')}`;
  // "im Gruppenraum der Igel (Kita Sonnenblume, Neusser Str. 118, 50670 Köln)": the building and its street in brackets.
  const bracket = at >= 0 ? bracketAt(text, at + place.length) : null;
  return bracket && STREET_ADDRESS.test(bracket) ? `${place} (${bracket})` : place;
}

/** "We're heading to The Brazen Head on Bridge Street": where people go, named with capitals. */
const HEADED_TO = /\b(?:heading|going|off) to\s+((?:the\s+|The\s+)?\p{Lu}[\p{L}'’&-]*(?:\s+\p{Lu}[\p{L}'’&-]*){0,4})/u;

/**
 * The pattern is case-insensitive (so "Gymnase" and "gymnase" both read), which lets it run on into
 * lowercase words after the venue noun ("sala Picasso para revisar"): only names (capitalised words,
 * numbers) and "de/of" phrases continue a venue.
 */
const VENUE_NOUN_WORD = new RegExp(`^(?:school\\s+)?${VENUE_NOUNS}$`, 'iu');
const PLACE_FUNCTION_WORD =
  /^(?:para|pour|for|to|um|zu|and|y|et|und|with|con|avec|mit|que|qui|which|where|at|on|in|en|el|la|le|les|los|las|the|a|à|au|am|im|from|de|desde|von|ab|por|par|pendant|during|while|während|durante)$/i;
function namesAfterVenue(found: string): string {
  const words = found.split(/\s+/);
  let at = -1;
  for (let i = 0; i < words.length; i++) if (VENUE_NOUN_WORD.test(words[i]) && (at < 0 || i === at + 1 || !/^[\p{Lu}\d]/u.test(words[i]))) at = i;
  if (at < 0) return found;
  let end = at + 1;
  while (end < words.length) {
    const w = words[end];
    // "salle polyvalente de la mairie du 11e": "de la" leads the next noun of the name.
    if (/^de$/i.test(w) && /^(?:la|las|los)$/i.test(words[end + 1] ?? '') && /^\p{L}/u.test(words[end + 2] ?? '')) end += 3;
    else if (/^(?:de|del|des|du|der|of|d['’]\p{L}+)$/iu.test(w) && /^\p{L}/u.test(words[end + 1] ?? '')) end += /^d['’]\p{L}/iu.test(w) ? 1 : 2;
    else if (/^(?:[\p{Lu}\d]|d['’]\p{Lu})/u.test(w)) end++;
    // A Romance adjective right after the noun ("salle polyvalente", "sala grande"); never a function word or a verb.
    else if (end === at + 1 && !PLACE_FUNCTION_WORD.test(w) && !/(?:ar|er|ir|en)$/i.test(w)) end++;
    else break;
  }
  return words.slice(0, Math.min(end, words.length)).join(' ');
}

/**
 * Where a sentence says something happens, by its structure rather than a list of venues: a place
 * preposition, a determiner and a noun phrase ("en el patio del colegio", "dans la salle des fêtes",
 * "im Gemeindesaal", "at the community centre"), up to the next punctuation or the next function word.
 */
const LOCATIVE: RegExp[] = [
  /(?<!\p{L})(?:en|desde)\s+(?:el|la|los|las|nuestro|nuestra|nuestros|nuestras|su|sus|mi|mis|tu|tus)\s+((?:[\p{L}'’-]+)(?:\s+(?:(?:de la|del|de los|de)\s+[\p{L}\p{N}'’.-]+|[\p{Lu}\d][\p{L}\p{N}'’.-]*)){0,3})/giu,
  /(?<!\p{L})(?:à|au|aux|dans|devant)\s+(?:(?:la|le|les|notre|votre)\s+|l['’])?((?:[\p{L}'’-]+)(?:\s+(?:(?:de la|du|des|de)\s+[\p{L}\p{N}'’.-]+|d['’][\p{L}\p{N}'’.-]+|[\p{Lu}\d][\p{L}\p{N}'’.-]*)){0,3})/giu,
  /(?<!\p{L})(?:im|beim|am|vor dem|in der|in dem|in den|in die|ins|auf dem|an der)\s+((?:[\p{Lu}][\p{L}-]+)(?:\s+(?:(?:der|des|am|an der)\s+[\p{L}\p{N}.-]+|[\p{Lu}\d][\p{L}\p{N}.-]*)){0,2})/gu,
  /\b(?:at|in|inside|outside)\s+(?:the|our|your|their|my|his|her)\s+((?:[\p{L}'’-]+)(?:\s+(?!on\b|at\b|from\b|for\b|to\b|and\b|by\b|with\b)[\p{L}'’-]+){0,3})/giu,
];
const NOT_A_PLACE =
  /^(morning|afternoon|evening|night|meantime|future|past|end|beginning|middle|week|weekend|month|year|day|time|case|event|meantime|line|loop|office hours|place|mañana|tarde|noche|semana|mes|año|día|momento|caso|línea|matin|soir|soirée|après-midi|journée|semaine|mois|année|jour|cas|ligne|fin|début|morgen|abend|nachmittag|vormittag|woche|monat|jahr|tag|fall|anschluss|ende|anfang|rahmen|vorfeld|voraus|auftrag|namen|moment|total|person|advance|meantime|same|following|next|first|last|best|rest)\b/i;
const PLACE_TAIL = /\s+(?:a las?|à|um|at|on|el|le|la|les|los|las|the|de|del|du|des|der|und|and|y|et|para|pour|für|for|from|to|que|que|with|con|avec|mit)$/i;

/**
 * The patterns are case-insensitive, so their "capitalised name" parts also take lowercase words
 * ("puerta del colegio y volveremos"): after the head noun only "de/of" phrases, names, numbers and
 * one adjective right after the noun continue the place.
 */
function trimPhrase(phrase: string): string {
  const words = phrase.split(/\s+/);
  let end = 1;
  while (end < words.length) {
    const w = words[end];
    if (/^(?:de|del|des|du|der|of|am|an)$/i.test(w) && /^(?:la|le|les|the|los|las)$/i.test(words[end + 1] ?? '') && words[end + 2]) end += 3;
    else if (/^(?:de|del|des|du|der|of|am|an)$/i.test(w) && words[end + 1] && !PLACE_FUNCTION_WORD.test(words[end + 1])) end += 2;
    else if (/^(?:la|los|las|le|les|the|l['’]\p{L}+|d['’]\p{L}+)$/iu.test(w) && /^(?:de|del|des|du|of)$/i.test(words[end - 1] ?? '')) end++;
    else if (/^(?:[\p{Lu}\d]|d['’]\p{Lu})/u.test(w)) end++;
    else if (end === 1 && !PLACE_FUNCTION_WORD.test(w) && !/(?:ar|er|ir|en|ons|ez|mos)$/i.test(w)) end++;
    else break;
  }
  return words.slice(0, end).join(' ');
}

function locativePhrase(text: string): string | null {
  for (const re of LOCATIVE) {
    re.lastIndex = 0;
    for (const m of text.matchAll(re)) {
      // "en nuestra oficina de Av. Santa Fe 3456": an abbreviation's dot ends no phrase.
      const kept = m[1].replace(/(?<!\p{L})(Av|Avda|Bv|Bd|Blvd|Dr|St|Pl|Pza|Sr|Sra|Nr)\.(?=\s)/gu, '$1\u2024');
      let phrase = trimPhrase(kept.split(/[,.;:!?()\u0000]/)[0].trim()).replace(/\u2024/g, '.');
      for (let i = 0; i < 3; i++) phrase = phrase.replace(PLACE_TAIL, '');
      if (phrase.length < 3 || NOT_A_PLACE.test(phrase) || /^\d/.test(phrase)) continue;
      if (
        /^(?:januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|wochenende)/i.test(
          phrase,
        )
      )
        continue;
      const paren = bracketAt(text, (m.index ?? 0) + m[0].length);
      return paren && /\d/.test(paren) ? `${phrase} (${paren})` : phrase;
    }
  }
  return null;
}

/** "(45 minutes)", "(Dauer 45 Minuten)", "(durée : 1 h)": how long it lasts, never where. */
const LENGTH_ONLY =
  /^\s*(?:(?:dauer|duration|dur[ée]e|duraci[óo]n|approx\.?|ca\.?|about|environ|unos|etwa)\s*:?\s*)?\d+(?:[.,]\d+)?\s*(?:min\.?|mins|minutes?|minuten|minutos|h|hrs?|hours?|stunden?|heures?|horas?)\s*$/iu;

const NAMED_VENUE =
  /(?<!\p{L})(?:at|in|en|au|à|im|dans|chez|beim)\s+(?:(?:the|el|la|le|dem|der|das)\s+|l['’])?(restaurant|restaurante|bar|caf[ée]|hotel|h[ôo]tel|pub|brasserie|bistrot?|gasthaus|gasthof|taberna|pizzeria|trattoria|cin[ée]ma|cine|kino)\s+([\p{Lu}][\p{L}'’&-]*(?:\s+[\p{Lu}][\p{L}'’&-]*){0,3})(?:\s*\(([^)]{3,60})\))?/u;

function namedPlace(text: string): string | null {
  const t = text.replace(/https?:\/\/\S+/g, ' ');
  const room = /\b(?:in|at)\s+(?:the\s+|our\s+)?((?:[\p{Lu}][\p{L}'’-]*\s+)+(?:room|office|conference room|building|hall|auditorium|lobby|café|cafe))\b/u.exec(
    t,
  );
  if (room) return room[1].trim();
  // "Room 4B", "Raum 2.14", and compounds: "Besprechungsraum 1", "Sitzungssaal 3", "Klassenzimmer 12".
  const roomNum =
    // A name or a number after the noun: "the back room for Friday" names no room.
    // "salle polyvalente de la mairie": a Romance room's name runs on through "de la", "du".
    /\b((?:(?:[Rr]oom|ROOM|[Ss]uite)\s+(?=[\p{Lu}\d])|(?:[Rr]aum|RAUM|[Ss]ala|SALA|[Ss]alle|SALLE)\s+)[\p{L}\p{N}-]+(?:\.\d+)*(?:\s+(?:de la|du|del|de)\s+(?!\d)[\p{L}\p{N}-]{3,})?)/u.exec(
      t,
    ) ?? /(?<!\p{L})(\p{L}+(?:raum|saal|zimmer)\s+\d[\p{L}\p{N}-]*(?:\.\d+)*)/iu.exec(t);
  // "en el restaurante El Faro (Paseo Marítimo, 40)", "at the pub The Anchor": a kind of venue, then its name.
  const venueName = NAMED_VENUE.exec(t);
  if (venueName) return venueName[3] ? `${venueName[1]} ${venueName[2].trim()} (${venueName[3].trim()})` : `${venueName[1]} ${venueName[2].trim()}`;
  // "à 20h30 au Rex": a clock time after "à"/"at" is not a place; the next name may be.
  const at = [
    ...t.matchAll(
      /(?:\bat|\b@|\ben|\bin|\bau|(?<!\p{L})à|\bchez)\s+((?:the\s+|our\s+|la\s+|el\s+|le\s+)?(?:[\p{Lu}\d](?:[\p{L}\p{N}'’&-]|\.(?=\S))*\.?)(?:\s+(?:de\s+|del\s+|la\s+|on\s+|of\s+)?[\p{Lu}\d](?:[\p{L}\p{N}'’&-]|\.(?=\S))*)*(?:\s+(?:office|room|café|bar|restaurant))?)(?:\s*\(([^)]+)\))?/gu,
    ),
  ].find((x) => !/^\d{1,2}(?:[:h.]\d{2})?\s?(?:[ap]\.?m\.?|h|uhr)?$/i.test(x[1].trim()));
  if (at && !/^\u0000/.test(at[1])) {
    const main = at[1].replace(/^(the|our|la|el|le)\s+/i, '').trim();
    if (main.length > 1 && !/^(the|a|an)$/i.test(main)) return at[2] ? `${main} (${at[2].trim()})` : main;
  }
  const officeOf =
    /\b(?:in|at|en|à)\s+(?:our|the|la|el|unserem|notre)\s+((?:[\p{L}]+\s+)?(?:office|oficina|büro|bureau|sala|salle)(?:\s+(?:de|of|in)\s+[\p{Lu}][\p{L}]+)?)/iu.exec(
      t,
    );
  // "(Durango 220, piso 2, Col. Roma)": a street named before its number, then more of the address after a comma.
  const parenAt = [...t.matchAll(/\(([^)]{4,80})\)/g)].find(
    (m) => (STREET.test(m[1]) || /^\p{Lu}\p{L}+\s+\d{1,4},\s*\p{L}/u.test(m[1])) && /\d/.test(m[1]) && !LENGTH_ONLY.test(m[1]),
  );
  const paren = parenAt?.[1];
  if (officeOf) return paren ? `${officeOf[1]} (${paren})` : officeOf[1];
  // "au dojo de la Halvêque (2 rue de la Halvêque)", "in the parish hall (12 Elm St)": the place, then its address.
  const before = parenAt ? locativePhrase(`${t.slice(Math.max(0, (parenAt.index ?? 0) - 60), parenAt.index)}${parenAt[0]}`) : null;
  if (before?.includes(`(${paren}`)) return before;
  // "a field trip to the Discovery Center of Idaho (131 W Myrtle St, Boise)": the name, then its address.
  const named = parenAt
    ? /((?:[\p{Lu}][\p{L}'’&-]+)(?:\s+(?:(?:of|de|del|des|du|the|der|la|&)\s+)?[\p{Lu}][\p{L}'’&-]+){1,5})\s*$/u.exec(
        t.slice(Math.max(0, (parenAt.index ?? 0) - 60), parenAt.index),
      )
    : null;
  if (named && !DATE_WORD.test(named[1])) return `${named[1]} (${paren})`;
  if (paren) return paren;
  if (roomNum) return roomNum[1];
  return null;
}

/**
 * "Treffpunkt ist das Vereinsheim.", "Meeting point: the tool shed.", "We'll meet outside the town
 * hall.", "Punto de encuentro: la puerta del colegio.", "Rendez-vous devant la mairie.": the sentence
 * after an event that says where people gather gives the event's place.
 */
const MEETING_POINT =
  /^(?:(?:the\s+)?meeting (?:point|place)|we(?:['’]ll| will| shall)? meet(?: up)?|treffpunkt|wir treffen uns|(?:el\s+)?(?:punto|lugar) de encuentro|nos (?:encontramos|vemos|reunimos)|quedamos|(?:le\s+)?(?:point de )?rendez-vous|on se (?:retrouve|donne rendez-vous)|nous nous retrouverons)(?:\s+(?:will be|ist|is|es|será|est|sera)(?!\p{L}))?\s*:?\s*(?:(?:at|in|outside|in front of|by|im|am|an der|vor dem|vor der|beim|bei der|en|frente a|delante de|à|au|devant|dans)\s+)?(?:(?:the|das|der|die|dem|el|la|los|las|le|les)\s+|l['’])?([^.!?;\n]{3,80})/iu;
/** "the Ballard Loft is holding Saturday Dec 19 for us", "Casa Lola has reserved the back room for us": the venue holding the day is where. */
const VENUE_HOLDS =
  /(?:^|[-–—:]\s+|,\s+)(?:the\s+)?(\p{Lu}[\p{L}'’&.]*(?:\s+\p{Lu}[\p{L}'’&.]*){0,3})\s+(?:is|are|has|have)\s+(?:holding|held|reserved|booked)\s/u;
export function venueHolding(clause: string): string | null {
  return VENUE_HOLDS.exec(clause)?.[1] ?? null;
}

export function meetingPoint(sentence: string): string | null {
  const m = MEETING_POINT.exec(sentence.trim());
  // "... dinner this Saturday at 7? 2218 SE Alder St, same as before.": a sentence that opens with the address.
  if (!m) return STREET_ADDRESS.exec(sentence.trim())?.index === 0 ? findLocation(sentence) : null;
  const place = m[1].replace(/[\s,:]+$/, '').trim();
  // "Treffpunkt ist um 9 Uhr", "we meet at 10": a time, not a place.
  return /^(?:um|at|à|a las?)?\s*\d{1,2}(?:[:.h]\d{2})?\s*(?:uhr|h|[ap]\.?m\.?)?(?:\s|$)/i.test(place) || isTimeZoneName(place) ? null : place;
}

/** A video call's link: Meet, Zoom, Teams, Webex, Whereby, Jitsi. */
const VIDEO_LINK =
  /https?:\/\/(?:[\w-]+\.)*(?:meet\.google\.com|zoom\.us|teams\.microsoft\.com|teams\.live\.com|webex\.com|whereby\.com|meet\.jit\.si)\/[^\s<>)\]"]*/gi;

/**
 * "Ya quedó la llamada ... a las 10:00. Te paso el enlace de Meet: https://meet.google.com/...": a mail
 * about one meeting that gives one video link holds the meeting there. With more of either, nothing is guessed.
 */
export function withVideoLink<E extends { location: string | null; rule?: string }>(events: E[], body: string): E[] {
  if (events.length !== 1 || events[0].location || events[0].rule !== 'eventWithMeetingWord') return events;
  const links = new Set(body.match(VIDEO_LINK) ?? []);
  return links.size === 1 ? [{ ...events[0], location: [...links][0] }] : events;
}

const PLACE_NOUN =
  /(?<!\p{L})(?:room|library|gym|gymnasium|hall|office|cafeteria|auditorium|church|park|field|lobby|lounge|kitchen|studio|clubhouse|classroom|raum|saal|halle|aula|b[üu]ro|sala|oficina|biblioteca|gimnasio|salle|biblioth[èe]que|gymnase|bureau)(?!\p{L})/iu;

/** "Next review: Thursday 7 January, 10:00, Board room.": a capitalised name right after the date, or a room by its noun. */
export function placeAfter(clause: string, m: DateMention): string | null {
  const after = clause.slice(m.end).split(/[.;(]/)[0];
  const chunk = after
    .split(',')
    .map((c) => c.trim())
    .find((c) => c.length > 1);
  // "Thursday, January 7, 7pm, school library": a lower-case place is one by its noun.
  const named = /^[\p{Lu}][\p{L}'’ -]{1,40}$/u.test(chunk ?? '') || (/^[\p{L}'’ -]{3,40}$/u.test(chunk ?? '') && PLACE_NOUN.test(chunk ?? ''));
  if (!chunk || !named || chunk.split(/\s+/).length > 5 || isTimeZoneName(chunk)) return null;
  // "Thursday 10 Dec, 15:30-16:00, Teams": a call's platform alone is where it is held, as a calendar writes it.
  if (/^(?:zoom|teams|microsoft teams|google meet|webex)$/i.test(chunk)) return chunk;
  return /^(on|at|in|um|am|le|el|and|y|und|et|please|bitte|merci|gracias|thanks|zoom|teams|google meet|online)\b/i.test(chunk) ? null : chunk;
}

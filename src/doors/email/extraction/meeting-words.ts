/** The words that name a meeting or a happening, in the four languages, and the noun phrase around one. */
import { DATE_WORD } from './places.js';
import { finishTitle } from './titles.js';

export const MEETING_WORD =
  /(?<![\p{L}\d])(?:meetings?|meet|call|calls|sync|standup|stand-up|1:1|one-on-one|catch[- ]?up|coffee|lunch|dinner|breakfast|brunch|drinks|appointment|appt|conference|interview|review|demo|visits|(?<=(?:un|le|notre|petit|prochain|faire le|faire un)\s)point(?=\s*:|\s+(?:rapide|hebdo|mensuel|t[ée]l[ée]phonique|d['’][ée]quipe|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche|demain|ce|cette|la semaine|[àa]\s+\d|le\s+\d|en\s+salle|avec|\u0000))|point téléphonique|visio|por tel[ée]fono|par t[ée]l[ée]phone|au t[ée]l[ée]phone|telefonisch(?!\s+(?:besprochen|vereinbart|abgesprochen|abgestimmt|mitgeteilt|angek[üu]ndigt))|visioconférence|presentation|workshop|webinar|session|tasting|pot(?=\s+(?:de\s+(?:fin|d[ée]part|no[ëe]l|bienvenue|l['’]amiti[ée])|d['’](?:adieu|au revoir|accueil)))|degustaci[óo]n|d[ée]gustation|verkostung|weinprobe|cata de vinos|inspection|visit|tour|offsite|off-site|retreat|party|celebration|ceremony|class|training|practice|kick-?off|huddle|retro|retrospective|post-?mortem|briefing|consultation|viewing|hearing|exam|ex[áa]men(?:es)?|check-?up|walkthrough|walk-through|site walk|job walk|tech(?:nical)? check|sound ?check|dry run|run-?through|reuni[óo]n|reuniones|r[ée]unions|rencontres|junta|clase|kurs|cours de|cin[ée]|kino|movies?|s[ée]ance|llamada|cita|follow[- ]?up(?=\s*(?:meeting|call|session|:))|revisi[óo]n|chequeo|untersuchung|comida|almuerzo|cena|desayuno|visita|entrevista|termin|treffen|sitzung|telefonat|anruf|mittagessen|abendessen|rendez-vous|rdv|réunion|appel|déjeuner|dîner|entretien|visite|rencontre|day|concerts?|recitals?|festival|fair|gala|dance|prom|parade|bazaar|fundraiser|auction|picnic|potluck|barbecue|bbq|reception|open house|assembly|rehearsal|games?|match|tournament|race|trip|field trip|outing|excursion|hike|screening|exhibition|graduation|wedding|funeral|memorial|birthday|shower|concierto|fiesta|cumple|mudanza|umzug|d[ée]m[ée]nagement|feria|excursi[óo]n|salida|partido|torneo|carrera|funci[óo]n|ensayo|asamblea|mercadillo|boda|cumplea[ñn]os|graduaci[óo]n|jornada|charla|conferencia|taller|konzert|geburtstag|kaffee|ausflug|turnier|auff[üu]hrung|versammlung|sprechstunde|basar|f[üu]hrung|wanderung|vortrag|f[êe]te|spectacle|sortie|tournoi|kermesse|vernissage|exposition|soir[ée]e|assembl[ée]e|r[ée]p[ée]tition|audition|c[ée]r[ée]monie|anniversaire|mariage|conf[ée]rence|atelier|randonn[ée]e|repas|r[ée]veillon|nochebuena|nochevieja|friendsgiving|go[ûu]ter|ap[ée]ro|cenar|almorzar|desayunar|merendar|tomar (?:un|algo)|quedar|d[îi]ner ensemble|essen gehen)(?![\p{L}])|besprechung|konferenz|(?<!\p{L})(?:firma(?:r)?\s+(?:el|la|del|de la)\s+(?:nuevo\s+|nueva\s+)?(?:contrato|escritura)|sign(?:ing)?\s+(?:of\s+)?(?:the\s+)?(?:new\s+)?(?:lease|contract|closing documents|purchase agreement)|(?:vertrags)?unterzeichnung|notartermin|beurkundung|signature\s+(?:du|de l['’]|de la|des)\s+(?:nouveau\s+)?(?:bail|acte|contrat|compromis))(?!\p{L})|projekttag|sporttag|wandertag|aktionstag|schnuppertag|elternsprechtag|tag der offenen t[üu]r|\p{L}{3,}(?:feier|fest|abend|meeting|konzert|geburtstag|kaffee|ausflug|turnier|versammlung|markt|basar|sitzung|treffen|gespräch|frühstück)(?![\p{L}])|\b(scheduled|booked) for\b|(?<!\p{L})(?:grab|find|block|set aside|take)\s+(?:\d+|half an?|an?)\s+(?:minutes|mins|hours?)(?!\p{L})|(?<!\p{L})(?:se retrouv\p{L}*|nous retrouv\p{L}*|se r[ée]uni(?:ra|ront|t|ssent)|se reunir[áa]n?|tagt|on se voit|see you|nos vemos|nos veamos|nos reunamos|(?:te|le|os|les) esperamos|vernos|wir erwarten (?:sie|dich|euch)|nous vous attendons|quedamos|nos reunimos|nos juntamos|treffen uns|treffen wir uns|comit[ée] de pilotage|steering committee|sehen uns)(?!\p{L})/iu;

export function hasMeetingWord(s: string): boolean {
  return MEETING_WORD.test(s);
}

const COURSE_NOUN = /^(?:kurs|kurses|course|workshop|seminar|curso|taller|cours|atelier|stage)$/i;

const PHRASE_STOP =
  /^(en|via|par|per|por|über|auf|einen|einem|einer|the|a|an|our|your|my|their|his|her|its|this|that|of|to|in|on|at|for|with|will|is|are|be|perform|do|have|hold|upcoming|next|plays?|attend|join|el|la|los|las|un|una|nuestro|nuestra|su|sus|al|a|der|die|das|den|dem|ein|eine|einem|einer|unser|unsere|unserem|unserer|zu|zum|zur|herzlich|le|les|une|des|du|de|notre|nos|votre|vos|au|aux)$/i;

/** A one-word meeting word read only with the words beside it ("un point lundi"), tested where the word starts. */
const MEETING_WORD_AT = new RegExp(MEETING_WORD.source, 'iuy');

function needsNeighbours(words: string[], i: number): boolean {
  if (i === 0 || i + 1 >= words.length) return false;
  MEETING_WORD_AT.lastIndex = words[i - 1].length + 1;
  const m = MEETING_WORD_AT.exec(`${words[i - 1]} ${words[i]} ${words[i + 1]}`);
  return m !== null && m[0].length <= words[i].length;
}

const FOLLOWING_ADJECTIVE =
  /^(?:t[ée]l[ée]phonique|mensuel(?:le)?|hebdomadaire|annuel(?:le)?|trimestriel(?:le)?|rapide|anual|mensual|semanal|trimestral|telef[óo]nica)[,.;:!?]?$/i;

/** The noun phrase around the first meeting word: "the annual boiler and radiator inspection" -> "Annual boiler and radiator inspection". */
const MEETING_ROOM = /^\p{L}+(?:raum|räume|zimmer|saal)[,.;:!?]?$/iu;

export function meetingPhrase(text: string): string | null {
  const words = text.replace(/[()]/g, ' ').split(/\s+/).filter(Boolean);
  // "im Besprechungsraum": a room for meetings is where the event is, not what it is called.
  const at = words.findIndex((w, i) => !MEETING_ROOM.test(w) && (MEETING_WORD.test(w.replace(/[,.;:!?]+$/, '')) || needsNeighbours(words, i)));
  if (at < 0) return null;
  let from = at;
  while (from > 0 && at - from < 4 && !PHRASE_STOP.test(words[from - 1]) && !/[,.;:!?\u0000]/.test(words[from - 1])) from--;
  let to = at + 1;
  const tail = words.slice(at + 1);
  if (
    tail.length >= 2 &&
    /^(de|del|du|des|of|zur|zum)$/i.test(tail[0]) &&
    !/[,.;:!?]$/.test(words[at]) &&
    /^\p{L}[\p{L}-]{2,}[,.;:!?]?$/u.test(tail[1]) &&
    !/^(la|las|los|le|les|the|a|an|el|\u0000)$/i.test(tail[1])
  ) {
    // "reunión de cierre", "fiesta de fin de año": nouns of the same phrase, not a date or a place.
    to = at + 3;
    for (;;) {
      if (to + 1 >= words.length || to - at >= 7 || /[,.;:!?]$/.test(words[to - 1]) || !/^(de|del|du|des|of)$/i.test(words[to])) break;
      // "reunión de revisión de la renta": an article may lead the next noun of the phrase.
      const article = /^(la|las|los|el)$/i.test(words[to + 1]) && /^de$/i.test(words[to]) ? 1 : 0;
      const noun = words[to + 1 + article] ?? '';
      if (!/^\p{Ll}[\p{L}-]{2,}[,.;:!?]?$/u.test(noun) || /^(la|las|los|le|les|the|a|an|el)$/i.test(noun)) break;
      to += 2 + article;
    }
  } else if (tail.length && !/[,.;:!?]$/.test(words[at]) && /^\p{Ll}/u.test(tail[0]) && MEETING_WORD.test(tail[0].replace(/[,.;:!?]+$/, ''))) {
    // "a trampoline birthday party", "the holiday dinner party": the last noun is the head of the phrase.
    to = at + 2;
  } else if (tail.length && FOLLOWING_ADJECTIVE.test(tail[0]) && !/[,.;:!?]$/.test(words[at])) {
    // "un point téléphonique", "la reunión mensual": the adjective after the noun is the phrase's.
    to = at + 2;
  }
  // "meeting with Dr. Patel", "la reunión de cierre con el equipo de Arequipa": who it is with is part of the phrase.
  if (
    to < words.length &&
    /^(with|for|con|mit|avec|para|pour|für)$/i.test(words[to]) &&
    (to === at + 1 || /^(with|con|mit|avec)$/i.test(words[to])) &&
    !/[,.;:!?]$/.test(words[to - 1])
  ) {
    const start = to;
    to++;
    while (to < words.length && to - start < 5 && !/^(on|at|in|by|from|to|am|um|à|a|por|par|per|via|\u0000)$/i.test(words[to])) {
      to++;
      // "with Dr. Patel": a title's abbreviation is not the end of the phrase.
      if (/[,.;:!?]$/.test(words[to - 1]) && !/^(?:dr|mr|mrs|ms|prof|st|mme|mlle|sr|sra|frau|herr)\.$/i.test(words[to - 1])) break;
    }
  }
  // "zum Kurs Spanisch A2 (Kursnummer ...)", "the workshop Design Thinking": a course's name after its noun.
  if (to === at + 1 && COURSE_NOUN.test(words[at].replace(/^[ld]['’]/i, '')) && !/[,.;:!?]$/.test(words[at])) {
    while (
      to < words.length &&
      to - at <= 3 &&
      /^(?:[\p{Lu}][\p{L}-]*|[A-C][12])[,.;:!?]?$/u.test(words[to]) &&
      !DATE_WORD.test(words[to].replace(/[,.;:!?]+$/, '')) &&
      // Only words written next to each other: "(Kursnummer" is not part of the name.
      text.includes(words.slice(at, to + 1).join(' '))
    ) {
      to++;
      if (/[,.;:!?]$/.test(words[to - 1])) break;
    }
  }
  const phrase = words
    .slice(from, to)
    .join(' ')
    .replace(/\s+(el|la|le|les|der|die|das|the)$/i, '')
    .replace(/[,.;:!?]+$/, '');
  return phrase ? finishTitle(phrase, 10) : null;
}

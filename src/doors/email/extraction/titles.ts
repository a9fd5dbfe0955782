/** Turning sentences into short task and event titles. */
import { MONTH_NAME, WEEKDAY_NAME } from './month-names.js';

const LIST_MARKER = /^\s*(?:[-–*•·▪◦]|\d{1,2}[.)]|\(?\d{1,2}\)|[a-z]\)|#\d*)\s+/i;
const OWNER_PREFIX =
  /^(?:@[\w.-]+|[\p{Lu}][\p{L}.'’-]*(?:\s*(?:\+|&|and|y|und|et)\s*[\p{Lu}][\p{L}.'’-]*)+|[\p{Lu}][\p{L}.'’-]*(?:\s+[\p{Lu}][\p{L}.'’-]*){0,2}|[Ee]veryone|[Aa]ll|[Tt]eam|[Tt]odos|[Aa]lle|[Tt]ous|[Nn]ote to self|[Nn]ota|[Nn]otiz|[Rr]appel|[Tt]o-?do)\s*(?::|--|—|–)\s+/u;
const DEADLINE_ONLY =
  /^(?:due|by|before|until|no later than|deadline|bis|sp[äa]testens|f[äa]llig|frist|avant|au plus tard|d['’]ici|pour le|antes|hasta|a m[áa]s tardar|plazo|para el)(?!\p{L})/iu;
/** "By Monday, send me ...", "A más tardar el lunes mándame ...", "Bis Montag schick mir ...": the deadline said before the ask. */
export const DEADLINE_FIRST = new RegExp(
  String.raw`^(?:by|before|no later than|a m[áa]s tardar|como muy tarde|antes del?|bis(?:\s+sp[äa]testens)?|sp[äa]testens(?:\s+bis)?|d['’]ici|avant|au plus tard)\s+(?:(?:this|next|coming|el|le|la|the|am|zum|kommenden|n[äa]chsten|pr[óo]ximo|ce)\s+)*(?:(?:${WEEKDAY_NAME}|tomorrow|ma[ñn]ana|morgen|demain)(?:,?\s+(?:the\s+)?\d{1,2}(?:st|nd|rd|th|\.)?(?:\s+(?:de\s+)?(?:${MONTH_NAME}))?)?|\d{1,2}(?:st|nd|rd|th|\.)?\s+(?:de\s+)?(?:${MONTH_NAME})|(?:${MONTH_NAME})\s+\d{1,2}(?:st|nd|rd|th)?|\d{1,2}[./]\d{1,2}\.?)\s*,?\s+(?=\p{L})(?!(?:per|über|via|by|through|por|par|à|at|in|im|an|auf|mit|with|con|avec|en|to|zu|zum|zur|de|${MONTH_NAME})(?!\p{L}))`,
  'iu',
);
const LEAD_INS: RegExp[] = [
  DEADLINE_FIRST,
  // "Se convoca junta ordinaria ...", "Convocamos a la asamblea ...", "Nous convoquons ...": the meeting called, not the calling.
  /^(?:se convoca(?:n)?|(?:os |les |te |le )?convocamos|se cita|nous (?:vous )?convoquons|vous [êe]tes convoqu[ée]s?|sie sind eingeladen)\s+(?:(?:a|à)\s+)?(?:(?:la|el|los|las|le|les)\s+|l['’]\s*)?/i,
  // "Este año la cena de Navidad será ...", "This year, the party is ...": when it is said, not what.
  /^(?:this year|this time|as every year|like every year|once again|este año|como cada año|un año más|dieses jahr|wie jedes jahr|auch dieses jahr|cette année|comme chaque année)\s*,?\s+/i,
  // "Marco Bellini @you please confirm ...": a comment's author and its mention.
  /^(?:[\p{Lu}][\p{L}'’.-]*\s+){0,3}@[\w.-]+[,:]?\s+/u,
  /^(¿\s*)?(?:os|te|le|les) apetece\s+|^(?:would you like to|do you want to|want to|wanna|fancy)\s+|^(?:hast du|habt ihr|haben sie) lust,?\s+(?:zu\s+)?|^(?:ça te dit|ça vous dit|tu veux|vous voulez)\s+(?:de\s+|d['’])?/i,
  /^(would you be able to|are you (?:still )?(?:able|ok|okay|happy|good) to|any chance you could|do you mind|would it be possible (?:for you )?to|could i ask you to|can i ask you to)\s+/i,
  /^(also|and|y|und|so|otherwise|sinon|si no|sino|ansonsten|sonst|andernfalls|separately|finally|lastly|plus|oh|btw|one (last|more) thing|another thing|otra cosa|noch etwas|autre chose|before then|in the meantime|meanwhile|if possible|when you get a chance|cuando puedas|cuando pueda|wenn du zeit hast|quand tu peux|además|también|außerdem|auch|aussi|enfin|et|par ailleurs|d['’]autre part|de plus|por otro lado|por otra parte|zudem|on another note|surtout|above all|most importantly|sobre todo|ante todo|vor allem)\s*[,:;-]?\s+/i,
  /^(please|pls|plz|kindly|por favor|bitte|s'il vous plaît|svp)\s*[,:]?\s+/i,
  // "si puedes, revisa ...", "if you can, check ...": the offer of leeway leads in.
  /^(?:si\s+)?(?:puedes|puede|pueden|pod[ée]is|if you can|tu peux|vous pouvez|wenn du kannst|wenn sie k[öo]nnen)\s*,\s*/i,
  /^(can|could|would|will|won't) (you all|you guys|y'all|everyone|everybody|you|u|we|someone|somebody)( please| kindly| also| quickly)?\s+/i,
  /^would you mind\s+/i,
  /^(i|we) (will |'ll |’ll )?(also )?(need|want|would like|'d like|’d like) (you|someone) to\s+/i,
  /^(i|we) (also )?need to (have|get)\s+/i,
  /^(make sure|be sure|don't forget|do not forget|remember|ensure)( to| that you| you)?\s+/i,
  /^(?:still\s+)?(?:need|have|got) to\s+/i,
  // "For my list - also need to call ...": the forwarder's note to self says where it goes, not what.
  /^(?:for (?:my|the|our) (?:list|records|calendar|to-?do list)|note to self|memo to self|para mi lista|f[üu]r meine liste|pour ma liste)\s*[-–—:,]\s*/i,
  /^(¿\s*)?(puedes|podés|podrías|podria|podrías|puede|podría|pueden|necesito que|necesitamos que|favor de|recuerda|recuerden|recordad|no olvides|no olviden|es (?:indispensable|imprescindible|necesario))\s+/i,
  /^(können|könnten|kannst|könntest|würden|würdest) (sie|du)( bitte)?\s+/i,
  /^(pouvez|pourriez|peux|pourrais)[- ](vous|tu)\s+(?:me\s+|nous\s+|m['’])?/i,
  /^(?:est-ce qu(?:e\s+|['’]))?(?:tu|vous)\s+(?:pourrais|pourriez|peux|pouvez|voudrais|voudriez|veux|voulez)(?:\s+bien)?\s+(?:me\s+|nous\s+|m['’])?/i,
  /^(¿\s*)?(?:me|nos)\s+(?:puedes|podés|podr[íi]as|pod[ée]is|podr[íi]an|pueden|podr[íi]a|puede)\s+/i,
  /^(¿\s*)?(?:pod[ée]is|podr[íi]an|pueden|podr[íi]ais)\s+/i,
  /^(würdet|könntet|könnt) ihr( bitte)?\s+/i,
  /^(mir|uns)\s+(bitte\s+)?(?=\S+\s)/i,
  /^(vergiss|vergesst|vergessen sie)( bitte)? nicht,?\s+/i,
  /^(n['’]oublie pas d['’]|n['’]oublie pas de|no te olvides de|no os olvid[ée]is de|no se olvide de)\s*/i,
  /^(je vous rappelle(?: également| aussi)? qu(?:e\s+|['’])|nous vous rappelons(?: également| aussi)? qu(?:e\s+|['’])|we(?:'d like to)? remind you that|just a reminder that|a reminder that|le[s]? recordamos(?: también| además)? que|te recordamos(?: también| además)? que|wir erinnern (?:sie|euch|dich)(?: daran)?, dass)\s*/i,
  /^(merci de|veuillez|n'oubliez pas de|n’oubliez pas de|il faut|il faudrait( aussi| également)?|nous vous prions de|nous vous demandons de)\s+/i,
  // "Como el aforo es limitado, os pedimos que ...", "As space is limited, please ...": the reason leads in to the ask.
  /^(?:as|since|because|como|ya que|puesto que|dado que|da|weil|comme|puisque|vu que)\s[^,]{3,60},\s*(?=(?:le|les|os|te)\s+(?:rogamos|pedimos|ruego)|please|we ask|kindly|por favor|bitte|wir bitten|merci de|veuillez|nous vous (?:prions|demandons))/i,
  /^(le|les|os|te) (rogamos|pedimos|ruego) que\s+/i,
  /^(wir )?bitten (wir )?(sie|dich),?\s+/i,
];
const DETERMINERS =
  /^(the|a|an|our|your|my|this|that|el|la|los|las|un|una|su|sus|tu|tus|der|die|das|ein|eine|unser|unsere|ihr|ihre|dein|deine|le|les|une|notre|votre|ton|ta|tes)\s+/i;

export function capitalise(s: string): string {
  return s.charAt(0).toLocaleUpperCase() + s.slice(1);
}

export function stripListMarker(s: string): string {
  return s.replace(LIST_MARKER, '');
}

/** The list marker blanked out, so what is read after it keeps its offsets. */
export function blankListMarker(s: string): string {
  return s.replace(LIST_MARKER, (m) => ' '.repeat(m.length));
}

export function stripOwner(s: string): { rest: string; owner: string | null } {
  const m = OWNER_PREFIX.exec(s);
  if (!m) return { rest: s, owner: null };
  // "Umsatzsteuer-Voranmeldung November: bis 10. Dezember": when only a deadline follows the label,
  // the label names the item (German capitalises its nouns like names).
  if (DEADLINE_ONLY.test(s.slice(m[0].length))) return { rest: s, owner: null };
  return { rest: s.slice(m[0].length), owner: m[0].replace(/\s*(?::|--|—|–)\s*$/, '') };
}

/** Removes request wording ("Please", "Can you", "Bitte", "Pouvez-vous") from the start. */
export function stripLeadIns(s: string): string {
  let out = s.trim();
  for (let guard = 0; guard < 6; guard++) {
    const before = out;
    for (const re of LEAD_INS) out = out.replace(re, '');
    if (out === before) break;
  }
  return out;
}

export function stripDeterminers(s: string): string {
  let out = s.trim();
  for (let i = 0; i < 2; i++) out = out.replace(DETERMINERS, '');
  return out;
}

const MOVED_TAIL =
  /\s+(?:has been|have been|was|were|is|are|will be|wurde|wird|ist|a été|est|ha sido|se ha|queda)\s+(?:moved|rescheduled|postponed|brought forward|verschoben|verlegt|d[ée]plac[ée]e?s?|report[ée]e?s?|avanc[ée]e?s?|cambiad[ao]s?|aplazad[ao]s?|trasladad[ao]s?|adelantad[ao]s?)(?!\p{L}).*$/iu;

/** Tidies the ends of a title: trailing punctuation, dangling connectors, length. */
/** Capitals in brackets that say a file's format, a time zone or a status, not what the thing is called. */
const NOT_A_NAME = /^(?:PDF|DOCX?|XLSX?|PPTX?|CSV|JPE?G|PNG|ZIP|URL|UTC|GMT|CES?T|[ECMP][SD]?T|TB[CD]|ASAP|FYI|EOD|COB)$/;

/**
 * "Confirme-moi le nombre de personnes", "Envoyez-nous le devis": a French imperative with its pronoun
 * joined by a hyphen is written in a to-do list as the infinitive ("Confirmer le nombre de personnes").
 * Only regular -er verbs are turned (their forms end in -e or -ez); "Dis-moi" stays as it is.
 */
const FRENCH_IMPERATIVE = /^(\p{L}{3,}?)(e|ez)-(?:moi|nous|lui|leur|le|la|les)(?![\p{L}-])(?=\s+\p{L})/iu;
function frenchInfinitive(title: string): string {
  // "Tu peux t'occuper du vin": the reflexive infinitive of a to-do is "s'occuper".
  const m = FRENCH_IMPERATIVE.exec(title);
  if (!m) return title.replace(/^t['’](?=\p{L}+(?:er|ir|re)(?!\p{L}))/iu, "S'");
  const stem = m[1]
    .replace(/(?<=[ou])i$/i, 'y')
    .replace(/(?<=e)ll$/i, 'l')
    .replace(/(?<=e)tt$/i, 't')
    .replace(/è(?=\p{L}+$)/u, 'e');
  return `${stem}er${title.slice(m[0].length)}`;
}

/** "..., que je puisse commander la bûche", "so that we can order": why the ask is made is no part of its name. */
const PURPOSE_TAIL = /,?\s+(?:que je puisse|pour que|afin que|so (?:that )?(?:i|we) can|para que (?:pueda|podamos))\s.*$/iu;

export function finishTitle(s: string, maxWords = 14): string {
  let out = frenchInfinitive(s.replace(/^\s+/, ''))
    .replace(PURPOSE_TAIL, '')
    // "Le diagnostic de performance énergétique (DPE)": an acronym in brackets is how the thing is known.
    // "Book Olivia (the sitter)": a role in brackets says who the name is.
    .replace(/\s*\(([^)]*)\)\s*/g, (_m, inner: string) =>
      (/^\p{Lu}{2,6}$/u.test(inner) && !NOT_A_NAME.test(inner)) || /^(?:the|our|my|your)\s+\p{L}+$/iu.test(inner) ? ` (${inner}) ` : ' ',
    )
    .replace(/\s*\([^)]*$/, '')
    .replace(/\s+(--|—|–)\s+.*$/, '')
    .replace(/\s+/g, ' ')
    // "Buchen Sie , einen Termin": a comma left alone where a date was taken out.
    .replace(/ ,(?= )/g, '')
    // "The quarterly review has been moved from ...": the meeting, not its move.
    .replace(MOVED_TAIL, '')
    // "send any comments by close of business on Friday": the hour of the day is the due date's.
    .replace(/\s+(?:by|before)\s+(?:close|cob|eod|(?:the\s+)?end)(?:\s+of(?:\s+(?:the\s+)?(?:business|day))?)?\s*$/i, '')
    .replace(/\s+(?:wurde|wird|ist|wurden|werden)(?:\s+(?:von|vom|auf|am|nach))?\s*$/i, '')
    // "Den Entwurf der Präsentation brauche ich dann": what is needed, not who needs it.
    .replace(/\s+(?:brauche ich|brauchen wir|bräuchte ich|bräuchten wir)(?:\s+(?:dann|noch|bitte))*\s*$/i, '')
    .trim();
  out = out.replace(/^[¿¡"'“‘,;:.\s-]+/, '');
  // "10:00 h: junta de revisión": the hour's unit is left over where the hour was taken out.
  out = out.replace(/^(?:h|hrs?|uhr)\s*[:–-]\s+(?=\p{L})/iu, '');
  // Cut to length first, so the cut leaves no dangling "to" or "and" either, nor "en sus" where a place was taken out.
  const words = out.split(' ');
  if (words.length > maxWords) out = words.slice(0, maxWords).join(' ');
  for (let i = 0; i < 3; i++) {
    out = out
      .replace(/[\s,;:.!?…"'”’)-]+$/u, '')
      .replace(
        /\s+(and|or|but|so|to|for|with|at|on|in|by|the|a|of|y|o|und|oder|et|ou|le|la|el|de|del|du|des|vom|para|pour|f[üu]r|que|qui|which|a través|mediante|via|über|durch|en|al|au|aux|zum|zur|im|am|los|las|les|un|una|une|sus?|sa|son|ses|leurs?|their|our|your|my|its|mis|tus|nuestr[oa]s?|ihre[nmrs]?|seine[nmrs]?|unsere[nmrs]?)$/i,
        '',
      );
  }
  out = out.replace(/\((\p{Lu}{2,6})$/u, '($1)');
  return capitalise(out);
}

/** Words that carry meaning (not pronouns, auxiliaries or determiners). */
export function contentWordCount(s: string): number {
  const stop =
    /^(it|this|that|these|those|one|them|me|you|us|him|her|the|a|an|on|in|to|for|of|do|take|get|handle|look|care|up|at|please|thanks|ok|okay|eso|esto|es|das|dies|ça|cela|les|le|la|lui|leur|lo|los|las|le|les|sie|ihn|ihm|ihnen)$/i;
  return s.split(/[^\p{L}\p{N}'’-]+/u).filter((w) => w && !stop.test(w)).length;
}

/** A field's label that says when something is due: "Due", "Deadline", "Fecha límite", "Fällig am", "Échéance". */
export const DUE_LABEL =
  /^(?:due|due date|deadline|target date|fecha(?: l[íi]mite)?|plazo|vencimiento|f[äa]llig(?:keit| am)?|frist|[ée]ch[ée]ance|date limite)$/i;

/** "Due date: 11/Dec/26" in a tracker's notification: the subject says what is due. */
export function dueLabelTitle(title: string, subject: string): string {
  if (!DUE_LABEL.test(title) || !subject) return title;
  return finishTitle(subject.replace(/^(?:\[[^\]]*\]\s*|\([^)]*\)\s*)+/, '').replace(/\s+[-–|]\s+[^-–|]*$/, ''), 14) || title;
}

/** "¿Me mandas la lista ...?": the question's -ar verb is the to-do's infinitive ("Mandar la lista ..."). */
export function questionInfinitive(title: string): string {
  return title.replace(
    /^(?:me|nos)\s+(mand|pas|envi|env[íi]|confirm|ayud|reserv|compr)(?:[áa]s)(?!\p{L})/iu,
    (_, stem: string) => `${capitalise(stem.replace('í', 'i'))}ar`,
  );
}

/** A title that is only a pronoun ("They're", "It"): it names nothing. */
export const PRONOUN_ONLY = /^(?:they|it|this|that|these|those|they['’]re|it['’]s|sie|es|ils|elles|ellos|ellas)$/i;

/**
 * Passive and impersonal obligations titled as to-dos: "Tickets must be reserved" -> "Reserve tickets",
 * "Anträge müssen ... eingereicht werden" -> "Anträge einreichen", "los formularios deben ser
 * entregados" -> "Entregar los formularios".
 */
import nlp from 'compromise';

/** "Tickets must be reserved", "Forms need to be signed and returned": the verb of the passive, then its subject. */
const PASSIVE_EN =
  /^(.{2,60}?)\s+(?:must|need to|needs to|has to|have to|should|are to|is to)\s+be\s+([a-z]+(?:ed|en|wn|id|ne|t))(?:\s+and\s+([a-z]+(?:ed|en|wn|id|ne|t)))?\b/i;

export function passiveTitle(clause: string): string | null {
  const m = PASSIVE_EN.exec(clause.trim());
  if (!m) return null;
  const verb = (participle: string) => {
    const inf = nlp(`they ${participle}`)
      .verbs()
      .toInfinitive()
      .text()
      .replace(/^they\s+/, '');
    return inf && inf !== participle ? inf : null;
  };
  const first = verb(m[2]);
  if (!first) return null;
  const second = m[3] ? verb(m[3]) : null;
  const object = m[1].replace(/^(?:the|all|your|our|any)\s+/i, (d) => (/^(your|our)\s/i.test(d) ? d.toLowerCase() : ''));
  return `${first}${second ? ` and ${second}` : ''} ${object.charAt(0).toLowerCase()}${object.slice(1)}`;
}

/**
 * "Anträge müssen bis zum 4. Dezember beim Vorstand eingereicht werden": a German passive obligation
 * names its subject and the verb of its participle, as an infinitive ("Anträge einreichen").
 */
const DE_PASSIVE = /^(.{2,60}?)\s+(?:müssen|muss|sollen|soll|sind|ist)\b.*?\s(\p{L}+)\s+(?:werden|sein)\s*[.!]?$/iu;
const DE_SEPARABLE_PREFIX = /^(ab|an|auf|aus|bei|ein|mit|nach|vor|weg|zu|zurück|fest|her|hin|vorbei|durch|um)ge(\p{L}+)$/iu;

export function germanPassiveTitle(clause: string): string | null {
  const m = DE_PASSIVE.exec(clause.trim());
  if (!m) return null;
  const participle = m[2].toLowerCase();
  const sep = DE_SEPARABLE_PREFIX.exec(participle);
  const [prefix, stem] = sep ? [sep[1], sep[2]] : ['', participle.replace(/^ge/, '')];
  if (!/(?:t|en)$/.test(stem) || stem.length < 3) return null;
  const infinitive = `${prefix}${/en$/.test(stem) ? stem : `${stem.replace(/e?t$/, '')}en`}`;
  const subject = m[1].replace(/^(?:die|der|das|alle|ihre?|eure?)\s+/i, '');
  return `${subject.charAt(0).toUpperCase()}${subject.slice(1)} ${infinitive}`;
}

/** "Die Hausarbeit ist am Freitag abzugeben", "Die Anträge sind bis ... einzureichen": the subject and the infinitive without its "zu". */
export function germanDueTitle(clause: string): string | null {
  const m = /^(.{2,60}?)\s+(?:ist|sind)\b.*\s(ab|an|auf|aus|ein|mit|vor|zur[üu]ck|nach)zu(\p{L}{2,}en)\s*[.!]?$/iu.exec(clause.trim());
  if (!m) return null;
  const subject = m[1].replace(/^(?:die|der|das|alle|ihre?|eure?)\s+/i, '');
  return `${subject.charAt(0).toUpperCase()}${subject.slice(1)} ${m[2].toLowerCase()}${m[3]}`;
}

/**
 * "Le recordamos asimismo que", "Pablo, os recuerdo también que", "We remind you that", "Wir erinnern Sie daran, dass",
 * "je vous rappelle que": a reminder's lead-in before what is due, never its name.
 */
export const REMINDED_THAT =
  /^\s*(?:\p{L}+,\s*)?(?:(?:les|le|te|os)\s+(?:recuerdo|recordamos)|we(?:['’]d like to)?\s+remind\s+you|(?:je|nous)\s+vous\s+rappel(?:le|ons)|wir\s+erinnern\s+(?:sie|euch|dich)\s+daran,?)\s+(?:\p{L}+\s+)?(?:que|that|qu['’]|dass)\s*/iu;

/** "les dossiers doivent être déposés", "los formularios deben ser entregados": the participle's -er/-ar infinitive and its subject. */
export function romancePassiveTitle(clause: string): string | null {
  const fr = /^(.{2,60}?)\s+(?:doit|doivent|devra|devront)\s+(?:obligatoirement\s+)?être\s+(\p{L}{2,}?)(?:ée?s?)(?!\p{L})/iu.exec(clause.trim());
  const lower = (t: string) => t.replace(/^(?:les|le|la|l['’]|los|las|el|un|une|una|des)(?=\s|['’])/i, (d) => d.toLowerCase());
  if (fr) return `${fr[2]}er ${lower(fr[1].replace(REMINDED_THAT, ''))}`;
  // "la cuota ... debe estar abonada antes del 31": "estar" with the participle asks the same as "ser".
  const es = /^(.{2,160}?)\s+(?:debe|deben|deber[áa]n?|tiene que|tienen que)\s+(?:ser|estar)\s+(\p{L}{2,}?)ad[oa]s?(?!\p{L})/iu.exec(
    clause.trim().replace(REMINDED_THAT, ''),
  );
  // "el primer pago de la derrama (150 €), aprobada en junio, debe ...": the subject up to its first aside.
  if (es) return `${es[2]}ar ${lower(es[1].replace(/\s*[(,].*$/, ''))}`;
  // "la cuota debe cubrirse a más tardar el 15": the modal's reflexive infinitive, then its subject.
  const reflexive = /^(.{2,100}?)\s+(?:debe|deben|deber[áa]n?|tiene que|tienen que|ha de|han de)\s+(\p{L}{2,}?(?:ar|er|ir))se(?!\p{L})/iu.exec(
    clause.trim().replace(REMINDED_THAT, ''),
  );
  if (reflexive) return `${reflexive[2].toLowerCase()} ${lower(reflexive[1])}`;
  // "el trabajo de Historia se entrega el viernes": the reflexive passive, titled by its infinitive.
  const se = /^(.{2,60}?)\s+se\s+(entreg|present|pag|abon|envi|env[íi])an?(?!\p{L})/iu.exec(
    clause.trim().replace(/^(?:os|te|le|les)\s+recuerdo\s+que\s+|^(?:os|te|le|les)\s+recordamos\s+que\s+/i, ''),
  );
  if (se) return `${se[2].toLowerCase().replace('í', 'i')}ar ${lower(se[1])}`;
  return null;
}

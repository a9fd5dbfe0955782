/** Whether a clause opens with a verb, by its form in each language (no tagger is loaded for most). */
import type { DateContext } from './dates.js';
import { endsWithInfinitive } from './german-asks.js';
import { opensWithImperative } from './statements.js';

/**
 * The imperative mood by its form where no tagger exists: French "-ez" (Retournez, Inscrivez),
 * German "<verb>en Sie" (Senden Sie), Spanish usted/vosotros forms of the verbs requests use.
 */
const FR_IMPERATIVE =
  /^(?!chez\b|assez\b)[a-zàâçéèêëîïôûù]{3,}ez(?:-(?:nous|moi|les|le|la|vous))?\b|^[a-zàâçéèêëîïôûù]{3,}-(?:moi|nous|le|la|les|lui|leur|toi|en|y)(?![\p{L}-])/iu;
const DE_IMPERATIVE = /^[a-zäöüß]{2,}(?:en|ern|eln)\s+sie\b/i;
const ES_IMPERATIVE =
  /^(?:confirm|envi|enví|añad|prepar|incluy|compr|busc|guard|cambi|pregunt|reenv[ií]|compart|organiz|organic|coordin|contest|solicit|renov|recog|rellen|complet|firm|reserv|apunt|avis|llam|revis|mand|indic|present|abon|acompañ|cumpliment|adjunt|descarg|actualic|actualiz|realic|realiz|entregu|entreg|pagu|pag|comuniqu|comunic|vot|marqu|elij|escoj)(?:ad|en|e|a)(?:se|nos|os|me|lo|la|los|las)?(?![\p{L}])|^(?:inscrib|respond|devolv|devuelv|traig|tra|escrib|imprim|recib|le|ven)(?:id|ed|an|a|e)(?:se|nos|os|me|lo|la|los|las)?(?![\p{L}])/iu;

/** The tú form with its pronoun, stressed where it was not: "compárteme", "mándanos", "avísame", "recuérdale". */
const ES_TU_IMPERATIVE = /^(?!mi[ée]rcoles)\p{Ll}*[áéíóú]\p{Ll}*(?:me|nos|le|les)(?!\p{L})/iu;

export function imperativeMood(text: string, lang: DateContext['lang']): boolean {
  if (lang === 'fr') return FR_IMPERATIVE.test(text);
  if (lang === 'de') return DE_IMPERATIVE.test(text);
  if (lang === 'es') return ES_IMPERATIVE.test(text) || ES_TU_IMPERATIVE.test(text);
  return false;
}

const ES_INFINITIVE = /^[a-záéíóúñ]{2,}(?:ar|er|ir)(?:se|lo|la|le|los|las|les)?\b/;
const FR_INFINITIVE = /^(?:[a-zéèêàâîôûç]{2,}er|faire|prendre|rendre|remplir|fournir|choisir|envoyer)\b/;

/** A list entry that opens with a verb: compromise's imperative mood in English, the infinitive in Spanish and French. */
export function listVerb(text: string, lang: DateContext['lang']): boolean {
  if (lang === 'es') return ES_INFINITIVE.test(text);
  if (lang === 'fr') return FR_INFINITIVE.test(text);
  if (lang === 'en') return opensWithImperative(text);
  if (lang === 'de') return endsWithInfinitive(text);
  return false;
}

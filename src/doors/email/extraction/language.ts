/** Rough language guess (en/es/de/fr) from function words, to pick chrono's parser. */
export type Lang = 'en' | 'es' | 'de' | 'fr';

const MARKERS: Record<Exclude<Lang, 'en'>, RegExp> = {
  es: /(?<!\p{L})(el|los|las|que|para|por|una|con|del|su|sus|al|necesito|puedes|hola|saludos|gracias|reunión|mañana|estimado|estimada|atentamente|fecha|hora|cita|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|diciembre|lunes|martes|miércoles|jueves|viernes|sábado|domingo|será|está|desde|hasta|antes)(?!\p{L})/giu,
  de: /(?<!\p{L})(der|die|das|und|bitte|sie|ihr|ihnen|mit|nicht|ist|für|bis|uhr|wir|ich|grüßen|im|am|um|zum|zur|vom|beim|findet|statt|bei|ein|eine|einen|den|dem|januar|februar|märz|juni|juli|oktober|dezember|montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|termin)(?!\p{L})/giu,
  fr: /(?<!\p{L})(le|les|des|vous|pour|est|une|avec|merci|bonjour|nous|je|d'ici|avant|à|au|aux|sera|aura|votre|janvier|février|avril|juin|juillet|août|septembre|octobre|novembre|décembre|lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)(?!\p{L})/giu,
};
const LETTERS: Record<Exclude<Lang, 'en'>, RegExp> = { es: /[ñ¿¡]|ción(?!\p{L})/giu, de: /[äöüß]/gi, fr: /[çèêùœ]|(?<!\p{L})à(?!\p{L})/giu };
const EN =
  /\b(the|and|you|please|to|of|is|for|with|by|can|this|that|we|i|at|on|your|our|will|are|january|february|march|april|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/gi;

export function detectLanguage(text: string): Lang {
  const sample = text.slice(0, 4000);
  let best: Lang = 'en';
  let bestScore = (sample.match(EN) ?? []).length;
  for (const [lang, re] of Object.entries(MARKERS) as [Exclude<Lang, 'en'>, RegExp][]) {
    // Letters only one of the languages uses count as well: short confirmations have few function words.
    const score = (sample.match(re) ?? []).length + (sample.match(LETTERS[lang]) ?? []).length;
    if (score > bestScore * 1.2 && (score >= 3 || (score >= 2 && bestScore === 0))) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}

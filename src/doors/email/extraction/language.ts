/** Rough language guess (en/es/de/fr) from function words, to pick chrono's parser. */
export type Lang = 'en' | 'es' | 'de' | 'fr';

const MARKERS: Record<Exclude<Lang, 'en'>, RegExp> = {
  es: /\b(el|los|las|que|para|por|una|con|del|su|sus|al|necesito|puedes|hola|saludos|gracias|reunión|mañana|estimado|estimada|atentamente|fecha|hora|cita)\b/gi,
  de: /\b(der|die|das|und|bitte|sie|ihr|ihnen|mit|nicht|ist|für|bis|uhr|wir|ich|grüßen)\b/gi,
  fr: /\b(le|les|des|vous|pour|est|une|avec|merci|bonjour|nous|je|d'ici|avant|à)\b/gi,
};
const LETTERS: Record<Exclude<Lang, 'en'>, RegExp> = { es: /[ñ¿¡]|ción\b/gi, de: /[äöüß]/gi, fr: /[çèêùœ]|\bà\b/gi };
const EN = /\b(the|and|you|please|to|of|is|for|with|by|can|this|that|we|i)\b/gi;

export function detectLanguage(text: string): Lang {
  const sample = text.slice(0, 4000);
  let best: Lang = 'en';
  let bestScore = (sample.match(EN) ?? []).length;
  for (const [lang, re] of Object.entries(MARKERS) as [Exclude<Lang, 'en'>, RegExp][]) {
    // Letters only one of the languages uses count as well: short confirmations have few function words.
    const score = (sample.match(re) ?? []).length + (sample.match(LETTERS[lang]) ?? []).length;
    if (score > bestScore * 1.2 && score >= 3) {
      best = lang;
      bestScore = score;
    }
  }
  return best;
}

import { CONFIDENCE } from './confidence.js';
import { mentionStartMs, type DateContext, type DateMention } from './dates.js';
import { finishTitle } from './titles.js';

const AMOUNT = String.raw`(?:[$€£]\s?\d+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?\s?(?:€|\$|£|euros?|eur|dollars?|usd)(?!\p{L}))`;

/**
 * "We're also collecting $15 per family for the coaches' gift", "Wir sammeln 10 € pro Kind für das
 * Abschiedsgeschenk", "Estamos juntando 10 € por familia para el regalo", "Nous collectons 5 € par enfant
 * pour le cadeau": a collection among the readers asks each of them for their share, whatever way to pay follows.
 */
const COLLECTING = new RegExp(
  String.raw`(?<!\p{L})(?:(?:we|i)(?:['’]re|\s+are|['’]m|\s+am)\s+(?:also\s+)?(?:collecting|pooling)|(?:wir\s+)?sammeln(?:\s+wir)?|(?:estamos\s+)?(?:juntando|recolectando|recogiendo|reuniendo)|(?:nous\s+)?collectons|on\s+(?:collecte|r[ée]colte))\s+(?:(?:auch|noch|aussi|tambi[ée]n)\s+)?(${AMOUNT})(?:\s+(?:per|a|each|pro|por|par)\s+\p{L}+)?\s+(for|für|para|pour)\s+((?:(?:Mr|Ms|Mrs|Dr|Sra?|Mme|Hr|Fr)\.|[^.;!?\n]){3,60}?)(?=\s+[-–—]\s|\s*(?:[.;,!?(]|$|\s(?:by|bis|antes|avant|when|wenn|cuando|quand|via|über|por|par)\s))`,
  'iu',
);

const PAY: Record<string, (amount: string, purpose: string) => string> = {
  en: (amount, purpose) => `Pay ${amount} for ${purpose}`,
  es: (amount, purpose) => `Pagar ${amount} para ${purpose}`,
  de: (amount, purpose) => `${amount} für ${purpose} zahlen`,
  fr: (amount, purpose) => `Payer ${amount} pour ${purpose}`,
};

/** The share to pay, dated only by a deadline the clause gives. */
export function collectionTask(clause: string, due: DateMention | null, deadline: boolean, ctx: DateContext) {
  const m = COLLECTING.exec(clause);
  if (!m) return null;
  const dated = due && deadline ? due : null;
  return {
    kind: 'request' as const,
    title: finishTitle((PAY[ctx.lang] ?? PAY.en)(m[1].trim(), m[3].trim()), 14),
    excerpt: clause.trim(),
    dueMs: dated ? mentionStartMs({ ...dated, hasTime: dated.hasTime && !dated.endOfDay }, ctx, true) : null,
    dueIsExact: dated ? dated.hasTime && !dated.endOfDay : false,
    confidence: dated ? CONFIDENCE.requestWithDate : CONFIDENCE.requestWithoutDate,
    rule: dated ? ('requestWithDate' as const) : ('requestWithoutDate' as const),
  };
}

/**
 * A bill told by its due day ("Amount due ... due by December 30", "La factura vence el 10"): the
 * ask to pay it, named by the bill the subject or the sentence names.
 */
import type { ClauseInfo, TextTask } from './action-items.js';
import { CONFIDENCE } from './confidence.js';
import { mentionStartMs, type DateContext, type DateMention } from './dates.js';
import { REMINDED_THAT } from './passive-titles.js';
import { finishTitle } from './titles.js';

export const PAYMENT =
  /\b(invoice|bill|payment|amount due|balance|rent|fee|premium|factura|pago|expensas|cuotas?|alquiler|rechnung|zahlung|hausgeld|miete|beitr[äa]ge?|facture|paiement|loyer|cotisations?)\b/i;
const BILL_NOUN = /\b(?:statement|bill|invoice|estado de cuenta|recibo|factura|abrechnung|rechnung|relev[ée]|facture|avis d['’][ée]ch[ée]ance)\b/i;
/** Saying when something is due: "is due", "fällig", "vence", "à régler", and "se entrega", "ist abzugeben", "est à rendre" (handed in then). */
export const DUE_STATEMENT =
  /\b(due|payable|fällig|vencen?|vencimiento|échéance|à régler|se entregan?|se presentan?|abzugeben|einzureichen|(?:est|sont) à (?:rendre|remettre))\b/i;

/** "Amount due ... due by December 30": a bill to pay by that date. */
export function paymentTask(info: ClauseInfo, due: DateMention, ctx: DateContext): TextTask {
  const fromClause = finishTitle(info.clause.slice(0, due.index).replace(REMINDED_THAT, '').replace(DUE_STATEMENT, ' '), 10);
  // "Payment due date: 12/28/2026" names no bill; the subject does ("Your statement is ready").
  const bare = !fromClause
    .replace(/\b(?:payment|amount|minimum|date|due|pago|fecha|zahlung|datum|paiement|date|of|is|de|es|ist|est|von)\b/gi, '')
    .replace(/[$€£]\s?[\d.,]+|[\d.,]+\s?(?:€|eur|usd|gbp)\b/gi, '')
    .trim();
  const what = info.subject && (PAYMENT.test(info.subject) || (bare && BILL_NOUN.test(info.subject))) ? info.subject : fromClause;
  return {
    kind: 'payment',
    title: payTitle(what),
    excerpt: info.clause.trim(),
    dueMs: mentionStartMs({ ...due, hasTime: due.hasTime && !due.endOfDay }, ctx, true),
    dueIsExact: due.hasTime,
    confidence: CONFIDENCE.paymentDue,
    rule: 'paymentDue',
  };
}

/** "Pay December statement" from "Your December statement is ready": the ask to pay what a bill's words name. */
export function payTitle(bill: string): string {
  const what = bill
    .replace(/^(?:your|the|this|tu|su|sus|ihre?|votre|vos|la|le|les|el|los|las|die|der|das)\s+/i, '')
    .replace(/\s+(?:is (?:ready|available|now available|due)|est disponible|ya está disponible|ist verfügbar|of\s+[$€£]?\s?\d.*)$/i, '')
    .replace(/\s+(?:reminder|notice|recordatorio|aviso|erinnerung|hinweis|rappel|avis)$/i, '')
    .replace(/\s+(?:is|are|es|son|ist|sind|est|sont)$/i, '');
  return finishTitle(`Pay ${what.replace(/^pay\s+/i, '')}`, 14);
}

/**
 * A bill's payment ask says only what to do with the money ("Überweisen Sie den Betrag", "Merci de
 * régler ce montant", "Please transfer the amount due"): the document it pays is named in the
 * subject or the opening lines (an invoice, a Rechnung, a facture, a factura), and a task that does
 * not say which bill it pays is not findable in a list. The document's name, with its number when
 * one follows, goes in front of the ask.
 */
import { capitalise, finishTitle } from './titles.js';

const PAY_VERB =
  /(?<!\p{L})(?:pay|settle|transfer|remit|wire|[üu]berweis\p{L}*|bezahl\p{L}*|zahlen|begleich\p{L}*|r[ée]gl\p{L}*|payer|virement|pag(?:ar|ue|uen|o)|abon(?:ar|e|en)|ingres(?:ar|e)|transf[ée]r\p{L}*)(?!\p{L})/iu;
const BILL =
  /(?<!\p{L})(invoice|bill|rechnung|facture|factura|recibo|quittance)(?:\s+(?:n[°º.]?|nr\.?|no\.?|number|num[ée]ro|#)\s*([\w/-]*\d[\w/-]*))?(?!\p{L})/iu;

export function namedByBill<T extends { title: string }>(tasks: T[], subject: string, body: string): T[] {
  if (!tasks.some((t) => PAY_VERB.test(t.title) && !BILL.test(t.title))) return tasks;
  const bill = BILL.exec(subject) ?? BILL.exec(body.slice(0, 800));
  if (!bill) return tasks;
  const name = capitalise(bill[2] ? `${bill[1].toLowerCase()} ${bill[0].slice(bill[1].length).trim()}` : bill[1].toLowerCase());
  return tasks.map((t) => (PAY_VERB.test(t.title) && !BILL.test(t.title) ? { ...t, title: finishTitle(`${name}: ${t.title}`, 14) } : t));
}

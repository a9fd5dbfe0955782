/** German tells what a group will do by its verb and "wir", not by a meeting noun. */
import type { DateMention } from './dates.js';
import { finishTitle } from './titles.js';

/**
 * "am Mittwoch backen wir ab 15 Uhr Plätzchen", "wir grillen am Samstag": German tells a shared
 * activity with "wir" and a verb next to it; the nouns after it and the infinitive name it.
 */
const DE_WE_ACTIVITY = /(?:^|\s)(?:([a-zäöüß]{3,}(?:en|ern|eln))\s+wir|wir\s+([a-zäöüß]{3,}(?:en|ern|eln)))\b(.*)$/;
const DE_NOT_ACTIVITY =
  /^(?:haben|sind|werden|können|müssen|sollen|wollen|möchten|dürfen|brauchen|bitten|freuen|hoffen|laden|danken|informieren|suchen|benötigen|wissen|sehen|geben|bieten|gehen|treffen)$/;

/**
 * "Die Erstmusterprüfung würden wir gern am Mittwoch um 10 Uhr bei uns machen", "Das Kickoff wollen wir
 * am Montag durchführen": the object put first, a modal and "wir", the doing verb last. The object names it.
 */
const DE_FRONTED =
  /^(?:[Dd]ie|[Dd]en|[Dd]as)\s+(\p{Lu}[\p{L}-]{3,})\s+(?:würden|möchten|wollen|werden|könnten|können)\s+wir\b.*\s(?:machen|durchführen|abhalten|veranstalten|feiern|besprechen|vornehmen|ansetzen|einplanen|starten)\s*(?:\([^)]*\))?\s*[.!]?$/u;

export function germanActivity(clause: string, mentions: DateMention[]): string | null {
  const fronted = DE_FRONTED.exec(clause.trim());
  if (fronted) return fronted[1];
  const m = DE_WE_ACTIVITY.exec(clause);
  const verb = m?.[1] ?? m?.[2];
  if (!m || !verb || DE_NOT_ACTIVITY.test(verb)) return null;
  let rest = m[3];
  for (const x of mentions) rest = rest.replace(x.text, ' ');
  rest = rest.replace(/(?:^|\s)(?:ab|um|von|bis|gegen)\s+\d{1,2}(?:[.:]\d{2})?(?:\s*uhr)?(?=\s|[.,]|$)/gi, ' ');
  // The object: the nouns (capitalised in German) before a place or time preposition.
  const head = rest.split(/\s(?:in|im|am|auf|bei|an|ab|um|von|vom|zu|zum|zur|mit|für|nach)\s/)[0] ?? '';
  const nouns = head.match(/\p{Lu}[\p{L}-]+/gu) ?? [];
  if (!nouns.length || nouns.length > 3) return null;
  return finishTitle(`${nouns.join(' ')} ${verb}`, 8);
}

/**
 * A task's title from the words of its clause: the deadline phrase, the reason or manner after the
 * errand ("so we can order", "via the portal"), links and trailing day words taken out.
 */
import type { DateMention } from './dates.js';
import { POINTS_AT_DAY } from './deadline-mention.js';
import { finishTitle } from './titles.js';

const DEADLINE_TAIL = new RegExp(
  String.raw`\b(by|before|due|until|till|no later than|para el|para|antes del?|a más tardar|hasta|bis( zum)?|spätestens|d['’]ici( le)?|avant( le| la)?|au plus tard|pour le|jusqu['’]au|jusqu['’]à)\s*(the|el|le|la|am|zum)?\s*${POINTS_AT_DAY}$`,
  'i',
);

/** The reason or the manner after the errand ("so we can order", "because ...", "which ..."), cut from its title. */
const WHY_TAIL_WORDS = String.raw`so (that )?(we|i|you|they|he|she|it)|so we can|because|since|as soon as|once|if possible|when you|whenever|before (the|we|you|i)\b|to make sure|to ensure|to avoid|pour [ée]viter|para evitar|damit|para que|pour que|afin de|si no|sinon|otherwise|or else|andernfalls|ansonsten|de lo contrario|faute de quoi`;
const WHY_TAIL = new RegExp(String.raw`[,;]?\s+(${WHY_TAIL_WORDS}|which)\b.*$`, 'i');
const WHY_TAIL_OF_ANSWER = new RegExp(String.raw`[,;]?\s+(${WHY_TAIL_WORDS})\b.*$`, 'i');

/** Title from a request: lead-ins and the deadline phrase removed. */
export function taskTitle(body: string, due: DateMention | null, offsetInBody: number, keepCondition = false): string {
  let t = body;
  if (due) {
    const idx = due.index - offsetInBody;
    // "am Samstag beim Umzug helfen", "On Friday, bring the forms": a leading day is not part of the errand.
    const leading = idx >= 0 && /^\s*(?:am|on|le|el|this|next|ce|este|diesen)?\s*$/i.test(t.slice(0, idx));
    if (leading) {
      const tail = t.slice(idx + (due.end - due.index)).replace(/^\s*[,;:]?\s*/, '');
      if (tail.trim().length >= 3) t = tail;
    } else if (idx > 0) {
      const head = t.slice(0, idx).replace(DEADLINE_TAIL, '');
      const tail = t.slice(idx + (due.end - due.index));
      // "before Thursday's review": the possessive belongs to the day, not to the errand.
      const cut = /^\s*[,;]?\s*(so|to|because|since|as|and|which|que|damit|pour|afin)\b|^['’]s\s/i.test(tail) && !(keepCondition && /^\s*which\b/i.test(tail));
      t = cut || tail.trim().length < 3 ? head : `${head} ${tail}`;
    }
  }
  t = t.replace(/\s*\((?:due|by|para|bis|avant)[^)]*\)/gi, '');
  // "Let me know if you have dietary restrictions": what is to be told is in the condition.
  if (!keepCondition) t = t.replace(/[,;]?\s+if (?:you|possible)\b.*$/i, '');
  // "Let me know by Sunday which piece your child will play": what is to be told, not a relative clause.
  t = t.replace(keepCondition ? WHY_TAIL_OF_ANSWER : WHY_TAIL, '');
  // "submit it through the portal": how, not what; but "run through the checklist" is the errand's verb.
  t = t.replace(
    /(?<!^\s*(?:run|go|read|look|walk|work|talk|sort|skim|comb|flip|get|sit|click|page|scroll))\s+(via|using|through|with the form|using my)\b.*$/i,
    '',
  );
  t = t.replace(/[:]\s*https?:\/\/\S+.*$/i, '').replace(/https?:\/\/\S+/g, '');
  // "register at gardenclub.example.org/wreath": the address is how, not what.
  t = t.replace(/\s+(?:at|on|via|unter|sur|en|auf)\s+(?:www\.)?[\w-]+(?:\.[\w-]+)+(?:\/\S*)?/gi, '');
  // "Spaces are limited: register ...": a statement before the colon is no part of the ask.
  t = t.replace(/^[^:]{3,60}\s(?:is|are|ist|sind|est|sont|es|son)\s[^:]{1,30}:\s+(?=\p{L})/iu, '');
  t = t.replace(/\s+(tomorrow|today|tonight|tmrw|this week|next week|asap|eod|cob|mañana|hoy|heute|morgen|demain|aujourd'hui)\b\s*[?.!]*$/i, '');
  t = t.replace(/\s*[?¿!]+\s*$/, '');
  return finishTitle(t, 14);
}

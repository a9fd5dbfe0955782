/**
 * "Let me know by Friday", "Avísame antes del domingo", "Sag mir bis Freitag Bescheid": in a person's
 * mail, a bare ask for an answer is a to-do to answer its writer, and the list names whom
 * ("Let Aaron know"), as the reader would write it down. "Let us know" names the writer's company
 * ("Let Ledgerly know") the same way.
 */
import type { TextTask } from './action-items.js';
import { finishTitle } from './titles.js';

const BARE_REPLY: Record<string, RegExp> = {
  en: /^(?:please\s+)?(?:let (?:me|us) know|get back to (?:me|us))(?=\s*(?:if|whether|$))(.*)$/iu,
  es: /^(?:por favor,?\s+)?(?:av[íi]s(?:ame|anos)|d[íi]me algo|dime|d[íi]nos|cont[ée]stame|escr[íi]be(?:me|nos))(?=\s*(?:si|$))(.*)$/iu,
  de: /^(?:bitte\s+)?(?:sag|gib)\s+(?:mir|uns)(?:\s+bitte)?\s+bescheid(?=\s*(?:ob|$))(.*)$/iu,
  fr: /^(?:merci de me (?:dire|r[ée]pondre)|dis-moi|dites-moi|tiens-moi au courant|fais-moi signe)(?=\s*(?:si|$))(.*)$/iu,
};
const SAID: Record<string, (name: string, rest: string) => string> = {
  en: (name, rest) => `Let ${name} know${rest}`,
  es: (name, rest) => `Avisar a ${name}${rest}`,
  de: (name, rest) => `${name} Bescheid geben${rest}`,
  fr: (name, rest) => `Répondre à ${name}${rest}`,
};
/** A person's display name, or a company's first word: up to three capitalised words, not opening with an article. */
const PERSON = /^(?!(?:The|Die|Der|Das|La|Le|Les|El|Los|Las|Team|Your|Our|Mi|Ma|Mon)\s)(\p{Lu}\p{Ll}+)(?:\s+\p{Lu}[\p{L}'’.-]*){0,2}$/u;

/** A company's sender name ("Ledgerly Billing", "Brightline Insurance"): "us" is the company, not one person. */
const COMPANY =
  /(?<!\p{L})(?:billing|team|support|service|services|insurance|bank|inc|llc|ltd|gmbh|customer|care|accounts?|office|club|company|management|properties|kundenservice|atenci[óo]n|clientes|service client)(?!\p{L})/iu;
/** "Let us know", "Avísanos", "Gebt uns Bescheid": asked for by a "we". */
const ASKS_FOR_US = /(?<!\p{L})(?:us|nos|uns|nous)(?!\p{L})|av[íi]sanos|d[íi]nos|escr[íi]benos/iu;

export function repliedToWriter(tasks: TextTask[], sender: string | null): TextTask[] {
  const name = sender ? PERSON.exec(sender.trim())?.[1] : undefined;
  if (!name) return tasks;
  const company = COMPANY.test(sender ?? '');
  return tasks.map((t) => {
    // A person's "let us know" speaks for a school or a family: only a company's names whom to answer.
    if (ASKS_FOR_US.test(t.title.split(/:\s/)[0]) && !company) return t;
    for (const [lang, pattern] of Object.entries(BARE_REPLY)) {
      // "Avísame: Plantas": a bare ask already carries the subject line; it stays after the writer's name.
      const [ask, topic] = t.title.trim().split(/(?=:\s)/);
      const m = pattern.exec(ask);
      if (m) return { ...t, title: finishTitle(`${SAID[lang](name, m[1].replace(/[.!]+$/, ''))}${topic ?? ''}`, 16) };
    }
    return t;
  });
}

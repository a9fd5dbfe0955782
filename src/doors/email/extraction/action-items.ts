/** Requests and to-do entries in text -> tasks with due dates. */
import { CONFIDENCE } from './confidence.js';
import { findDates, mentionStartMs, type DateContext, type DateMention } from './dates.js';
import { isDeadlineMention } from './meetings.js';
import { contentWordCount, finishTitle, stripLeadIns, stripListMarker, stripOwner } from './titles.js';

export const ACTION_HEADING =
  /^\s*(?:\*\*)?(action items?|action points?|actions|next steps|to-?dos?|to do|tasks|follow[- ]?ups?|open items|acciones|pendientes|tareas|próximos pasos|siguientes pasos|aufgaben|to-?do-?liste|nächste schritte|maßnahmen|actions à mener|prochaines étapes|à faire|tâches)\b[^.!?]{0,60}:?\s*(?:\*\*)?$/i;

const REQUEST =
  /\b(please|pls|kindly|can you|could you|would you|will you|would you mind|can we get|i need you to|i('ll|’ll| will)? (also )?need (you|the|your|a|an)|we need (you|the|your)|we'd like|we’d like|i'd like you|make sure|be sure to|don't forget|do not forget|remember to|por favor|puedes|podrías|podria|necesito que|favor de|no olvides|bitte|können sie|könnten sie|kannst du|könntest du|denken sie|pouvez-vous|pourriez-vous|peux-tu|merci de|veuillez|n['’]oubliez pas|il faut)\b/i;
const IMPERATIVE =
  /^(send|email|mail|call|ring|text|review|read|check|confirm|book|reserve|schedule|set up|setup|arrange|organi[sz]e|prepare|draft|write|update|fix|ship|deploy|submit|upload|download|fill( out| in)?|complete|finish|sign|pay|buy|order|pick up|pick|drop off|get|grab|bring|share|forward|reply|respond|follow up|reach out|contact|ask|invite|approve|renew|cancel|register|sign up|finali[sz]e|migrate|move|clean|file|print|scan|return|collect|deliver|test|load test|document|plan|create|add|remove|merge|install|configure|look into|investigate|research|find|compare|decide|agree|discuss|talk to|tell|remind|ping|loop in|circulate|publish|post|prep|gather|pull|compile|summari[sz]e|translate|attach|enviar|envía|revisar|revisa|llamar|llama|confirmar|confirma|reservar|reserva|preparar|prepara|firmar|pagar|paga|senden|schicken|prüfen|bestätigen|buchen|vorbereiten|unterschreiben|bezahlen|anrufen|envoyer|envoyez|vérifier|confirmer|réserver|préparer|signer|payer|appeler)\b/i;
const STOP_VERBS =
  /^(arrive|note|find attached|find|see|consider|notify|delete|destroy|inform|let (me|us) know|feel free|keep|be |do not hesitate|don't hesitate|ignore|disregard|enjoy|stay|have a|take care|join us|visit our|read more|learn more|view|click|tap|start your|forward this|track|rate|download the app|invite friends|reply c\b)/i;
const OWN_COMMITMENT = /^(i['’]ll|i will|i am going to|i'm going to|we['’]ll|we will|i can|i've|i have|we have|we've)\b(?!.*\bneed\b)/i;

export interface TextTask {
  title: string;
  excerpt: string;
  dueMs: number | null;
  dueIsExact: boolean;
  confidence: number;
}

function pickDue(text: string, mentions: DateMention[]): DateMention | null {
  const usable = mentions.filter((m) => m.hasDay || m.hasTime);
  const deadline = usable.find((m) => isDeadlineMention(text, m) && !m.likelyPast);
  if (deadline) return deadline;
  const future = usable.filter((m) => !m.likelyPast);
  return future.length === 1 ? future[0] : future.find((m) => m.hasDay) ?? null;
}

/** Title from a request: lead-ins and the deadline phrase removed. */
function taskTitle(body: string, due: DateMention | null, offsetInBody: number): string {
  let t = body;
  if (due) {
    const idx = due.index - offsetInBody;
    if (idx > 0) {
      const head = t.slice(0, idx).replace(/\b(by|before|due|until|till|no later than|para el|para|antes del?|a más tardar|hasta|bis( zum)?|spätestens|d['’]ici( le)?|avant( le| la)?|au plus tard|pour le)\s*(the|el|le|la|am|zum)?\s*$/i, '');
      const tail = t.slice(idx + (due.end - due.index));
      t = /^\s*[,;]?\s*(so|to|because|since|as|and|for|which|que|damit|pour|afin)\b/i.test(tail) || tail.trim().length < 3 ? head : `${head} ${tail}`;
    }
  }
  t = t.replace(/\s*\((?:due|by|para|bis|avant)[^)]*\)/gi, '');
  t = t.replace(/[,;]?\s+(so (that )?(we|i|you|they|he|she|it)|so we can|because|since|as soon as|once|if (you|possible)|when you|whenever|before (the|we|you|i)\b|to make sure|to ensure|which|damit|para que|pour que|afin de|si no|sinon)\b.*$/i, '');
  t = t.replace(/\s+(via|using|through|with the form|using my)\b.*$/i, '');
  t = t.replace(/[:]\s*https?:\/\/\S+.*$/i, '').replace(/https?:\/\/\S+/g, '');
  t = t.replace(/\s+(tomorrow|today|tonight|tmrw|this week|next week|asap|eod|cob|mañana|hoy|heute|morgen|demain|aujourd'hui)\b\s*[?.!]*$/i, '');
  t = t.replace(/\s*[?¿!]+\s*$/, '');
  return finishTitle(t, 14);
}

export interface ClauseInfo {
  clause: string;
  inActionSection: boolean;
  listItem: boolean;
  bulk: boolean;
}

export function clauseTask(info: ClauseInfo, ctx: DateContext): TextTask | null {
  const raw = stripListMarker(info.clause.trim());
  if (raw.length < 6) return null;
  const { rest } = stripOwner(raw);
  const owned = rest !== raw;
  const offsetInBody = info.clause.indexOf(rest);
  const isRequest = REQUEST.test(rest);
  const stripped = stripLeadIns(rest);
  const leadOffset = rest.length - stripped.length;
  if (OWN_COMMITMENT.test(rest) && !isRequest) return null;
  if (STOP_VERBS.test(stripped)) return null;
  if (/^(no action|no rush|fyi|thanks|thank you)\b/i.test(stripped)) return null;
  const imperative = IMPERATIVE.test(stripped);
  let kind: 'section' | 'request' | 'list' | 'imperative' | null = null;
  if (info.inActionSection && (info.listItem || owned || imperative)) kind = 'section';
  else if (isRequest) kind = 'request';
  else if (imperative && (info.listItem || owned) && !info.bulk) kind = 'list';
  else if (imperative && !info.bulk) kind = 'imperative';
  if (!kind) return null;
  const mentions = findDates(info.clause, ctx);
  const due = pickDue(info.clause, mentions);
  if (info.bulk && kind !== 'section' && !due) return null;
  const title = taskTitle(stripped, due, offsetInBody + leadOffset);
  if (title.length < 3 || contentWordCount(title) < 2 && title.split(' ').length < 2) return null;
  if (contentWordCount(title) < 1) return null;
  let dueMs: number | null = null;
  let dueIsExact = false;
  if (due) {
    dueIsExact = due.hasTime && !due.endOfDay;
    dueMs = mentionStartMs({ ...due, hasTime: dueIsExact }, ctx, true);
  }
  const confidence =
    kind === 'section' ? CONFIDENCE.actionItemListEntry
    : kind === 'request' ? (due ? CONFIDENCE.requestWithDate : CONFIDENCE.requestWithoutDate)
    : kind === 'list' ? CONFIDENCE.todoListEntry
    : CONFIDENCE.todoListEntry - 0.1;
  return { title, excerpt: info.clause.trim(), dueMs, dueIsExact, confidence };
}

/** Rows of a table with an Action/Task column (and optionally a Due column). */
export function tableTasks(rows: string[], ctx: DateContext): TextTask[] | null {
  const header = rows[0].split(' | ').map((c) => c.trim().toLowerCase());
  const actionCol = header.findIndex((c) => /^(action|action item|task|item|to-?do|what|acción|tarea|aufgabe|maßnahme|action à mener|tâche|description)$/.test(c));
  if (actionCol < 0) return null;
  const dueCol = header.findIndex((c) => /^(due|due date|deadline|by|when|date|fecha|plazo|fällig|frist|termin|bis|échéance|date limite|pour le)$/.test(c));
  const tasks: TextTask[] = [];
  for (const row of rows.slice(1)) {
    const cells = row.split(' | ').map((c) => c.trim());
    const action = cells[actionCol];
    if (!action) continue;
    const dueText = dueCol >= 0 ? cells[dueCol] ?? '' : '';
    const due = dueText ? findDates(dueText, ctx).find((m) => m.hasDay) ?? null : null;
    tasks.push({
      title: finishTitle(action.replace(/\s*\([^)]*\)/g, ''), 14),
      excerpt: cells.join(' | '),
      dueMs: due ? mentionStartMs({ ...due, hasTime: due.hasTime && !due.endOfDay }, ctx, true) : null,
      dueIsExact: Boolean(due?.hasTime),
      confidence: CONFIDENCE.actionItemListEntry,
    });
  }
  return tasks;
}

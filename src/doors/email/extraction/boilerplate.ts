/** Removes signatures, disclaimers, footers and marketing buttons from a body segment. */
import { SEGMENT_BREAK } from './forwarded.js';

const SIGNATURE_DELIMITER = /^\s*(--|—|-{2,}|_{2,}|={3,}|\*{3,})\s*$/;
const DEVICE_SIGNATURE = /^\s*(sent from my|sent from outlook|get outlook for|envoy[ée] de mon|von meinem \S+ gesendet|enviado desde mi)\b/i;
const SIGN_OFF =
  /^\s*(thanks|thank you|many thanks|thanks again|thx|cheers|best|all best|best wishes|best regards|kind regards|warm regards|warmly|regards|all the best|sincerely|yours|love( you)?!*|xo+|hugs|saludos|un saludo|saludos cordiales|atentamente|gracias|mit freundlichen gr(ü|ue)(ß|ss)en|freundliche gr(ü|ue)(ß|ss)e|viele gr(ü|ue)(ß|ss)e|beste gr(ü|ue)(ß|ss)e|liebe gr(ü|ue)(ß|ss)e|gru(ß|ss)|danke|bien cordialement|cordialement|bien à vous|merci( beaucoup)?|amicalement|bisous)\b[^\n]{0,25}$/i;
const BOILERPLATE =
  /\b(unsubscribe|you are receiving|you're receiving|you received this|this (message|email|e-mail) was sent to|view (it )?in (your )?browser|manage (your )?(notification )?preferences|consider the environment|circular 230|registered in england|all rights reserved|privacy policy|view it on github|reply to this email directly)\b/i;
/**
 * Words of legal disclaimers that are also ordinary words ("sent back to the sender", "Absender",
 * "destinataire"): a paragraph is a disclaimer when two of them meet, not when a notice uses one.
 */
const DISCLAIMER_WORDS =
  /\b(confidential|intended recipient|intended solely|notify the sender|notify us|privileged|disclaimer|vertraulich|absender|adressat|destinataire|confidentiel|confidencial|destinatario)\b/gi;
/** "- Elena: get legal sign-off on the new privacy policy by Wed": a list item says a sentence; a footer's links do not. */
const LIST_ITEM_SENTENCE = /^\s*(?:[-*•]|\d{1,2}[.)])\s+\S+(?:\s+\S+){4,}/;
const isBoilerplate = (p: string) =>
  (BOILERPLATE.test(p) && !p.split('\n').some((line) => BOILERPLATE.test(line) && LIST_ITEM_SENTENCE.test(line))) ||
  new Set([...p.matchAll(DISCLAIMER_WORDS)].map((m) => m[1].toLowerCase())).size >= 2;
const URL_ONLY = /^\s*[\w\s&'’.-]{0,40}:?\s*(\[?https?:\/\/\S+\]?|<https?:\/\/\S+>)\s*$/i;
/** A sentence before the link ("Please vote in the poll by Friday: https://...") is not a bare link label. */
const isBareLink = (line: string) =>
  URL_ONLY.test(line) &&
  line
    .split(/https?:/)[0]
    .trim()
    .split(/\s+/).length <= 4;
const DEADLINE_LABEL = /(?<!\p{L})(?:by|before|until|bis(?:\s+zum)?|antes del?|hasta el|avant le)\s+\S+/iu;
const BUTTON_WITH_URL = /^[^.!?]{0,60}\[https?:\/\/[^\]]+\]\s*$/i;

/**
 * "Thanks,", "Best regards,", "Cheers, Tom": a closing, when little follows it on its line ("Thanks,
 * got the W-9." says something) and a name or nothing follows it below (more paragraphs of a
 * reply's asks may follow a "Thanks!" that opens it).
 */
function isSignOff(line: string, next: string | undefined): boolean {
  const t = line.trim();
  if (!SIGN_OFF.test(t) || t.length > 40 || (!/[,!.]$/.test(t) && t.split(/\s+/).length > 3)) return false;
  const rest = t
    .replace(SIGN_OFF_HEAD, '')
    .replace(/[\s,!.]+/g, ' ')
    .trim();
  return rest.split(' ').filter(Boolean).length <= 2 && (next === undefined || next.trim().split(/\s+/).length <= 6);
}
const SIGN_OFF_HEAD = /^\s*\p{L}+(?:\s+(?:you|regards|wishes|best|again|cordiales|freundlichen|gr(?:ü|ue)(?:ß|ss)en?|cordialement|à vous))*/iu;

function cleanSegment(segment: string): string {
  const lines = segment.split('\n');
  const out: string[] = [];
  let hasText = false;
  for (const [i, line] of lines.entries()) {
    if (SIGNATURE_DELIMITER.test(line) || DEVICE_SIGNATURE.test(line)) break;
    if (
      hasText &&
      isSignOff(
        line,
        lines.slice(i + 1).find((l) => l.trim() !== ''),
      )
    )
      break;
    if (isBareLink(line) || BUTTON_WITH_URL.test(line)) {
      // "... using this form by Friday," / "December 4: https://...": a wrapped sentence keeps the words before its link.
      // So does one cut mid-sentence ("... a través del" / "siguiente formulario: https://...").
      if (/(?:,|[\p{Ll}\d])\s*$/u.test(out[out.length - 1] ?? '')) out.push(line.split(/\[?<?https?:/)[0].replace(/[\s:]+$/, ''));
      // "RSVP by December 6: https://...": a label that sets a deadline says what to do by when.
      else if (DEADLINE_LABEL.test(line.split(/\[?<?https?:/)[0])) {
        out.push(line.split(/\[?<?https?:/)[0].replace(/[\s:]+$/, ''));
        hasText = true;
      }
      continue;
    }
    out.push(line);
    hasText ||= line.trim() !== '';
  }
  // Drop whole paragraphs of legal or list boilerplate.
  const paragraphs = out.join('\n').split(/\n\s*\n/);
  return paragraphs.filter((p) => !isBoilerplate(p)).join('\n\n');
}

/** Cleans each segment (forwarder's note, forwarded message, ...) on its own. */
export function stripBoilerplate(text: string): string[] {
  return text
    .split(SEGMENT_BREAK)
    .map(cleanSegment)
    .filter((s) => s.trim());
}

/**
 * Small HTML-to-text conversion for mail bodies: keeps paragraphs, list items and table rows
 * (cells joined with " | ") so that action-item tables stay readable line by line.
 */

const NAMED_ENTITIES: Record<string, string> = {
  nbsp: ' ',
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  ndash: '–',
  mdash: '—',
  middot: '·',
  bull: '•',
  hellip: '…',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  eacute: 'é',
  egrave: 'è',
  agrave: 'à',
  aacute: 'á',
  iacute: 'í',
  oacute: 'ó',
  uacute: 'ú',
  ntilde: 'ñ',
  uuml: 'ü',
  ouml: 'ö',
  auml: 'ä',
  Uuml: 'Ü',
  Ouml: 'Ö',
  Auml: 'Ä',
  szlig: 'ß',
  ccedil: 'ç',
  ecirc: 'ê',
  ocirc: 'ô',
  acirc: 'â',
  icirc: 'î',
  ucirc: 'û',
  zwnj: '',
  zwj: '',
  shy: '',
  times: '×',
  rarr: '→',
  larr: '←',
};

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : m;
    }
    return NAMED_ENTITIES[body] ?? NAMED_ENTITIES[body.toLowerCase()] ?? m;
  });
}

const BLOCK_TAGS = /^(p|div|br|hr|h[1-6]|ul|ol|li|table|thead|tbody|tfoot|tr|blockquote|pre|section|article|header|footer|center|dl|dt|dd)$/i;

/** A table row with no table inside it: a row of data, not of layout. */
const INNER_ROW = /<tr\b[^>]*>(?:(?!<\/?(?:tr|table)\b)[\s\S])*?<\/tr\s*>/gi;
const CELL_TEXT = /<t[dh]\b[^>]*>([\s\S]*?)<\/t[dh]\s*>/gi;
/**
 * Outlook writes every cell of a table as its own paragraph (`<td><p class="MsoNormal">Laura</p></td>`):
 * in a row of several short cells, a cell's paragraphs and breaks are spaces, so the row stays one line.
 * A single-cell or long-celled row is layout, whose paragraphs stay apart.
 */
function cellsOnOneLine(row: string): string {
  const cells = [...row.matchAll(CELL_TEXT)].map((c) => c[1].replace(/<[^>]*>/g, '').trim());
  if (cells.length < 2 || cells.some((c) => c.length > 200)) return row;
  // Lines within a cell ("Harbor View Dental<br>2218 Alki Ave SW") stay apart by a comma.
  return row.replace(/<\/(?:p|div)\s*>\s*(?=<(?:p|div)\b)|<br\s*\/?>/gi, ', ').replace(/<\/?(?:p|div)\b[^>]*>/gi, ' ');
}

export function htmlToText(html: string): string {
  let s = html
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<(head|style|script|title)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t\n]+/g, ' ');
  s = s.replace(INNER_ROW, cellsOnOneLine);
  // Tables: rows become lines, cells are separated by " | ".
  s = s.replace(/<\/t[dh]\s*>\s*(?=<t[dh][\s>])/gi, ' | ');
  s = s.replace(/<(\/?)([a-z][a-z0-9]*)\b([^>]*)>/gi, (_m, close: string, tag: string, attrs: string) => {
    const t = tag.toLowerCase();
    if (t === 'br') return '\n';
    if (t === 'li' && !close) return '\n- ';
    if (t === 'img' && !close) {
      const alt = /\balt\s*=\s*"([^"]*)"/i.exec(attrs);
      return alt ? ` ${alt[1]} ` : ' ';
    }
    if (t === 'td' || t === 'th') return ' ';
    if (BLOCK_TAGS.test(t)) return t === 'p' || t === 'table' || t === 'blockquote' ? '\n\n' : '\n';
    return '';
  });
  s = decodeEntities(s);
  const lines = s.split('\n').map((l) => l.replace(/[ \t\u00a0]+/g, ' ').trim());
  // Drop table rows/lines that are only separators, squeeze blank runs.
  const out: string[] = [];
  for (const raw of lines) {
    const l = raw.replace(/^\|\s*|\s*\|$/g, '').trim();
    if (!l && out.length && out[out.length - 1] === '') continue;
    out.push(l);
  }
  return out.join('\n').trim();
}

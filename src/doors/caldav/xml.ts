/**
 * Reading DAV request bodies (RFC 4918, 4791, 6578) with a namespace-aware parser. Elements are
 * compared by namespace URI and local name, never by prefix: clients pick their own prefixes.
 */
import { DOMParser, type Element } from '@xmldom/xmldom';

export const NS = {
  DAV: 'DAV:',
  CALDAV: 'urn:ietf:params:xml:ns:caldav',
  CS: 'http://calendarserver.org/ns/',
  APPLE: 'http://apple.com/ns/ical/',
} as const;

/** A property or element name: `{ns}local`, as in Clark notation. */
export interface QName {
  ns: string;
  name: string;
}
export const qkey = (q: QName) => `{${q.ns}}${q.name}`;

export class BadXml extends Error {}

/** Parses a request body; an empty body is null; anything not well-formed throws BadXml. */
export function parseXml(body: string | undefined): Element | null {
  if (!body?.trim()) return null;
  const problems: string[] = [];
  let doc: ReturnType<DOMParser['parseFromString']>;
  try {
    doc = new DOMParser({
      onError: (level, msg) => {
        if (level !== 'warning') problems.push(msg);
      },
    }).parseFromString(body, 'application/xml');
  } catch (err) {
    throw new BadXml((err as Error).message);
  }
  if (problems.length || !doc?.documentElement) throw new BadXml(problems[0] ?? 'no document element');
  return doc.documentElement;
}

export const is = (el: Element | null | undefined, ns: string, name: string): boolean => !!el && el.namespaceURI === ns && el.localName === name;

/** Child elements, optionally only those with this name. */
export function children(el: Element, ns?: string, name?: string): Element[] {
  const out: Element[] = [];
  for (let n = el.firstChild; n; n = n.nextSibling) {
    if (n.nodeType !== 1) continue;
    const e = n as Element;
    if (ns === undefined || (e.namespaceURI === ns && e.localName === name)) out.push(e);
  }
  return out;
}

export const child = (el: Element, ns: string, name: string): Element | null => children(el, ns, name)[0] ?? null;

export const textOf = (el: Element | null): string => (el?.textContent ?? '').trim();

export const qnameOf = (el: Element): QName => ({ ns: el.namespaceURI ?? '', name: el.localName ?? el.nodeName });

/** What a PROPFIND (or a REPORT's `<D:prop>`) asks for. */
export type PropRequest = { type: 'prop'; props: QName[] } | { type: 'allprop' } | { type: 'propname' };

export function propRequestOf(parent: Element | null): PropRequest {
  if (!parent) return { type: 'allprop' };
  const prop = child(parent, NS.DAV, 'prop');
  if (prop) return { type: 'prop', props: children(prop).map(qnameOf) };
  if (child(parent, NS.DAV, 'propname')) return { type: 'propname' };
  return { type: 'allprop' };
}

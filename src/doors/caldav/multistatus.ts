/**
 * DAV answers as XML: multistatus (207) bodies and `<D:error>` bodies with a precondition.
 * Property values are small trees so the same builder writes every property.
 */
import { create } from 'xmlbuilder2';
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js';
import { NS, type QName } from './xml.js';

export type XmlValue = string | XmlNode[] | null;
export interface XmlNode { ns: string; name: string; value?: XmlValue; attrs?: Record<string, string> }

export interface Propstat { status: number; props: Array<{ q: QName; value?: XmlValue }> }
export type DavResponse =
  | { href: string; propstats: Propstat[] }
  | { href: string; status: number };

const PREFIX: Record<string, string> = { [NS.DAV]: 'D', [NS.CALDAV]: 'C', [NS.CS]: 'CS', [NS.APPLE]: 'A' };
const REASON: Record<number, string> = { 200: 'OK', 201: 'Created', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 424: 'Failed Dependency', 507: 'Insufficient Storage' };
export const statusLine = (code: number) => `HTTP/1.1 ${code} ${REASON[code] ?? ''}`.trimEnd();

function element(parent: XMLBuilder, ns: string, name: string, extra: Map<string, string>): XMLBuilder {
  if (!ns) return parent.ele(name);
  let prefix = PREFIX[ns] ?? extra.get(ns);
  if (!prefix) {
    prefix = `x${extra.size}`;
    extra.set(ns, prefix);
  }
  return parent.ele(ns, `${prefix}:${name}`);
}

function write(parent: XMLBuilder, node: XmlNode, extra: Map<string, string>) {
  const el = element(parent, node.ns, node.name, extra);
  for (const [k, v] of Object.entries(node.attrs ?? {})) el.att(k, v);
  if (typeof node.value === 'string') el.txt(node.value);
  else if (node.value) for (const c of node.value) write(el, c, extra);
}

function root(name: string) {
  return create({ version: '1.0', encoding: 'UTF-8' }).ele(NS.DAV, `D:${name}`)
    .att('http://www.w3.org/2000/xmlns/', 'xmlns:C', NS.CALDAV)
    .att('http://www.w3.org/2000/xmlns/', 'xmlns:CS', NS.CS)
    .att('http://www.w3.org/2000/xmlns/', 'xmlns:A', NS.APPLE);
}

export function multistatus(responses: DavResponse[], extraTop: XmlNode[] = []): string {
  const doc = root('multistatus');
  const extra = new Map<string, string>();
  for (const r of responses) {
    const el = doc.ele(NS.DAV, 'D:response');
    el.ele(NS.DAV, 'D:href').txt(r.href);
    if ('status' in r) {
      el.ele(NS.DAV, 'D:status').txt(statusLine(r.status));
      continue;
    }
    for (const ps of r.propstats) {
      const p = el.ele(NS.DAV, 'D:propstat');
      const prop = p.ele(NS.DAV, 'D:prop');
      for (const { q, value } of ps.props) write(prop, { ns: q.ns, name: q.name, value }, extra);
      p.ele(NS.DAV, 'D:status').txt(statusLine(ps.status));
    }
  }
  for (const n of extraTop) write(doc, n, extra);
  return doc.end({ prettyPrint: false });
}

/** `<D:error>` naming the precondition that failed (RFC 4918 16, RFC 4791 5.3.2.1). */
export function errorBody(ns: string, name: string, message?: string): string {
  const doc = root('error');
  write(doc, { ns, name }, new Map());
  // The reason in words, in the service's own namespace (clients ignore elements they do not know).
  if (message) doc.ele('http://agendum.invalid/ns/', 'AG:message').txt(message);
  return doc.end({ prettyPrint: false });
}

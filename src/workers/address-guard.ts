/**
 * SSRF protection for webhook delivery (D18): which addresses a receiver may not have, and a DNS
 * lookup for the socket that refuses them. The lookup runs at connect time, on every attempt, so
 * the address checked is the address connected to (a name that later resolves elsewhere is caught).
 */
import dns from 'node:dns';
import net from 'node:net';

const blocked = new net.BlockList();
for (const [net4, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
  // Azure's metadata and DNS endpoint is a public address.
  ['168.63.129.16', 32],
] as const)
  blocked.addSubnet(net4, prefix, 'ipv4');
for (const [net6, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net6, prefix, 'ipv6');

/**
 * The IPv4 address inside an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6
 * address, in either notation. (Not left to BlockList: it compares IPv4 rules with mapped
 * addresses its own way, and an ::ffff:0:0/96 rule there matches every IPv4 address.)
 */
function embeddedV4(address: string): string | null {
  const m = /^(?:::ffff|64:ff9b:):(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return null;
  if (m[1]) return m[1];
  const hi = parseInt(m[2], 16);
  const lo = parseInt(m[3], 16);
  return [hi >> 8, hi & 255, lo >> 8, lo & 255].join('.');
}

/** Loopback, private, link-local (cloud metadata), shared, reserved, multicast, documentation ranges. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const v4 = embeddedV4(address.toLowerCase());
    return v4 ? isBlockedAddress(v4) : blocked.check(address, 'ipv6');
  }
  return true;
}

export class BlockedAddressError extends Error {
  readonly code = 'EWEBHOOK_BLOCKED_ADDRESS';
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`refused: ${host} resolves to ${address}, a private, loopback, link-local or metadata address`);
    this.name = 'BlockedAddressError';
  }
}

/** The host of a URL as an IP literal, or null for a name ([::1] loses its brackets). */
export function ipLiteral(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return net.isIP(host) ? host : null;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** A `lookup` for net/tls.connect that resolves as usual and refuses the connection when any answer is blocked. */
export function guardedLookup(hostname: string, options: dns.LookupOptions, callback: LookupCallback): void {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '');
    const list = addresses as dns.LookupAddress[];
    const bad = list.find((a) => isBlockedAddress(a.address));
    if (bad) return callback(new BlockedAddressError(hostname, bad.address) as unknown as NodeJS.ErrnoException, '');
    if (!list.length) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '');
    if (options.all) callback(null, list);
    else callback(null, list[0].address, list[0].family);
  });
}

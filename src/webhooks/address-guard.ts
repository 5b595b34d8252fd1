import { isIPv4, isIPv6 } from 'node:net';

/**
 * The outbound address guard of DESIGN.md §11.4: webhook requests go to public addresses only.
 * Loopback, private, CGNAT, link-local (the cloud metadata address included), unique-local,
 * multicast, broadcast, documentation and reserved ranges are refused, in IPv4, IPv6 and IPv4 inside
 * IPv6 (mapped, compatible, NAT64).
 */

/** [first octet bytes, prefix length] of the IPv4 ranges refused. */
const BLOCKED_V4: ReadonlyArray<[number[], number]> = [
  [[0, 0, 0, 0], 8], // "this network"
  [[10, 0, 0, 0], 8], // private
  [[100, 64, 0, 0], 10], // CGNAT
  [[127, 0, 0, 0], 8], // loopback
  [[169, 254, 0, 0], 16], // link-local, metadata 169.254.169.254
  [[172, 16, 0, 0], 12], // private
  [[192, 0, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2, 0], 24], // documentation
  [[192, 88, 99, 0], 24], // 6to4 relay
  [[192, 168, 0, 0], 16], // private
  [[198, 18, 0, 0], 15], // benchmarking
  [[198, 51, 100, 0], 24], // documentation
  [[203, 0, 113, 0], 24], // documentation
  [[224, 0, 0, 0], 4], // multicast
  [[240, 0, 0, 0], 4], // reserved, broadcast 255.255.255.255
];

function inPrefix(bytes: number[], prefix: number[], bits: number): boolean {
  for (let i = 0; i < prefix.length && bits > 0; i++, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if ((bytes[i]! & mask) !== (prefix[i]! & mask)) return false;
  }
  return true;
}

function v4Bytes(ip: string): number[] {
  return ip.split('.').map(Number);
}

/** 16 bytes of an IPv6 address (with an embedded dotted quad, or a zone, allowed). */
export function v6Bytes(raw: string): number[] | null {
  let ip = raw.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(ip)) return null;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(ip);
  if (dotted) {
    tail.push(...v4Bytes(dotted[1]!));
    ip = ip.slice(0, -dotted[1]!.length) + '0:0';
  }
  const [head, rest] = ip.includes('::') ? ip.split('::') : [ip, null];
  const parse = (part: string | null | undefined) => (part ? part.split(':').filter((g) => g !== '').map((g) => parseInt(g, 16)) : []);
  const h = parse(head);
  const r = rest === null ? [] : parse(rest);
  const groups = rest === null ? h : [...h, ...new Array<number>(8 - h.length - r.length).fill(0), ...r];
  if (groups.length !== 8) return null;
  const bytes = groups.flatMap((g) => [g >> 8, g & 0xff]);
  if (dotted) bytes.splice(12, 4, ...tail);
  return bytes;
}

function blockedV4(bytes: number[]): boolean {
  return BLOCKED_V4.some(([prefix, bits]) => inPrefix(bytes, prefix, bits));
}

function blockedV6(bytes: number[]): boolean {
  const zeros = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  // ::, ::1 and the deprecated IPv4-compatible ::a.b.c.d: all refused.
  if (zeros(12)) return true;
  // IPv4-mapped ::ffff:a.b.c.d and NAT64 64:ff9b::a.b.c.d: judged by the IPv4 address inside.
  if (zeros(10) && bytes[10] === 0xff && bytes[11] === 0xff) return blockedV4(bytes.slice(12));
  if (inPrefix(bytes, [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96)) return blockedV4(bytes.slice(12));
  if ((bytes[0]! & 0xfe) === 0xfc) return true; // unique-local fc00::/7
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0x80) return true; // link-local fe80::/10
  if (bytes[0] === 0xfe && (bytes[1]! & 0xc0) === 0xc0) return true; // site-local fec0::/10 (deprecated)
  if (bytes[0] === 0xff) return true; // multicast
  if (inPrefix(bytes, [0x20, 0x01, 0x0d, 0xb8], 32)) return true; // documentation
  if (inPrefix(bytes, [0x01, 0x00, 0, 0, 0, 0, 0, 0], 64)) return true; // discard-only
  return false;
}

/** Whether an IP address (v4 or v6, brackets allowed) is one webhooks may not reach. Not an IP: false. */
export function isBlockedAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '');
  if (isIPv4(ip)) return blockedV4(v4Bytes(ip));
  const bytes = v6Bytes(ip);
  return bytes !== null && blockedV6(bytes);
}

/** Whether a URL's hostname is an IP literal (v4 or bracketed v6). */
export function isIpLiteral(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '');
  return isIPv4(h) || isIPv6(h);
}

import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Which addresses a speed report may reach (issue 16 §4, DESIGN.md "Security rules"): public
 * unicast only. Loopback, private, link-local, CGNAT, multicast, reserved and documentation
 * ranges, IPv6 unique-local and site-local, and the IPv6 forms that carry an IPv4 address
 * (mapped, NAT64, 6to4, Teredo) are refused, as are the cloud metadata addresses that sit in
 * public space.
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT (also Alibaba's metadata 100.100.100.200)
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (AWS/GCP/Azure metadata 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments (Oracle metadata 192.0.0.192)
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
refused.addAddress('168.63.129.16', 'ipv4'); // Azure's wire server / metadata, in public space
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo 2001::/32 among them)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local (AWS metadata fd00:ec2::254)
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv6 one that carries it (mapped, compatible, NAT64, 6to4). */
function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address);
  if (!groups) return null;
  const v4 = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  const zeros = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  // ::ffff:a.b.c.d (mapped), ::a.b.c.d (compatible, deprecated), ::ffff:0:a.b.c.d (translated)
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return v4(groups[6]!, groups[7]!);
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return v4(groups[6]!, groups[7]!);
  // 64:ff9b::a.b.c.d and 64:ff9b:1::/48 (NAT64)
  if (groups[0] === 0x64 && groups[1] === 0xff9b) return v4(groups[6]!, groups[7]!);
  // 2002:AABB:CCDD::/48 (6to4)
  if (groups[0] === 0x2002) return v4(groups[1]!, groups[2]!);
  return null;
}

/** The eight 16-bit groups of an IPv6 address (with or without a dotted IPv4 tail). */
function expandIpv6(input: string): number[] | null {
  let address = input.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number);
    const tail = `${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`;
    address = address.slice(0, -dotted[1]!.length) + tail;
  }
  const [head, rest] = address.split('::') as [string, string | undefined];
  const left = head ? head.split(':') : [];
  const right = rest ? rest.split(':') : [];
  const missing = 8 - left.length - right.length;
  if (rest === undefined ? missing !== 0 : missing < 0) return null;
  const groups = [...left, ...Array<string>(missing).fill('0'), ...right].map((g) =>
    Number.parseInt(g || '0', 16),
  );
  return groups.length === 8 && groups.every((g) => g >= 0 && g <= 0xffff) ? groups : null;
}

/** True for an address a speed report may connect to. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !refused.check(address, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(address);
  if (inner !== null) return isPublicAddress(inner);
  if (refused.check(address, 'ipv6')) return false;
  // Only global unicast (2000::/3) is public.
  const first = expandIpv6(address)?.[0] ?? 0;
  return first >= 0x2000 && first <= 0x3fff;
}

export const notPublic = 'is not a public website';

/** Host names that are never public, whatever a resolver says. */
const privateNames = /(^|\.)(localhost|local|internal|lan|home\.arpa|localdomain)$|^metadata$/i;

export interface AddressPolicy {
  /** Hosts let through whatever they resolve to (tests and local use only). */
  allowHosts: readonly string[];
  /** The resolver (tests swap it). */
  resolve?: (host: string) => Promise<string[]>;
}

export type CheckedTarget =
  { ok: true; host: string; address: string } | { ok: false; reason: string };

const systemResolve = async (host: string): Promise<string[]> =>
  (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** The host as a resolver and an IP check want it: no brackets, no trailing dot, lower case. */
export const bareHost = (hostname: string): string =>
  hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/**
 * Resolves a host once and says whether it may be reached, with the address to connect to (the
 * caller connects to that address, never resolving again, so DNS cannot change it afterwards).
 * Every address the name resolves to must be public.
 */
export async function checkHost(hostname: string, policy: AddressPolicy): Promise<CheckedTarget> {
  const host = bareHost(hostname);
  if (!host) return { ok: false, reason: 'has no host name' };
  const allowed = policy.allowHosts.includes(host);
  if (isIP(host)) {
    return allowed || isPublicAddress(host)
      ? { ok: true, host, address: host }
      : { ok: false, reason: notPublic };
  }
  if (!allowed && (privateNames.test(host) || !host.includes('.'))) {
    return { ok: false, reason: notPublic };
  }
  let addresses: string[];
  try {
    addresses = await (policy.resolve ?? systemResolve)(host);
  } catch {
    return { ok: false, reason: 'could not be found (no DNS record)' };
  }
  if (addresses.length === 0) return { ok: false, reason: 'could not be found (no DNS record)' };
  if (!allowed && !addresses.every(isPublicAddress)) {
    return { ok: false, reason: notPublic };
  }
  return { ok: true, host, address: addresses[0]! };
}

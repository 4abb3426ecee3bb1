import { createHash, timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { MetricsConfig } from '../../config.ts';

/** An IPv4 address as an IPv6 socket reports it (::ffff:127.0.0.1) is that IPv4 address. */
const plainAddress = (ip: string) => ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');

/** METRICS_ALLOW's entries as one list to test addresses against. */
export function allowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Who may read /metrics: a caller with the token, or one whose address (the client's, through
 * TRUST_PROXY's proxies: Fastify's request.ip) is allowed. The token is compared in constant
 * time (both hashed first, so their lengths do not show either).
 */
export function metricsGate(config: MetricsConfig) {
  const allowed = allowList(config.allow);
  const token = config.token ? digest(config.token) : null;
  return (request: { ip: string; headers: { authorization?: string | undefined } }) => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
    if (token && bearer && timingSafeEqual(digest(bearer), token)) return true;
    const ip = plainAddress(request.ip);
    const type = isIP(ip);
    if (type === 0) return false;
    return allowed.check(ip, type === 6 ? 'ipv6' : 'ipv4');
  };
}

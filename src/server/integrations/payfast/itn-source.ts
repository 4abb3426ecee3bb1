import { lookup } from 'node:dns/promises';

/** PayFast's published ITN source ranges (INTEGRATIONS.md, "check"). */
const ranges = [
  '197.97.145.144/28',
  '41.74.179.192/27',
  '102.216.36.0/28',
  '102.216.36.128/28',
  '144.126.193.139/32',
];
const hosts = [
  'www.payfast.co.za',
  'sandbox.payfast.co.za',
  'w1w.payfast.co.za',
  'w2w.payfast.co.za',
];

const toNumber = (ip: string) => ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);

function inRange(ip: string, cidr: string): boolean {
  const [base, bits] = cidr.split('/') as [string, string];
  const size = 2 ** (32 - Number(bits));
  const start = toNumber(base) - (toNumber(base) % size);
  const value = toNumber(ip);
  return value >= start && value < start + size;
}

let resolved: { addresses: Set<string>; until: number } | null = null;

async function hostAddresses(): Promise<Set<string>> {
  if (resolved && resolved.until > Date.now()) return resolved.addresses;
  const found = await Promise.all(
    hosts.map((host) => lookup(host, { all: true, family: 4 }).catch(() => [])),
  );
  resolved = {
    addresses: new Set(found.flat().map((a) => a.address)),
    until: Date.now() + 3_600_000,
  };
  return resolved.addresses;
}

const ipv4 = (ip: string) => {
  const v4 = ip.replace(/^::ffff:/, '');
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(v4) ? v4 : null;
};

/** Whether an address is in PayFast's published ranges (no lookup: cheap enough for every call). */
export function isInPayfastRanges(ip: string): boolean {
  const v4 = ipv4(ip);
  return v4 !== null && ranges.some((cidr) => inRange(v4, cidr));
}

/** Whether an ITN came from PayFast: its published ranges or what its hosts resolve to. */
export async function isPayfastSource(ip: string): Promise<boolean> {
  const v4 = ipv4(ip);
  if (!v4) return false;
  if (isInPayfastRanges(v4)) return true;
  return (await hostAddresses()).has(v4);
}

import { readFileSync } from 'node:fs';

/** One of DNSimple's published HTTP fixtures (tests/fixtures/dnsimple, see its README). */
export interface DnsimpleFixture {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** How long DNSimple took to answer it (its `x-runtime`), in ms; 0 when not given. */
  runtimeMs: number;
}

const folder = new URL('../fixtures/dnsimple/', import.meta.url);
/** Hop-by-hop and length headers belong to the recorded connection, not to a replay. */
const notReplayed = new Set(['connection', 'content-length', 'status', 'transfer-encoding']);

/** Reads `name` (e.g. `registerDomain/success`) as DNSimple sent it. */
export function dnsimpleFixture(name: string): DnsimpleFixture {
  const text = readFileSync(new URL(`${name}.http`, folder), 'utf8').replace(/\r\n/g, '\n');
  const split = text.indexOf('\n\n');
  const head = (split === -1 ? text : text.slice(0, split)).split('\n');
  const body = split === -1 ? '' : text.slice(split + 2).trimEnd();
  const status = Number(/^HTTP\/[\d.]+ (\d{3})/.exec(head[0] ?? '')?.[1]);
  if (!status) throw new Error(`${name}.http has no status line`);
  const headers: Record<string, string> = {};
  for (const line of head.slice(1)) {
    const colon = line.indexOf(':');
    const key = line.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && !notReplayed.has(key)) headers[key] = line.slice(colon + 1).trim();
  }
  return {
    status,
    headers,
    body,
    runtimeMs: Math.round(Number(headers['x-runtime'] ?? 0) * 1000),
  };
}

/** The `data` of a fixture's JSON body, to build answers about other names on. */
export function dnsimpleFixtureData(name: string): Record<string, unknown> {
  return (JSON.parse(dnsimpleFixture(name).body) as { data: Record<string, unknown> }).data;
}

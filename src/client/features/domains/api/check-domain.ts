import { apiFetch } from '../../../lib/api-client.ts';

export interface DomainCheckResult {
  available: boolean;
  message: string;
  price: number;
  currency: string;
  originalPrice: number;
  premium: boolean;
  domain: string;
}

/** GET /api/domain/check (SPEC §7); a non-OK answer is the error 'HTTP {status}: {statusText}'. */
export async function checkDomain(domain: string): Promise<DomainCheckResult> {
  const response = await apiFetch('GET', `/api/domain/check?domain=${encodeURIComponent(domain)}`);
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
  return (await response.json()) as DomainCheckResult;
}

/** ZAR shows R, anything else shows $ (SPEC §3). */
export function formatDomainPrice(price: number, currency: string): string {
  return `${currency === 'ZAR' ? 'R' : '$'}${price.toFixed(2)}`;
}

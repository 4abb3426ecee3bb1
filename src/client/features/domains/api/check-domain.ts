import { domainCheckResultSchema, type DomainCheckResult } from '#shared/domain.schemas.ts';
import { apiFetch, parseAnswer } from '../../../lib/api-client.ts';

/** GET /api/domain/check (SPEC §7); a non-OK answer is the error 'HTTP {status}: {statusText}'. */
export async function checkDomain(domain: string): Promise<DomainCheckResult> {
  const url = `/api/domain/check?domain=${encodeURIComponent(domain)}`;
  const response = await apiFetch('GET', url);
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
  return parseAnswer(`GET ${url}`, response, domainCheckResultSchema);
}

/** ZAR shows R, anything else shows $ (SPEC §3). */
export function formatDomainPrice(price: number, currency: string): string {
  return `${currency === 'ZAR' ? 'R' : '$'}${price.toFixed(2)}`;
}

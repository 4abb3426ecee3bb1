import type { DomainCheckResult } from '#shared/domain.schemas.ts';
import { apiFetch, parseAnswer, schemaFrom } from '../../../lib/api-client.ts';

/** GET /api/domain/check (SPEC §7); a non-OK answer is the error 'HTTP {status}: {statusText}'. */
export async function checkDomain(domain: string): Promise<DomainCheckResult> {
  const url = `/api/domain/check?domain=${encodeURIComponent(domain)}`;
  const response = await apiFetch('GET', url);
  if (!response.ok) throw new Error(`HTTP ${response.status}: ${response.statusText}`);
  // The home page searches: its schema comes with the first answer, not with the page.
  return parseAnswer(
    `GET ${url}`,
    response,
    schemaFrom(() => import('#shared/domain.schemas.ts'), 'domainCheckResultSchema'),
  );
}

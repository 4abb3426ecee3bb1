import type { DomainCheckResult } from '#shared/domain.schemas.ts';
import { apiFetch, parseAnswer, schemaFrom } from '../../../lib/api-client.ts';

/** A failed check: SPEC §7's 'HTTP {status}: {statusText}', with the server's reason if it gave one. */
export class DomainCheckError extends Error {
  readonly reason: string | undefined;
  constructor(message: string, reason: string | undefined) {
    super(message);
    this.name = 'DomainCheckError';
    this.reason = reason;
  }
}

/** GET /api/domain/check (SPEC §7); a non-OK answer is a DomainCheckError. */
export async function checkDomain(domain: string): Promise<DomainCheckResult> {
  const url = `/api/domain/check?domain=${encodeURIComponent(domain)}`;
  const response = await apiFetch('GET', url);
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    throw new DomainCheckError(
      `HTTP ${response.status}: ${response.statusText}`,
      typeof body?.error === 'string' && body.error ? body.error : undefined,
    );
  }
  // The home page searches: its schema comes with the first answer, not with the page.
  return parseAnswer(
    `GET ${url}`,
    response,
    schemaFrom(() => import('#shared/domain.schemas.ts'), 'domainCheckResultSchema'),
  );
}

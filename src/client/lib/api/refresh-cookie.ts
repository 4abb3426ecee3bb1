import { apiRequest, nullWhenUnauthorized, schemaFrom } from '../api-client.ts';

/**
 * GET /api/cookie-refresh?_cb={timestamp} (SPEC §7), `_retry=true` on the second try: true while
 * the session lives, false once it has ended (401).
 */
export async function refreshCookie(options: { retry: boolean }): Promise<boolean> {
  const url = `/api/cookie-refresh?_cb=${Date.now()}${options.retry ? '&_retry=true' : ''}`;
  return (
    (await nullWhenUnauthorized(
      apiRequest(
        'GET',
        url,
        schemaFrom(() => import('#shared/auth.schemas.ts'), 'cookieRefreshSchema'),
      ),
    )) !== null
  );
}

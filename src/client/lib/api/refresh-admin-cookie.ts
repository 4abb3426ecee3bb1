import { apiRequest, nullWhenUnauthorized, schemaFrom } from '../api-client.ts';

/** GET /api/admin/cookie-refresh?_cb={timestamp} (SPEC §7): false once the admin session ended. */
export const refreshAdminCookie = async (): Promise<boolean> =>
  (await nullWhenUnauthorized(
    apiRequest(
      'GET',
      `/api/admin/cookie-refresh?_cb=${Date.now()}`,
      schemaFrom(() => import('#shared/auth.schemas.ts'), 'cookieRefreshSchema'),
    ),
  )) !== null;

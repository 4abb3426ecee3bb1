import { apiRequest, schemaFrom } from '../api-client.ts';

/** POST /api/admin/logout (SPEC §7): ends the administrator's session; no body. */
export const signOutAdmin = () =>
  apiRequest(
    'POST',
    '/api/admin/logout',
    schemaFrom(() => import('#shared/admin.schemas.ts'), 'adminLogoutResultSchema'),
  );

import { adminLogoutResultSchema } from '#shared/admin.schemas.ts';
import { apiRequest } from '../api-client.ts';

/** POST /api/admin/logout (SPEC §7): ends the administrator's session; no body. */
export const signOutAdmin = () => apiRequest('POST', '/api/admin/logout', adminLogoutResultSchema);

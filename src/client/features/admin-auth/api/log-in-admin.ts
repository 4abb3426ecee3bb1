import { adminLoginResultSchema, type AdminLoginInput } from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/admin/login (SPEC §7): starts an administrator session; answer: success. */
export const logInAdmin = (input: AdminLoginInput) =>
  apiRequest('POST', '/api/admin/login', adminLoginResultSchema, input);

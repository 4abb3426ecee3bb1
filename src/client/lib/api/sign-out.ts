import { apiRequest, schemaFrom } from '../api-client.ts';

/** POST /api/logout (SPEC §7): ends the customer's session. */
export const signOut = () =>
  apiRequest(
    'POST',
    '/api/logout',
    schemaFrom(() => import('#shared/auth.schemas.ts'), 'messageSchema'),
  );

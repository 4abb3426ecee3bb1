import { messageSchema } from '#shared/auth.schemas.ts';
import { apiRequest } from '../api-client.ts';

/** POST /api/logout (SPEC §7): ends the customer's session. */
export const signOut = () => apiRequest('POST', '/api/logout', messageSchema);

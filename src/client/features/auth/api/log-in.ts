import { userSchema, type LoginInput } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/login (SPEC §7): starts a session and answers with the user. */
export const logIn = (input: LoginInput) => apiRequest('POST', '/api/login', userSchema, input);

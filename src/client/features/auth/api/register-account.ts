import { userSchema, type RegisterInput } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/register (SPEC §7): creates the account, signs it in and answers with the user. */
export const registerAccount = (input: RegisterInput) =>
  apiRequest('POST', '/api/register', userSchema, input);

import {
  adminLoginResultSchema,
  type AdminAuthStatus,
  type AdminSetupInput,
} from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminAuthStatusQueryOptions } from '../../../lib/current-admin.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/** POST /api/admin/setup: the one-time link creates the first administrator and signs them in. */
export const setUpAdmin = (input: AdminSetupInput) =>
  apiRequest('POST', '/api/admin/setup', adminLoginResultSchema, input);

export const useSetUpAdmin = (
  mutationConfig?: MutationConfig<Awaited<ReturnType<typeof setUpAdmin>>, AdminSetupInput>,
) =>
  useEndpointMutation(setUpAdmin, mutationConfig, (queryClient, { admin }) => {
    const signedIn: AdminAuthStatus = { authenticated: true, admin };
    queryClient.setQueryData(adminAuthStatusQueryOptions.queryKey, signedIn);
  });

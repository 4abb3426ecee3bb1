import {
  administratorResultSchema,
  type Administrator,
  type AdministratorUpdate,
} from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { administratorsQueryOptions } from './get-administrators.ts';

type Change = { id: string } & AdministratorUpdate;

/**
 * PATCH /api/admin/administrators/{id}: a new role, permissions, or disabling / enabling the
 * account.
 */
export const updateAdministrator = ({ id, ...update }: Change) =>
  apiRequest('PATCH', `/api/admin/administrators/${id}`, administratorResultSchema, update);

export const useUpdateAdministrator = (mutationConfig?: MutationConfig<Administrator, Change>) =>
  useEndpointMutation(updateAdministrator, mutationConfig, (queryClient, changed) => {
    // The answer is the account as it now is: shown at once (a ticked box stays ticked).
    queryClient.setQueryData(
      administratorsQueryOptions.queryKey,
      (list) =>
        list && {
          ...list,
          administrators: list.administrators.map((a) => (a.id === changed.id ? changed : a)),
        },
    );
    void queryClient.invalidateQueries({ queryKey: administratorsQueryOptions.queryKey });
  });

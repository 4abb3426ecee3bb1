import { messageSchema, type DeleteAccountInput } from '#shared/auth.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { userQueryOptions } from '../../../lib/current-user.ts';
import { useEndpointMutation } from '../../../lib/react-query.ts';

/** DELETE /api/user: erases the account (POPIA); the password confirms it. */
export const deleteAccount = (input: DeleteAccountInput) =>
  apiRequest('DELETE', '/api/user', messageSchema, input);

/** Erases the account, then forgets everything cached about it. */
export const useDeleteAccount = () =>
  useEndpointMutation(deleteAccount, {}, (queryClient) => {
    queryClient.removeQueries({
      predicate: (query) => query.queryKey[0] !== userQueryOptions.queryKey[0],
    });
    queryClient.setQueryData(userQueryOptions.queryKey, null);
  });

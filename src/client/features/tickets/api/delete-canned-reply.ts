import {
  cannedReplyDeletedSchema,
  type CannedReplyDeleted,
} from '#shared/canned-replies.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { cannedRepliesQueryKey } from './get-canned-replies.ts';

/** DELETE /api/admin/canned-replies/{id}. */
export const deleteCannedReply = (id: string) =>
  apiRequest(
    'DELETE',
    `/api/admin/canned-replies/${encodeURIComponent(id)}`,
    cannedReplyDeletedSchema,
  );

export const useDeleteCannedReply = (config?: MutationConfig<CannedReplyDeleted, string>) =>
  useEndpointMutation(deleteCannedReply, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: cannedRepliesQueryKey });
  });

import {
  cannedReplySchema,
  type CannedReply,
  type CannedReplyInput,
} from '#shared/canned-replies.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { cannedRepliesQueryKey } from './get-canned-replies.ts';

interface SaveInput {
  /** The reply changed; none for a new one. */
  id?: string | undefined;
  values: CannedReplyInput;
}

/** POST /api/admin/canned-replies (a new reply) or PATCH /api/admin/canned-replies/{id}. */
export const saveCannedReply = ({ id, values }: SaveInput) =>
  id
    ? apiRequest(
        'PATCH',
        `/api/admin/canned-replies/${encodeURIComponent(id)}`,
        cannedReplySchema,
        values,
      )
    : apiRequest('POST', '/api/admin/canned-replies', cannedReplySchema, values);

export const useSaveCannedReply = (config?: MutationConfig<CannedReply, SaveInput>) =>
  useEndpointMutation(saveCannedReply, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: cannedRepliesQueryKey });
  });

import { outboxMessageSchema, type OutboxMessage } from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/**
 * POST /api/admin/outbox/{id}/open: the message with a working link (an owner, in development
 * without SMTP); each opening mints a new token and the previous link stops working.
 */
export const openOutboxMessage = (id: string) =>
  apiRequest('POST', `/api/admin/outbox/${encodeURIComponent(id)}/open`, outboxMessageSchema);

export const useOpenOutboxMessage = (mutationConfig?: MutationConfig<OutboxMessage, string>) =>
  useEndpointMutation(openOutboxMessage, mutationConfig);

import { queryOptions, useQuery } from '@tanstack/react-query';
import { outboxMessageSchema } from '#shared/admin.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/outbox/{id}: one message with its text and HTML. */
export const getOutboxMessage = (id: string) =>
  apiRequest('GET', `/api/admin/outbox/${encodeURIComponent(id)}`, outboxMessageSchema);

export const outboxMessageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin/outbox/', id],
    queryFn: () => getOutboxMessage(id),
  });

export const useOutboxMessage = (id: string) => useQuery(outboxMessageQueryOptions(id));

import { domainOrderSchema, type DomainOrder } from '#shared/domain-orders.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { domainOrderChanged } from './get-domain-order.ts';

/** POST /api/admin/domain-orders/{id}/retry: a failed registration goes back to the worker. */
export const retryDomainOrder = (id: string) =>
  apiRequest('POST', `/api/admin/domain-orders/${encodeURIComponent(id)}/retry`, domainOrderSchema);

export const useRetryDomainOrder = (mutationConfig?: MutationConfig<DomainOrder, string>) =>
  useEndpointMutation(retryDomainOrder, mutationConfig, domainOrderChanged);

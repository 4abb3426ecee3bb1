import { domainOrderSchema, type DomainOrder } from '#shared/domain-orders.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { domainOrderChanged } from './get-domain-order.ts';

/**
 * POST /api/admin/domain-orders/{id}/refund: closes an unregistered order; a paid one is refunded
 * through PayFast (the refund shows in the order book, with its credit note).
 */
export const refundDomainOrder = (id: string) =>
  apiRequest(
    'POST',
    `/api/admin/domain-orders/${encodeURIComponent(id)}/refund`,
    domainOrderSchema,
  );

export const useRefundDomainOrder = (mutationConfig?: MutationConfig<DomainOrder, string>) =>
  useEndpointMutation(refundDomainOrder, mutationConfig, domainOrderChanged);

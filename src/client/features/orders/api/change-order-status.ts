import {
  adminOrderSchema,
  type AdminOrder,
  type OrderStatusChange,
} from '#shared/orders.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminOrdersQueryKey } from './get-admin-orders.ts';

interface OrderMove {
  reference: string;
  change: OrderStatusChange;
}

/** PATCH /api/admin/orders/{reference}: moves an order on, with an optional note. */
export const changeOrderStatus = ({ reference, change }: OrderMove) =>
  apiRequest(
    'PATCH',
    `/api/admin/orders/${encodeURIComponent(reference)}`,
    adminOrderSchema,
    change,
  );

/** The order book is read again (the dashboard's figures by the page that shows both). */
export const useChangeOrderStatus = (mutationConfig?: MutationConfig<AdminOrder, OrderMove>) =>
  useEndpointMutation(changeOrderStatus, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey });
  });

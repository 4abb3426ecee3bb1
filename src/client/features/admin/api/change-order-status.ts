import {
  adminOrderSchema,
  type AdminOrder,
  type OrderStatusChange,
} from '#shared/orders.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminOrdersQueryKey } from './get-admin-orders.ts';
import { dashboardQueryOptions } from './get-dashboard.ts';

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

/** The order book and the dashboard's figures are read again. */
export const useChangeOrderStatus = (mutationConfig?: MutationConfig<AdminOrder, OrderMove>) =>
  useEndpointMutation(changeOrderStatus, mutationConfig, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey });
    void queryClient.invalidateQueries(dashboardQueryOptions);
  });

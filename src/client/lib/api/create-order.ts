import type { CreateOrderInput } from '#shared/orders.schemas.ts';
import { apiRequest, schemaFrom } from '../api-client.ts';
import type { CartItem } from '../cart.ts';

/**
 * POST /api/orders: the server prices the lines and stores the order, awaiting payment. The
 * cart's stored lines go as they are: the server checks each one.
 */
export const createOrder = (
  input: CreateOrderInput | { items: CartItem[]; cartId: string; coupon?: string | undefined },
) =>
  apiRequest(
    'POST',
    '/api/orders',
    schemaFrom(() => import('#shared/orders.schemas.ts'), 'orderSchema'),
    input,
  );

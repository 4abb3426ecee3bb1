import type { StartCardPayment } from '#shared/payments.schemas.ts';
import { apiRequest, schemaFrom } from '../api-client.ts';

/**
 * POST /api/orders/{reference}/payfast: the signed form that pays one of the caller's orders;
 * `saveCard` when the customer agreed to keep the card for renewals.
 */
export const startOrderPayment = (orderReference: string, options?: StartCardPayment) =>
  apiRequest(
    'POST',
    `/api/orders/${encodeURIComponent(orderReference)}/payfast`,
    schemaFrom(() => import('#shared/payments.schemas.ts'), 'payfastFormSchema'),
    options,
  );

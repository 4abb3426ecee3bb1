import { apiRequest, schemaFrom } from '../api-client.ts';

/** POST /api/orders/{reference}/payfast: the signed form that pays one of the caller's orders. */
export const startOrderPayment = (orderReference: string) =>
  apiRequest(
    'POST',
    `/api/orders/${encodeURIComponent(orderReference)}/payfast`,
    schemaFrom(() => import('#shared/payments.schemas.ts'), 'payfastFormSchema'),
  );

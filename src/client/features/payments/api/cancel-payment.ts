import { apiRequest, schemaFrom } from '../../../lib/api-client.ts';

/** POST /api/payments/{reference}/cancel: closes an abandoned attempt; the order stays payable. */
export const cancelPayment = (reference: string) =>
  apiRequest(
    'POST',
    `/api/payments/${encodeURIComponent(reference)}/cancel`,
    schemaFrom(() => import('#shared/payments.schemas.ts'), 'paymentCancelSchema'),
  );

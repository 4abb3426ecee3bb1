import { refundSchema, type Refund, type RefundRequest } from '#shared/payment-ledger.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { adminOrdersQueryKey } from './get-admin-orders.ts';
import { refundTermsQueryOptions } from './get-refund-terms.ts';

interface PaymentRefund {
  payment: string;
  request: RefundRequest;
}

/** POST /api/admin/payments/{reference}/refunds: gives money back through PayFast (202). */
export const refundPayment = ({ payment, request }: PaymentRefund) =>
  apiRequest(
    'POST',
    `/api/admin/payments/${encodeURIComponent(payment)}/refunds`,
    refundSchema,
    request,
  );

/**
 * The order book is read again: the refund shows as pending until PayFast has made it; what
 * PayFast allows refunding on the payment is asked again too.
 */
export const useRefundPayment = (mutationConfig?: MutationConfig<Refund, PaymentRefund>) =>
  useEndpointMutation(refundPayment, mutationConfig, (queryClient, _data, { payment }) => {
    void queryClient.invalidateQueries({ queryKey: adminOrdersQueryKey });
    void queryClient.invalidateQueries({ queryKey: refundTermsQueryOptions(payment).queryKey });
  });

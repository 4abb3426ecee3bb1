import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export interface PaymentSummary {
  reference: string;
  status: 'pending' | 'paid' | 'failed' | 'cancelled';
  amount: number;
  createdAt: string;
  paidAt: string | null;
  order: { reference: string; status: string; invoice: string | null };
}

export interface PaymentDetail extends PaymentSummary {
  method: string;
  pfPaymentId: string | null;
  items: { title: string; quantity: number; total: number }[];
  domains: { domain: string; status: string }[];
}

export const myPaymentsQueryOptions = queryOptions({
  queryKey: ['/api/payments'],
  queryFn: () => apiRequest<PaymentSummary[]>('GET', '/api/payments'),
});

export const paymentQueryOptions = (reference: string) =>
  queryOptions({
    queryKey: ['/api/payments/', reference],
    queryFn: () =>
      apiRequest<PaymentDetail>('GET', `/api/payments/${encodeURIComponent(reference)}`),
  });

export const paymentStatusText: Record<PaymentSummary['status'], string> = {
  pending: 'Waiting for payment',
  paid: 'Paid',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

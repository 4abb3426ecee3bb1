import { queryOptions, useQuery } from '@tanstack/react-query';
import { payLinkSchema } from '#shared/dunning.schemas.ts';
import { payfastFormSchema } from '#shared/payments.schemas.ts';
import { apiRequest, withQuery } from '../../../lib/api-client.ts';

/** GET /api/pay-link?token=…: what a dunning mail's link pays, for a visitor. */
export const getPayLink = (token: string) =>
  apiRequest('GET', withQuery('/api/pay-link', { token }), payLinkSchema);

export const usePayLink = (token: string) =>
  useQuery({
    ...queryOptions({ queryKey: ['/api/pay-link', token], queryFn: () => getPayLink(token) }),
    enabled: token !== '',
    retry: false,
  });

/** POST /api/pay-link/payfast: the signed PayFast form for the link's order. */
export const startPayLinkPayment = (token: string) =>
  apiRequest('POST', '/api/pay-link/payfast', payfastFormSchema, { token });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { customerCreditSchema } from '#shared/credit.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/customers/{email}/credit (owners): one customer's account credit and statement. */
export const getCustomerCredit = (email: string) =>
  apiRequest(
    'GET',
    `/api/admin/customers/${encodeURIComponent(email)}/credit`,
    customerCreditSchema,
  );

export const customerCreditQueryOptions = (email: string) =>
  queryOptions({
    queryKey: ['/api/admin/customers', email, 'credit'],
    queryFn: () => getCustomerCredit(email),
    enabled: email !== '',
    // "No such customer" is an answer, not a hiccup to try again.
    retry: false,
  });

export const useCustomerCredit = (email: string) => useQuery(customerCreditQueryOptions(email));

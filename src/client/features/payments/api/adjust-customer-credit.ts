import {
  customerCreditSchema,
  type CreditAdjustment,
  type CustomerCredit,
} from '#shared/credit.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { creditHoldersQueryOptions } from './get-credit-holders.ts';
import { customerCreditQueryOptions } from './get-customer-credit.ts';

/** POST /api/admin/credit (owners): adds credit (a positive amount) or takes it off, with why. */
export const adjustCustomerCredit = (input: CreditAdjustment) =>
  apiRequest('POST', '/api/admin/credit', customerCreditSchema, input);

/**
 * The answer is the customer's credit after the change: the lookup shows it at once, and the list
 * of customers holding credit is read again.
 */
export const useAdjustCustomerCredit = (
  mutationConfig?: MutationConfig<CustomerCredit, CreditAdjustment>,
) =>
  useEndpointMutation(adjustCustomerCredit, mutationConfig, (queryClient, credit) => {
    queryClient.setQueryData(customerCreditQueryOptions(credit.customer.email).queryKey, credit);
    void queryClient.invalidateQueries({ queryKey: creditHoldersQueryOptions.queryKey });
  });

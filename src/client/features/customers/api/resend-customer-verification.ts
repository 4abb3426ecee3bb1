import { customerMailSentSchema, type CustomerMailSent } from '#shared/admin-customers.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { customerQueryOptions } from './get-customer.ts';

/** POST /api/admin/customers/{id}/verification: mails the customer a new verification link (audited). */
export const resendCustomerVerification = (id: string) =>
  apiRequest(
    'POST',
    `/api/admin/customers/${encodeURIComponent(id)}/verification`,
    customerMailSentSchema,
  );

export const useResendCustomerVerification = (config?: MutationConfig<CustomerMailSent, string>) =>
  useEndpointMutation(resendCustomerVerification, config, (queryClient, _sent, id) => {
    void queryClient.invalidateQueries({ queryKey: customerQueryOptions(id).queryKey });
  });

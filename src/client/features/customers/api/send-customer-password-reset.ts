import { customerMailSentSchema, type CustomerMailSent } from '#shared/admin-customers.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { customerQueryOptions } from './get-customer.ts';

/** POST /api/admin/customers/{id}/password-reset: mails the customer a password-reset link (audited). */
export const sendCustomerPasswordReset = (id: string) =>
  apiRequest(
    'POST',
    `/api/admin/customers/${encodeURIComponent(id)}/password-reset`,
    customerMailSentSchema,
  );

export const useSendCustomerPasswordReset = (config?: MutationConfig<CustomerMailSent, string>) =>
  useEndpointMutation(sendCustomerPasswordReset, config, (queryClient, _sent, id) => {
    void queryClient.invalidateQueries({ queryKey: customerQueryOptions(id).queryKey });
  });

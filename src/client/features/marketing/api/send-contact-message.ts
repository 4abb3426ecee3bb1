import { messageSchema } from '#shared/auth.schemas.ts';
import type { ContactInput } from '#shared/requests.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/** POST /api/contact: the contact form, answered with a thank-you text. */
export const sendContactMessage = (input: ContactInput) =>
  apiRequest('POST', '/api/contact', messageSchema, input);

export const useSendContactMessage = (
  mutationConfig?: MutationConfig<{ message: string }, ContactInput>,
) => useEndpointMutation(sendContactMessage, mutationConfig);

import type { ContactInput } from '#shared/requests.schemas.ts';
import { apiRequest, schemaFrom } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/** POST /api/contact: the contact form, answered with a thank-you text (zod loads on sending). */
export const sendContactMessage = (input: ContactInput) =>
  apiRequest(
    'POST',
    '/api/contact',
    schemaFrom(() => import('#shared/auth.schemas.ts'), 'messageSchema'),
    input,
  );

export const useSendContactMessage = (
  mutationConfig?: MutationConfig<{ message: string }, ContactInput>,
) => useEndpointMutation(sendContactMessage, mutationConfig);

import { unsubscribedSchema } from '#shared/announcements.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/** POST /api/marketing/unsubscribe: the signed token of a marketing mail's link. */
export const unsubscribe = (token: string) =>
  apiRequest('POST', '/api/marketing/unsubscribe', unsubscribedSchema, { token });

export const useUnsubscribe = (config?: MutationConfig<{ unsubscribed: true }, string>) =>
  useEndpointMutation(unsubscribe, config);

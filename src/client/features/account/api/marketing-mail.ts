import { queryOptions, useQuery } from '@tanstack/react-query';
import { marketingMailSchema, type MarketingMail } from '#shared/announcements.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';

/** GET /api/user/marketing-mail: whether the customer gets news and offers by e-mail. */
export const getMarketingMail = () =>
  apiRequest('GET', '/api/user/marketing-mail', marketingMailSchema);

export const marketingMailQueryOptions = queryOptions({
  queryKey: ['/api/user/marketing-mail'],
  queryFn: getMarketingMail,
});

export const useMarketingMail = () => useQuery(marketingMailQueryOptions);

/** PUT /api/user/marketing-mail. */
export const setMarketingMail = (subscribed: boolean) =>
  apiRequest('PUT', '/api/user/marketing-mail', marketingMailSchema, { subscribed });

export const useSetMarketingMail = (config?: MutationConfig<MarketingMail, boolean>) =>
  useEndpointMutation(setMarketingMail, config, (queryClient, data) => {
    queryClient.setQueryData(marketingMailQueryOptions.queryKey, data);
  });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceRequest } from '#shared/requests.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const myServiceRequestsQueryOptions = queryOptions({
  queryKey: ['/api/user/service-requests'],
  queryFn: () => apiRequest<ServiceRequest[]>('GET', '/api/user/service-requests'),
});

export const useMyServiceRequests = () => useQuery(myServiceRequestsQueryOptions);

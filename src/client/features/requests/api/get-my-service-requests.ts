import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { serviceRequestSchemaOut } from '#shared/requests.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/user/service-requests: the quotes and call-backs the caller asked for. */
export const getMyServiceRequests = () =>
  apiRequest('GET', '/api/user/service-requests', z.array(serviceRequestSchemaOut));

export const myServiceRequestsQueryOptions = queryOptions({
  queryKey: ['/api/user/service-requests'],
  queryFn: getMyServiceRequests,
});

export const useMyServiceRequests = () => useQuery(myServiceRequestsQueryOptions);

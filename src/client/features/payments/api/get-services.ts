import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { serviceSchema } from '#shared/catalogue.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/services: the catalogue with its packages, priced by the server. */
export const getServices = () => apiRequest('GET', '/api/services', z.array(serviceSchema));

export const servicesQueryOptions = queryOptions({
  queryKey: ['/api/services'],
  queryFn: getServices,
});

export const useServices = () => useQuery(servicesQueryOptions);

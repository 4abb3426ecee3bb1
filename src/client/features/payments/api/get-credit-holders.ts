import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { creditHolderSchema } from '#shared/credit.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/credit (owners): the customers who hold credit, largest balance first. */
export const getCreditHolders = () =>
  apiRequest('GET', '/api/admin/credit', z.array(creditHolderSchema));

export const creditHoldersQueryOptions = queryOptions({
  queryKey: ['/api/admin/credit'],
  queryFn: getCreditHolders,
});

export const useCreditHolders = () => useQuery(creditHoldersQueryOptions);

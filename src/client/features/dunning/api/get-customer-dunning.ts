import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { dunningCaseSchema } from '#shared/dunning.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const customerDunningSchema = z.object({ items: z.array(dunningCaseSchema) });

/** GET /api/admin/customers/{id}/dunning: the customer's dunning cases with their steps. */
export const getCustomerDunning = (id: string) =>
  apiRequest(
    'GET',
    `/api/admin/customers/${encodeURIComponent(id)}/dunning`,
    customerDunningSchema,
  );

export const customerDunningQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['/api/admin/customers', 'dunning', id],
    queryFn: () => getCustomerDunning(id),
  });

export const useCustomerDunning = (id: string) => useQuery(customerDunningQueryOptions(id));

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { planSummarySchema } from '#shared/business-plans.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/business-plans: the customer's plans, most recently changed first. */
export const getMyPlans = () =>
  apiRequest('GET', '/api/business-plans', z.array(planSummarySchema));

export const myPlansQueryKey = ['/api/business-plans'];

export const myPlansQueryOptions = queryOptions({ queryKey: myPlansQueryKey, queryFn: getMyPlans });

export const useMyPlans = () => useQuery(myPlansQueryOptions);

import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { adminPlanSummarySchema } from '#shared/business-plans.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/business-plans: paid professional plans, those still in review first. */
export const getPaidPlans = () =>
  apiRequest('GET', '/api/admin/business-plans', z.array(adminPlanSummarySchema));

export const paidPlansQueryKey = ['/api/admin/business-plans'];

export const paidPlansQueryOptions = queryOptions({
  queryKey: paidPlansQueryKey,
  queryFn: getPaidPlans,
});

export const usePaidPlans = () => useQuery(paidPlansQueryOptions);

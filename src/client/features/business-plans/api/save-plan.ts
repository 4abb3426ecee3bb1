import { planSchema, type PlanUpdate } from '#shared/business-plans.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * PUT /api/business-plans/{id}: saves the whole plan from `baseVersion` (409 when another tab
 * saved in between). The builder's autosave calls it; it keeps its own copy, not the query cache.
 */
export const savePlan = ({ id, update }: { id: string; update: PlanUpdate }) =>
  apiRequest('PUT', `/api/business-plans/${encodeURIComponent(id)}`, planSchema, update);

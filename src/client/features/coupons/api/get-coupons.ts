import { queryOptions, useQuery } from '@tanstack/react-query';
import { couponListSchema } from '#shared/coupons.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/admin/coupons: every coupon with its uses, and what one can be limited to. */
export const getCoupons = () => apiRequest('GET', '/api/admin/coupons', couponListSchema);

export const couponsQueryOptions = () =>
  queryOptions({ queryKey: ['/api/admin/coupons'], queryFn: getCoupons });

export const useCoupons = () => useQuery(couponsQueryOptions());

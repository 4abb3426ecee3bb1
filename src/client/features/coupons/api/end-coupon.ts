import { couponSchema, type Coupon } from '#shared/coupons.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { couponsQueryOptions } from './get-coupons.ts';

/** POST /api/admin/coupons/{id}/end: no new order can use it from now (owners only). */
export const endCoupon = (id: string) =>
  apiRequest('POST', `/api/admin/coupons/${encodeURIComponent(id)}/end`, couponSchema);

export const useEndCoupon = (config?: MutationConfig<Coupon, string>) =>
  useEndpointMutation(endCoupon, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: couponsQueryOptions().queryKey });
  });

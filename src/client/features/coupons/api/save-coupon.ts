import { couponSchema, type Coupon, type CouponValues } from '#shared/coupons.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useEndpointMutation, type MutationConfig } from '../../../lib/react-query.ts';
import { couponsQueryOptions } from './get-coupons.ts';

interface SaveInput {
  /** The coupon changed; none for a new one. */
  id?: string | undefined;
  values: CouponValues;
}

/** POST /api/admin/coupons (a new coupon) or PUT /api/admin/coupons/{id} (owners only). */
export const saveCoupon = ({ id, values }: SaveInput) =>
  id
    ? apiRequest('PUT', `/api/admin/coupons/${encodeURIComponent(id)}`, couponSchema, values)
    : apiRequest('POST', '/api/admin/coupons', couponSchema, values);

export const useSaveCoupon = (config?: MutationConfig<Coupon, SaveInput>) =>
  useEndpointMutation(saveCoupon, config, (queryClient) => {
    void queryClient.invalidateQueries({ queryKey: couponsQueryOptions().queryKey });
  });

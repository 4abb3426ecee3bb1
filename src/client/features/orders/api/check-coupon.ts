import { queryOptions, useQuery } from '@tanstack/react-query';
import { couponQuoteSchema } from '#shared/coupons.schemas.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { cartId, type CartItem } from '../../../lib/cart.ts';

/**
 * POST /api/coupons/check: what a coupon code takes off the cart as it is now, checked by the
 * server (the order checks it again when it is placed). Asked afresh whenever the cart changes.
 */
export const checkCoupon = (code: string, items: CartItem[]) =>
  apiRequest('POST', '/api/coupons/check', couponQuoteSchema, { code, items, cartId: cartId() });

export const couponQuoteQueryOptions = (code: string, items: CartItem[]) =>
  queryOptions({
    queryKey: ['/api/coupons/check', code, items],
    queryFn: () => checkCoupon(code, items),
    // A refusal is an answer to show, not a failure to try again.
    retry: false,
    staleTime: 60_000,
  });

/** The quote of the applied code; idle while none is applied. */
export const useCouponQuote = (code: string | null, items: CartItem[]) =>
  useQuery({ ...couponQuoteQueryOptions(code ?? '', items), enabled: code !== null });

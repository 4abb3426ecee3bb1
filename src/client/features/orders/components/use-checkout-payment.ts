import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { formatZAR, randToCents } from '#shared/money.ts';
import { bankTransferPath, paths } from '#shared/routes.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { createOrder } from '../../../lib/api/create-order.ts';
import { startBankTransfer } from '../../../lib/api/start-bank-transfer.ts';
import { cartId, clearCart, detailsForm, type CartItem } from '../../../lib/cart.ts';
import { payOrder, usePayfastStart } from '../../../lib/payfast.ts';
import { storageKeys } from '../../../lib/storage-keys.ts';
import { usePayFromCredit } from '../api/pay-from-credit.ts';

/** How the customer pays what their credit does not: card (PayFast), bank transfer, or nothing. */
export type CheckoutMethod = 'card' | 'eft' | 'credit';

interface PlacedOrder {
  cart: string;
  reference: string;
  totalCents: number;
  creditUsed: boolean;
}

/**
 * The checkout's last step: the order is priced and stored by the server, credit (when the
 * customer chose it) pays what it can at once, and the rest goes to PayFast or becomes a bank
 * transfer. A second try with the same cart reuses the order made by the first, so a failed start
 * never leaves a second order (or credit held on the first).
 */
export function useCheckoutPayment(
  items: CartItem[],
  /** The coupon code accepted at checkout: the server redeems it with the order. */
  coupon: string | undefined,
  creditCents: number,
  /** What must happen first (the invoice details typed on the checkout are checked and saved). */
  beforePay: () => Promise<void>,
  /** The customer ticked "Save my card for renewals" (card payments only). */
  saveCard = false,
) {
  const [, navigate] = useLocation();
  const payFromCredit = usePayFromCredit();
  const { busy, error, start } = usePayfastStart();
  const [method, setMethod] = useState<CheckoutMethod>('card');
  const placed = useRef<PlacedOrder | null>(null);

  const placeOrder = async (): Promise<PlacedOrder> => {
    // Another coupon (or none) makes another order, as another cart would.
    const cart = JSON.stringify([items, coupon]);
    if (placed.current?.cart !== cart) {
      const order = await createOrder({ items, cartId: cartId(), coupon });
      placed.current = {
        cart,
        reference: order.reference,
        totalCents: randToCents(order.total),
        creditUsed: false,
      };
    }
    return placed.current;
  };

  /** What is still due once the credit is applied; null when no credit was asked for. */
  const applyCredit = async (order: PlacedOrder): Promise<number | null> => {
    const cents = Math.min(creditCents, order.totalCents);
    if (order.creditUsed || cents <= 0) return null;
    const applied = await payFromCredit.mutateAsync({
      orderReference: order.reference,
      amount: cents / 100,
    });
    order.creditUsed = true;
    return randToCents(applied.due);
  };

  const leaveCheckout = (to: string) => {
    clearCart();
    navigate(to);
  };

  const pay = (chosen: CheckoutMethod) => {
    setMethod(chosen);
    start(async () => {
      // SPEC §3 checkout-recovery-needed: set until PayFast's answer lands on the success page.
      if (chosen === 'card') localStorage.setItem(storageKeys.checkoutRecoveryNeeded, 'true');
      try {
        const missing = items.map(detailsForm).find(Boolean);
        if (missing) {
          throw new Error(`${missing.action} first: use the link under that line of your cart.`);
        }
        await beforePay();
        const order = await placeOrder();
        const due = await applyCredit(order);
        if (due === 0) {
          toast({
            title: 'Order paid',
            description: `Order ${order.reference} is paid from your account credit.`,
            variant: 'success',
          });
          return leaveCheckout(paths.userDashboard);
        }
        if (chosen === 'card') return await payOrder(order.reference, { saveCard });
        if (chosen === 'eft') {
          await startBankTransfer(order.reference);
          return leaveCheckout(bankTransferPath(order.reference));
        }
        // The credit did not cover the order after all (a price changed): the rest is paid later.
        toast({
          title: 'Credit used',
          description: `Order ${order.reference} still has ${formatZAR(due ?? order.totalCents)} to pay: pay it by card or bank transfer from your dashboard.`,
        });
        return leaveCheckout(paths.userDashboard);
      } catch (failure) {
        localStorage.removeItem(storageKeys.checkoutRecoveryNeeded);
        throw failure;
      }
    });
  };

  return { busy, error, method, pay };
}

import { useState } from 'react';
import type { PayfastForm } from '#shared/payments.schemas.ts';
import { toast } from '../components/ui/use-toast.ts';
import { startOrderPayment } from './api/start-order-payment.ts';

/** PayFast's payment page takes a browser form POST: build it from the signed fields and send it. */
export function postToPayfast(form: PayfastForm): void {
  const element = document.createElement('form');
  element.method = 'post';
  element.action = form.action;
  for (const [name, value] of Object.entries(form.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.append(input);
  }
  document.body.append(element);
  element.submit();
}

/** Pays one of the caller's orders: the server signs the form, the browser goes to PayFast. */
export const payOrder = async (orderReference: string) =>
  postToPayfast(await startOrderPayment(orderReference));

/**
 * Starts a trip to PayFast from a button: `busy` while the form is being made (the page then
 * leaves), and a toast with the reason when it could not start.
 */
export function usePayfastStart() {
  const [busy, setBusy] = useState(false);
  const start = (go: () => Promise<void>) => {
    setBusy(true);
    go().catch((error: unknown) => {
      setBusy(false);
      toast({
        title: 'Payment not started',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    });
  };
  return { busy, start };
}

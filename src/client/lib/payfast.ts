import { useEffect, useState } from 'react';
import type { PayfastForm } from '#shared/payments.schemas.ts';
import { toast } from '../components/ui/use-toast.ts';
import { startOrderPayment } from './api/start-order-payment.ts';

/** How long the page waits for the payment page to open before saying it did not. */
const paymentPageTimeoutMs = 15_000;

/**
 * PayFast's payment page takes a browser form POST: build it from the signed fields and send it.
 * The promise stays pending while the browser leaves; it fails with a readable reason when the
 * page stays: the site's security policy refused the address, or nothing opened in 15 s.
 */
export function postToPayfast(form: PayfastForm): Promise<void> {
  return new Promise((_leaving, reject) => {
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
    const host = new URL(form.action, location.href).host;
    const done = () => {
      clearTimeout(timer);
      document.removeEventListener('securitypolicyviolation', onRefused);
      removeEventListener('pagehide', done);
      element.remove();
    };
    const fail = (message: string) => {
      done();
      reject(new Error(`${message} No money was taken: please try again.`));
    };
    const onRefused = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective === 'form-action')
        fail(`Your browser refused to open the payment page (${host}).`);
    };
    const timer = setTimeout(
      () => fail(`The payment page (${host}) did not open. Check your connection.`),
      paymentPageTimeoutMs,
    );
    document.addEventListener('securitypolicyviolation', onRefused);
    addEventListener('pagehide', done);
    document.body.append(element);
    element.submit();
  });
}

/**
 * Pays one of the caller's orders: the server signs the form, the browser goes to PayFast
 * (asking it to keep the card when the customer ticked "Save my card for renewals").
 */
export const payOrder = async (orderReference: string, options?: { saveCard: boolean }) =>
  postToPayfast(await startOrderPayment(orderReference, options));

/**
 * Starts a trip to PayFast from a button: `busy` while the form is being made (the page then
 * leaves); when it could not start, a toast and `error` say why and the button works again. Back
 * from PayFast (the page restored from the browser's cache), the button is ready again too.
 */
export function usePayfastStart() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    addEventListener('pageshow', onShow);
    return () => removeEventListener('pageshow', onShow);
  }, []);
  const start = (go: () => Promise<void>) => {
    setBusy(true);
    setError(undefined);
    go().catch((failure: unknown) => {
      const message = failure instanceof Error ? failure.message : 'Please try again.';
      setBusy(false);
      setError(message);
      toast({ title: 'Payment not started', description: message, variant: 'destructive' });
    });
  };
  return { busy, error, start };
}

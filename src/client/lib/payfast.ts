import { useState } from 'react';
import { toast } from '../components/ui/use-toast.ts';
import { apiRequest } from './api-client.ts';

interface PayfastForm {
  action: string;
  reference: string;
  fields: Record<string, string>;
}

/** PayFast's payment page takes a browser form POST: build it from the signed fields and send it. */
function postToPayfast(form: PayfastForm): void {
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

/** Asks the server (`POST path`) for a signed PayFast form and goes to PayFast with it. */
export async function goToPayfast(path: string): Promise<void> {
  postToPayfast(await apiRequest<PayfastForm>('POST', path));
}

/** Pays one of the caller's orders. */
export const payOrder = (orderReference: string) =>
  goToPayfast(`/api/orders/${encodeURIComponent(orderReference)}/payfast`);

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

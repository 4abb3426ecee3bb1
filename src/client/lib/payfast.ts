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

/** Asks the server for a signed PayFast form for one of the caller's orders, and goes to pay. */
export async function payOrder(orderReference: string): Promise<void> {
  postToPayfast(
    await apiRequest<PayfastForm>(
      'POST',
      `/api/orders/${encodeURIComponent(orderReference)}/payfast`,
    ),
  );
}

import { itnSignature } from '../../src/server/integrations/payfast/signature.ts';

/** PayFast's public sandbox merchant, which the test and bench servers run as (config.ts). */
export const sandboxMerchant = { id: '10000100', passphrase: 'jt7NOE43FZPn' };

/**
 * The COMPLETE ITN PayFast sends for a payment form (`POST /api/orders/:reference/payfast`), in
 * PayFast's shape (an empty item_description included), signed with the merchant's passphrase;
 * the form-encoded body, as posted to the notify URL.
 */
export function completeItn(
  form: { reference: string; fields: Record<string, string> },
  pfPaymentId: string,
  options: { feeCents?: number; merchant?: { id: string; passphrase: string | undefined } } = {},
): string {
  const { feeCents = 230, merchant = sandboxMerchant } = options;
  const grossCents = Math.round(Number(form.fields.amount) * 100);
  const fields: [string, string][] = [
    ['m_payment_id', form.reference],
    ['pf_payment_id', pfPaymentId],
    ['payment_status', 'COMPLETE'],
    ['item_name', form.fields.item_name ?? 'Order'],
    ['item_description', ''],
    ['amount_gross', form.fields.amount!],
    ['amount_fee', (-feeCents / 100).toFixed(2)],
    ['amount_net', ((grossCents - feeCents) / 100).toFixed(2)],
    ['merchant_id', merchant.id],
  ];
  return new URLSearchParams([
    ...fields,
    ['signature', itnSignature(fields, merchant.passphrase)],
  ]).toString();
}

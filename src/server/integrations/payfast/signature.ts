import { createHash } from 'node:crypto';

/** The redirect form's fields in the order PayFast signs them (INTEGRATIONS.md). */
export const payfastFieldOrder = [
  'merchant_id',
  'merchant_key',
  'return_url',
  'cancel_url',
  'notify_url',
  'notify_method',
  'name_first',
  'name_last',
  'email_address',
  'cell_number',
  'm_payment_id',
  'amount',
  'item_name',
  'item_description',
  'custom_int1',
  'custom_int2',
  'custom_int3',
  'custom_int4',
  'custom_int5',
  'custom_str1',
  'custom_str2',
  'custom_str3',
  'custom_str4',
  'custom_str5',
  'email_confirmation',
  'confirmation_address',
  'currency',
  'payment_method',
  'subscription_type',
  'billing_date',
  'recurring_amount',
  'frequency',
  'cycles',
  'subscription_notify_email',
  'subscription_notify_webhook',
  'subscription_notify_buyer',
] as const;

/** PHP's urlencode: spaces as "+", and ! ' ( ) * ~ escaped too, upper-case hex. */
export function phpUrlencode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, '+');
}

/**
 * The string PayFast signs: `key=value` for every non-empty field in the given order, values
 * trimmed and urlencoded, joined with "&", then `&passphrase=…` when one is set.
 */
export function signatureString(
  fields: [string, string][],
  passphrase: string | undefined,
): string {
  const parts = fields
    .map(([key, value]) => [key, value.trim()] as const)
    .filter(([, value]) => value !== '')
    .map(([key, value]) => `${key}=${phpUrlencode(value)}`);
  if (passphrase) parts.push(`passphrase=${phpUrlencode(passphrase.trim())}`);
  return parts.join('&');
}

export const md5 = (text: string) => createHash('md5').update(text).digest('hex');

/** Orders the redirect form's fields as PayFast expects and signs them. */
export function signRedirectForm(
  fields: Partial<Record<(typeof payfastFieldOrder)[number], string>>,
  passphrase: string | undefined,
): [string, string][] {
  const ordered = payfastFieldOrder
    .filter((key) => (fields[key] ?? '').trim() !== '')
    .map((key) => [key, fields[key]!.trim()] as [string, string]);
  return [...ordered, ['signature', md5(signatureString(ordered, passphrase))]];
}

/**
 * Checks an ITN's signature: rebuilt from the posted fields in the order received, up to (not
 * including) `signature`, plus the passphrase.
 */
export function itnSignatureValid(
  posted: [string, string][],
  passphrase: string | undefined,
): boolean {
  const index = posted.findIndex(([key]) => key === 'signature');
  if (index === -1) return false;
  const expected = md5(signatureString(posted.slice(0, index), passphrase));
  const given = posted[index]![1].trim().toLowerCase();
  return given.length === expected.length && given === expected;
}

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

type RedirectForm = Partial<Record<(typeof payfastFieldOrder)[number], string>>;

/** The redirect form's non-empty fields, trimmed, in the order PayFast signs them. */
const orderedForm = (fields: RedirectForm): [string, string][] =>
  payfastFieldOrder
    .filter((key) => (fields[key] ?? '').trim() !== '')
    .map((key) => [key, fields[key]!.trim()]);

/** Orders the redirect form's fields as PayFast expects and signs them. */
export function signRedirectForm(
  fields: RedirectForm,
  passphrase: string | undefined,
): [string, string][] {
  const ordered = orderedForm(fields);
  return [...ordered, ['signature', md5(signatureString(ordered, passphrase))]];
}

/** Checks a posted redirect form's signature the way PayFast's payment page does. */
export function redirectFormSignatureValid(
  posted: Record<string, string>,
  passphrase: string | undefined,
): boolean {
  const given = posted.signature?.toLowerCase();
  return given === md5(signatureString(orderedForm(posted), passphrase));
}

/**
 * An ITN's parameter string, exactly as PayFast builds it (its PHP SDK and developer docs): every
 * posted field in the order received, up to (not including) `signature` — empty values included,
 * values untouched (no trimming) — as `key=urlencode(value)` joined with "&". PayFast signs it
 * (plus the passphrase) and its validate endpoint is asked about this same string. The outgoing
 * form follows another rule (`signatureString`: empty fields left out, values trimmed).
 */
export function itnParamString(fields: [string, string][]): string {
  const end = fields.findIndex(([key]) => key === 'signature');
  return (end === -1 ? fields : fields.slice(0, end))
    .map(([key, value]) => `${key}=${phpUrlencode(value)}`)
    .join('&');
}

/** The signature PayFast puts on an ITN: MD5 of its parameter string plus the passphrase. */
export function itnSignature(fields: [string, string][], passphrase: string | undefined): string {
  const params = itnParamString(fields);
  return md5(passphrase ? `${params}&passphrase=${phpUrlencode(passphrase)}` : params);
}

/** Checks an ITN's signature (`itnSignature` of the fields posted before it). */
export function itnSignatureValid(
  posted: [string, string][],
  passphrase: string | undefined,
): boolean {
  const given = posted.find(([key]) => key === 'signature')?.[1].toLowerCase();
  return given !== undefined && given === itnSignature(posted, passphrase);
}

import type { PayfastConfig } from '../../config.ts';
import {
  PaymentMethodRefusedError,
  PaymentMethodUnavailableError,
} from '../payment-methods/payment-method.ts';
import { md5, phpUrlencode } from './signature.ts';

/**
 * PayFast's REST API signature (its PHP SDK, `Auth::generateApiSignature`): every header, query
 * and body field plus the passphrase, sorted by name, as `name=urlencode(value)` joined with "&",
 * MD5 in lower-case hex. The sandbox's `testing=true` is not among them: PayFast's SDK
 * (`Request::sendApiRequest`) adds it to the query after signing, and PayFast's API docs say to
 * leave it out of the signature.
 */
export function apiSignature(
  fields: Record<string, string | number>,
  passphrase: string | undefined,
): string {
  const all: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name !== 'signature') all[name] = String(value);
  }
  if (passphrase) all.passphrase = passphrase;
  return md5(
    Object.keys(all)
      .sort()
      .map((name) => `${name}=${phpUrlencode(all[name]!)}`)
      .join('&'),
  );
}

/** PayFast gave no answer we can act on (network, timeout, 5xx, 429): ask again later. */
export class PayfastApiUnavailableError extends PaymentMethodUnavailableError {}

/** PayFast answered and said no (4xx, `status: "failed"`): asking again will not help. */
export class PayfastApiRefusedError extends PaymentMethodRefusedError {}

export type ApiConfig = Pick<PayfastConfig, 'apiUrl' | 'merchantId' | 'passphrase' | 'mode'>;

/** PayFast's timestamp form, e.g. 2026-11-23T10:00:00+02:00 (the SDK sends local time + offset). */
const apiTimestamp = (now: Date) => {
  const sast = new Date(now.getTime() + 2 * 3600_000);
  return `${sast.toISOString().slice(0, 19)}+02:00`;
};

/** One signed call to PayFast's REST API; the parsed JSON body of a 2xx answer. */
export async function callApi(
  config: ApiConfig,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  path: string,
  body?: Record<string, string | number>,
): Promise<unknown> {
  const headers: Record<string, string> = {
    'merchant-id': config.merchantId,
    version: 'v1',
    timestamp: apiTimestamp(new Date()),
  };
  headers.signature = apiSignature({ ...headers, ...body }, config.passphrase);
  const url = new URL(`${config.apiUrl.replace(/\/$/, '')}/${path}`);
  // Added after signing, as PayFast's SDK does: it is not part of the signature.
  if (config.mode === 'sandbox') url.searchParams.set('testing', 'true');
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method,
      headers: body ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
    text = await response.text();
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    throw new PayfastApiUnavailableError(`PayFast's API did not answer: ${why}`);
  }
  const parsed = parseJson(text);
  if (response.status >= 500 || response.status === 429 || response.status === 408) {
    throw new PayfastApiUnavailableError(
      `PayFast's API answered ${response.status}${payfastWords(parsed, text)}`,
    );
  }
  if (!response.ok) {
    throw new PayfastApiRefusedError(
      `PayFast refused (${response.status})${payfastWords(parsed, text)}`,
    );
  }
  if (parsed === undefined) {
    throw new PayfastApiUnavailableError(`PayFast's API answered ${response.status} without JSON`);
  }
  return parsed;
}

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/** PayFast's own words from an answer: `data.response` / `data.message` when they are text. */
export function payfastWords(parsed: unknown, text: string): string {
  const data = (parsed as { data?: { response?: unknown; message?: unknown } } | undefined)?.data;
  const words = [data?.response, data?.message].filter(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  );
  if (words.length > 0) return `: ${words.join(' — ').slice(0, 300)}`;
  return parsed === undefined && text.trim() ? `: ${text.trim().slice(0, 120)}` : '';
}

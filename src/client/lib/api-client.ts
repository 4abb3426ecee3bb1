import { clientTypeFromUserAgent } from '#shared/client-type.ts';
import type { QueryFunction } from '@tanstack/react-query';

/** A non-OK answer from the API; `message` is the text SPEC §8 says to show. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly body: unknown;

  constructor(message: string, status: number, body: unknown, code?: string) {
    super(message);
    this.name = 'ApiRequestError';
    this.status = status;
    this.body = body;
    this.code = code;
  }
}

/** Appends the `_t` cache-buster of SPEC §7 to any URL, keeping its own query. */
export function withCacheBuster(url: string, now: number = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}_t=${now}`;
}

function requestHeaders(hasBody: boolean): Record<string, string> {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Client-Type': clientTypeFromUserAgent(agent),
    'X-Request-Time': String(Date.now()),
  };
  if (hasBody) headers['Content-Type'] = 'application/json';
  return headers;
}

function isJson(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('application/json');
}

function field(body: unknown, name: 'error' | 'message' | 'code'): string | undefined {
  if (body && typeof body === 'object' && name in body) {
    const value = (body as Record<string, unknown>)[name];
    if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

/** Turns a non-OK response into the error of SPEC §8 (JSON error, else message, else status). */
async function toError(response: Response, fallback?: string): Promise<ApiRequestError> {
  if (isJson(response)) {
    const body: unknown = await response.json().catch(() => null);
    const message =
      field(body, 'error') ??
      field(body, 'message') ??
      fallback ??
      `Request failed with status ${response.status}`;
    return new ApiRequestError(message, response.status, body, field(body, 'code'));
  }
  await response.text().catch(() => '');
  return new ApiRequestError(`${response.status}: ${response.statusText}`, response.status, null);
}

/** Marks the few calls whose paths are admin calls, for logging (SPEC §7). */
export const isAdminCall = (url: string) => url.includes('/api/admin/');

/**
 * The transport of every API call (SPEC §7): session credentials, JSON headers, client type,
 * request time and the `_t` cache-buster.
 */
export async function apiFetch(method: string, url: string, data?: unknown): Promise<Response> {
  const hasBody = data !== undefined;
  try {
    return await fetch(withCacheBuster(url), {
      method,
      credentials: 'include',
      headers: requestHeaders(hasBody),
      body: hasBody ? JSON.stringify(data) : undefined,
    });
  } catch (cause) {
    if (isAdminCall(url)) console.warn(`Admin call ${method} ${url} did not reach the server`);
    throw cause;
  }
}

/** An API call whose JSON answer is parsed; any other answer is returned as the Response. */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  data?: unknown,
): Promise<T> {
  const response = await apiFetch(method, url, data);
  if (!response.ok) throw await toError(response);
  return (isJson(response) ? await response.json() : response) as T;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The default data query (SPEC §7–8): GET the key's first element; 401 throws or gives null. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey }) => {
    const response = await apiFetch('GET', String(queryKey[0]));
    if (response.status === 401) {
      const error = await toError(response, 'Unauthorized');
      if (options.on401 === 'returnNull') return null;
      throw error;
    }
    if (!response.ok) throw await toError(response);
    return isJson(response) ? ((await response.json()) as T) : null;
  };
}

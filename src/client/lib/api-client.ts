import type { QueryFunction } from '@tanstack/react-query';
import type { z } from 'zod';
import { clientTypeFromUserAgent } from '#shared/client-type.ts';

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

/**
 * An answer that does not match the endpoint's schema in src/shared: the client and the server
 * disagree about the contract. Never cast through: the message names the call and the field.
 */
export class ApiContractError extends Error {
  readonly endpoint: string;
  readonly status: number;
  readonly issues: z.core.$ZodIssue[];

  constructor(endpoint: string, status: number, problem: string, issues: z.core.$ZodIssue[] = []) {
    super(`${endpoint} answered ${status} with ${problem}`);
    this.name = 'ApiContractError';
    this.endpoint = endpoint;
    this.status = status;
    this.issues = issues;
  }
}

/** Appends the `_t` cache-buster of SPEC §7 to any URL, keeping its own query. */
export function withCacheBuster(url: string, now: number = Date.now()): string {
  return `${url}${url.includes('?') ? '&' : '?'}_t=${now}`;
}

function requestHeaders(bodyType: string | null): Record<string, string> {
  const agent = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Client-Type': clientTypeFromUserAgent(agent),
    'X-Request-Time': String(Date.now()),
  };
  if (bodyType) headers['Content-Type'] = bodyType;
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

/** The server's own words in a failed answer (its `error`, else `message`), if it gave any. */
export const serverMessage = (error: unknown): string | undefined =>
  error instanceof ApiRequestError
    ? (field(error.body, 'error') ?? field(error.body, 'message'))
    : undefined;

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
 * request time and the `_t` cache-buster. A `Blob` (a file to upload) is sent as it is.
 */
export async function apiFetch(method: string, url: string, data?: unknown): Promise<Response> {
  // A file (an upload) goes as the raw body; anything else as JSON.
  const file = typeof Blob !== 'undefined' && data instanceof Blob ? data : null;
  const bodyType = file
    ? 'application/octet-stream'
    : data === undefined
      ? null
      : 'application/json';
  try {
    return await fetch(withCacheBuster(url), {
      method,
      credentials: 'include',
      headers: requestHeaders(bodyType),
      body: file ?? (data === undefined ? undefined : JSON.stringify(data)),
    });
  } catch (cause) {
    if (isAdminCall(url)) console.warn(`Admin call ${method} ${url} did not reach the server`);
    throw cause;
  }
}

/**
 * An endpoint's schema, or a loader of it: the calls every page makes (lib/api) and the home
 * page's domain search pass a loader, so zod and the schemas arrive after the page, not in its
 * first JavaScript (DESIGN.md budget: 100 KB gzip).
 */
export type SchemaSource<Schema extends z.ZodType> = Schema | (() => Promise<Schema>);

/** The loader of one schema exported by a module of src/shared, for a `SchemaSource`. */
export const schemaFrom =
  <Module, Name extends keyof Module>(load: () => Promise<Module>, name: Name) =>
  async (): Promise<Module[Name]> =>
    (await load())[name];

/** Parses an OK answer with the endpoint's schema; any other answer is an ApiContractError. */
export async function parseAnswer<Schema extends z.ZodType>(
  endpoint: string,
  response: Response,
  source: SchemaSource<Schema>,
): Promise<z.output<Schema>> {
  if (!isJson(response)) {
    await response.text().catch(() => '');
    const type = response.headers.get('content-type') ?? 'no content type';
    throw new ApiContractError(endpoint, response.status, `${type} instead of JSON`);
  }
  const body: unknown = await response.json().catch(() => undefined);
  const schema = typeof source === 'function' ? await source() : source;
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const [first] = parsed.error.issues;
  const where = first?.path.length ? `${first.path.join('.')}: ` : '';
  throw new ApiContractError(
    endpoint,
    response.status,
    `an unexpected body (${where}${first?.message ?? 'not JSON'})`,
    parsed.error.issues,
  );
}

/**
 * An API call (SPEC §7) whose JSON answer is parsed with the endpoint's schema from src/shared.
 * A non-OK answer throws an ApiRequestError (SPEC §8); an answer that does not match the schema
 * throws an ApiContractError naming the endpoint.
 */
export async function apiRequest<Schema extends z.ZodType>(
  method: string,
  url: string,
  schema: SchemaSource<Schema>,
  data?: unknown,
): Promise<z.output<Schema>> {
  const response = await apiFetch(method, url, data);
  if (!response.ok) throw await toError(response);
  return parseAnswer(`${method} ${url}`, response, schema);
}

/** A call that means "nobody is signed in" by its 401 (SPEC §8 'return null'): null then. */
export async function nullWhenUnauthorized<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 401) return null;
    throw error;
  }
}

/** `path?key=value&…` for the parameters that are set. */
export function withQuery(path: string, params: Record<string, string | number | undefined>) {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/**
 * The default data query (SPEC §7–8): GET the key's first element; 401 throws or gives null. Its
 * answer is untyped JSON: every query of the app has its own fetcher with a schema instead.
 */
export function getQueryFn(options: { on401: UnauthorizedBehavior }): QueryFunction<unknown> {
  return async ({ queryKey }) => {
    const response = await apiFetch('GET', String(queryKey[0]));
    if (response.status === 401) {
      const error = await toError(response, 'Unauthorized');
      if (options.on401 === 'returnNull') return null;
      throw error;
    }
    if (!response.ok) throw await toError(response);
    return isJson(response) ? ((await response.json()) as unknown) : null;
  };
}

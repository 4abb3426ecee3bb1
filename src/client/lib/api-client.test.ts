import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { userSchema } from '#shared/auth.schemas.ts';
import {
  serverMessage,
  apiFetch,
  ApiContractError,
  apiRequest,
  ApiRequestError,
  getQueryFn,
  nullWhenUnauthorized,
  schemaFrom,
  withCacheBuster,
  withQuery,
} from './api-client.ts';

const anything = z.unknown();
const okSchema = z.object({ ok: z.boolean() });

const fetchMock = vi.fn<typeof fetch>();

function json(body: unknown, status = 200, statusText = 'OK') {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  });
}

function text(body: string, status: number, statusText: string) {
  return new Response(body, { status, statusText, headers: { 'content-type': 'text/html' } });
}

const queryContext = (path: string) =>
  ({ queryKey: [path], signal: new AbortController().signal, meta: undefined }) as never;

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ now: new Date('2026-11-22T08:00:00Z'), toFake: ['Date'] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest (SPEC §7)', () => {
  it('sends credentials, JSON headers, client type, request time and the _t cache-buster', async () => {
    fetchMock.mockResolvedValue(json({ ok: true }));
    const now = Date.now();
    await expect(
      apiRequest('POST', '/api/login?next=1', okSchema, { email: 'a@b.co.za' }),
    ).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/login?next=1&_t=${now}`);
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('include');
    expect(init?.body).toBe('{"email":"a@b.co.za"}');
    const headers = init?.headers as Record<string, string>;
    expect(headers.Accept).toBe('application/json');
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['X-Client-Type']).toBe('desktop');
    expect(headers['X-Request-Time']).toBe(String(now));
  });

  it('sends no body and no content type without data', async () => {
    fetchMock.mockResolvedValue(json({}));
    await apiRequest('POST', '/api/admin/logout', anything);
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('apiFetch returns the raw response, for answers that are not JSON (downloads)', async () => {
    fetchMock.mockResolvedValue(text('<p>hi</p>', 200, 'OK'));
    const answer = await apiFetch('GET', '/invoice.pdf');
    expect(answer).toBeInstanceOf(Response);
    await expect(answer.text()).resolves.toBe('<p>hi</p>');
  });

  it('parses the answer with the endpoint schema: typed, unknown fields dropped', async () => {
    const user = {
      id: 'u1',
      email: 'thandi@example.co.za',
      fullName: 'Thandi Nkosi',
      emailVerified: true,
      returning: true,
      createdAt: '2026-11-22T08:00:00.000Z',
    };
    fetchMock.mockResolvedValue(json({ ...user, passwordHash: 'never shown' }));
    await expect(apiRequest('GET', '/api/user', userSchema)).resolves.toEqual(user);
  });

  it('loads a schema given as a loader only when the answer arrives, and checks with it', async () => {
    const load = vi.fn(async () => ({ okSchema }));
    const lazy = schemaFrom(load, 'okSchema');
    expect(load).not.toHaveBeenCalled();
    fetchMock.mockResolvedValue(json({ ok: true, extra: 1 }));
    await expect(apiRequest('GET', '/api/thing', lazy)).resolves.toEqual({ ok: true });
    expect(load).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValue(json({ ok: 'yes' }));
    await expect(apiRequest('GET', '/api/thing', lazy)).rejects.toBeInstanceOf(ApiContractError);
  });

  it('throws an ApiContractError naming the call and the field when the answer does not match', async () => {
    fetchMock.mockResolvedValue(json({ id: 'u1', email: 'thandi@example.co.za' }));
    const error = await apiRequest('GET', '/api/user', userSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiContractError);
    expect(error).not.toBeInstanceOf(ApiRequestError);
    expect((error as ApiContractError).message).toMatch(
      /^GET \/api\/user answered 200 with an unexpected body \(fullName: /,
    );
    expect((error as ApiContractError).endpoint).toBe('GET /api/user');
    expect((error as ApiContractError).issues.map((issue) => issue.path)).toEqual([
      ['fullName'],
      ['emailVerified'],
      ['returning'],
      ['createdAt'],
    ]);
  });

  it('throws an ApiContractError when an OK answer is not JSON', async () => {
    fetchMock.mockResolvedValue(text('<p>hi</p>', 200, 'OK'));
    await expect(apiRequest('GET', '/api/user', userSchema)).rejects.toThrow(
      'GET /api/user answered 200 with text/html instead of JSON',
    );
  });

  it('nullWhenUnauthorized gives null for a 401 and passes every other error on', async () => {
    fetchMock.mockResolvedValueOnce(json({ error: 'Please sign in' }, 401, 'Unauthorized'));
    await expect(nullWhenUnauthorized(apiRequest('GET', '/api/user', userSchema))).resolves.toBe(
      null,
    );
    fetchMock.mockResolvedValueOnce(json({ error: 'Down' }, 503, 'Service Unavailable'));
    await expect(nullWhenUnauthorized(apiRequest('GET', '/api/user', userSchema))).rejects.toThrow(
      'Down',
    );
  });

  it('uses the error field of a JSON error body first', async () => {
    fetchMock.mockResolvedValue(
      json({ error: 'Email already registered', code: 'EMAIL_ALREADY_EXISTS', message: 'x' }, 409),
    );
    const error = await apiRequest('POST', '/api/register', anything, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('Email already registered');
    expect((error as ApiRequestError).code).toBe('EMAIL_ALREADY_EXISTS');
    expect((error as ApiRequestError).status).toBe(409);
  });

  it('falls back to the message field, then to the status', async () => {
    fetchMock.mockResolvedValueOnce(json({ message: 'Too many attempts' }, 429));
    await expect(apiRequest('POST', '/api/login', anything, {})).rejects.toThrow(
      'Too many attempts',
    );
    fetchMock.mockResolvedValueOnce(json({}, 500, 'Internal Server Error'));
    await expect(apiRequest('POST', '/api/login', anything, {})).rejects.toThrow(
      'Request failed with status 500',
    );
  });

  it('says "{status}: {statusText}" when the error body is not JSON', async () => {
    fetchMock.mockResolvedValue(text('<h1>Bad gateway</h1>', 502, 'Bad Gateway'));
    await expect(apiRequest('GET', '/api/user', anything)).rejects.toThrow('502: Bad Gateway');
  });
});

describe('getQueryFn (SPEC §7–8)', () => {
  it('GETs the first element of the query key and parses JSON', async () => {
    fetchMock.mockResolvedValue(json({ email: 'thandi@example.co.za' }));
    const fn = getQueryFn({ on401: 'throw' });
    await expect(fn(queryContext('/api/user'))).resolves.toEqual({ email: 'thandi@example.co.za' });
    expect(fetchMock.mock.calls[0]![0]).toBe(`/api/user?_t=${Date.now()}`);
  });

  it('returns null when the answer is not JSON', async () => {
    fetchMock.mockResolvedValue(text('plain', 200, 'OK'));
    await expect(getQueryFn({ on401: 'throw' })(queryContext('/x'))).resolves.toBeNull();
  });

  it('on 401 gives null with returnNull', async () => {
    fetchMock.mockResolvedValue(json({ error: 'Not signed in' }, 401, 'Unauthorized'));
    await expect(
      getQueryFn({ on401: 'returnNull' })(queryContext('/api/user')),
    ).resolves.toBeNull();
  });

  it('on 401 throws the server error, else its message, else "Unauthorized"', async () => {
    const fn = getQueryFn({ on401: 'throw' });
    fetchMock.mockResolvedValueOnce(json({ error: 'Session expired' }, 401, 'Unauthorized'));
    await expect(fn(queryContext('/api/user'))).rejects.toThrow('Session expired');
    fetchMock.mockResolvedValueOnce(json({ message: 'Sign in first' }, 401, 'Unauthorized'));
    await expect(fn(queryContext('/api/user'))).rejects.toThrow('Sign in first');
    fetchMock.mockResolvedValueOnce(json({}, 401, 'Unauthorized'));
    await expect(fn(queryContext('/api/user'))).rejects.toThrow('Unauthorized');
  });
});

describe('serverMessage', () => {
  it('is the server’s own words, or nothing when it gave none (SPEC §8 defaults then apply)', async () => {
    fetchMock.mockResolvedValue(json({ error: 'Invalid credentials' }, 401, 'Unauthorized'));
    expect(serverMessage(await apiRequest('POST', '/api/login', anything).catch((e) => e))).toBe(
      'Invalid credentials',
    );
    fetchMock.mockResolvedValue(json({}, 401, 'Unauthorized'));
    const silent = await apiRequest('POST', '/api/login', anything).catch((e: unknown) => e);
    expect((silent as Error).message).toBe('Request failed with status 401');
    expect(serverMessage(silent)).toBeUndefined();
    expect(serverMessage(new Error('offline'))).toBeUndefined();
  });
});

describe('withQuery', () => {
  it('adds the parameters that are set, and no ? without any', () => {
    expect(withQuery('/api/admin/orders', { page: 2, status: '' })).toBe(
      '/api/admin/orders?page=2',
    );
    expect(withQuery('/api/admin/orders', { status: undefined })).toBe('/api/admin/orders');
  });
});

describe('withCacheBuster', () => {
  it('appends _t with ? or & as the URL needs', () => {
    expect(withCacheBuster('/api/user', 5)).toBe('/api/user?_t=5');
    expect(withCacheBuster('/api/domain/check?domain=a.co.za', 5)).toBe(
      '/api/domain/check?domain=a.co.za&_t=5',
    );
  });
});

import type { AppInstance } from '../../src/server/app-instance.ts';

/**
 * `call(method, url, { cookie, payload })` against the app, each from another address of a
 * documentation range, so the per-address rate limits never decide a test.
 */
export function injectCaller(app: () => AppInstance, range = '198.51.100') {
  let address = 0;
  return (
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    options: { cookie?: string; payload?: object } = {},
  ) => {
    address += 1;
    return app().inject({
      method,
      url,
      ...(options.payload ? { payload: options.payload } : {}),
      remoteAddress: `${range}.${address % 250}`,
      headers: options.cookie ? { cookie: options.cookie } : {},
    });
  };
}

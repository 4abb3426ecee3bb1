/** The `token` of a mailed link (…?token=…), read once when the page opens. */
export const tokenFromUrl = (): string =>
  typeof window === 'undefined'
    ? ''
    : (new URLSearchParams(window.location.search).get('token') ?? '');

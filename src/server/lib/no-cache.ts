/** Headers for answers no browser or proxy may keep: session state, cookie refreshes. */
export const noCacheHeaders = {
  'cache-control': 'no-store, no-cache, must-revalidate, private',
  pragma: 'no-cache',
  expires: '0',
};

/**
 * A cookie the browser can read, set beside the customer's session cookie and cleared with it: it
 * says there may be a session, so signed-out visitors never ask for the user (and never get a 401
 * in their console). It holds no secret; the session itself is the httpOnly `sid`.
 */
export const sessionHintCookie = 'signed_in';

/** Whether this browser's cookies say a customer may be signed in (false outside a browser). */
export const mayBeSignedIn = (cookies: string | undefined): boolean =>
  (cookies ?? '').split(/;\s*/).includes(`${sessionHintCookie}=1`);

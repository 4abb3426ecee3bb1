/**
 * A cookie the browser can read, set beside the customer's session cookie and cleared with it: it
 * says there may be a session, so signed-out visitors never ask for the user (and never get a 401
 * in their console). It holds no secret; the session itself is the httpOnly `sid`.
 */
export const sessionHintCookie = 'signed_in';
/** The same beside the administrator's `admin_sid`: public pages ask for the admin only then. */
export const adminSessionHintCookie = 'admin_signed_in';

const hints = { user: sessionHintCookie, admin: adminSessionHintCookie } as const;

/** Whether this browser's cookies say a customer (or an administrator) may be signed in. */
export const mayBeSignedIn = (
  cookies: string | undefined,
  kind: keyof typeof hints = 'user',
): boolean => (cookies ?? '').split(/;\s*/).includes(`${hints[kind]}=1`);

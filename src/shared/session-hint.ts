/**
 * A cookie the browser can read, set beside the customer's session cookie and cleared with it: it
 * says there may be a session, so signed-out visitors never ask for the user (and never get a 401
 * in their console). It holds no secret; the session itself is the httpOnly `sid`.
 */
export const sessionHintCookie = 'signed_in';
/** The same beside the administrator's `admin_sid`: public pages ask for the admin only then. */
export const adminSessionHintCookie = 'admin_signed_in';

/** The same beside an administrator's view of the customer area as a customer (`view_as_sid`). */
export const viewAsHintCookie = 'viewing_as';

/** A customer's area opens on their own session or on an administrator's view of it. */
const hints = {
  user: [sessionHintCookie, viewAsHintCookie],
  admin: [adminSessionHintCookie],
} as const;

/** Whether this browser's cookies say a customer (or an administrator) may be signed in. */
export const mayBeSignedIn = (
  cookies: string | undefined,
  kind: keyof typeof hints = 'user',
): boolean => {
  const set = (cookies ?? '').split(/;\s*/);
  return hints[kind].some((hint) => set.includes(`${hint}=1`));
};

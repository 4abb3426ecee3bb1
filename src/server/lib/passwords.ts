// The native hasher loads with the first sign-in or sign-up, not at start.
const argon2 = () => import('@node-rs/argon2');

/** Argon2id with the library's defaults (19 MiB, 2 passes: the OWASP minimum). */
export const hashPassword = async (password: string) =>
  (await argon2()).hash(password, { algorithm: 2 });

// Hashed once so an unknown account costs as much time as a wrong password (no enumeration).
let decoyHash: Promise<string> | undefined;

/** True when the password matches; a missing hash is checked against a decoy and fails. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword('decoy password that never matches');
    const { verify } = await argon2();
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  const { verify } = await argon2();
  return verify(passwordHash, password).catch(() => false);
}

import { hash, verify } from '@node-rs/argon2';

/** Argon2id with the library's defaults (19 MiB, 2 passes: the OWASP minimum). */
export const hashPassword = (password: string) => hash(password, { algorithm: 2 });

// Hashed once so an unknown account costs as much time as a wrong password (no enumeration).
let decoyHash: Promise<string> | undefined;

/** True when the password matches; a missing hash is checked against a decoy and fails. */
export async function verifyPassword(
  passwordHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    decoyHash ??= hashPassword('decoy password that never matches');
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

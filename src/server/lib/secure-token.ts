import { createHash, randomBytes } from 'node:crypto';

/** A secret for a cookie or a mailed link, and the hash that is stored in its place. */
export function createSecureToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

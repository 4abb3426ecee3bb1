import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Config } from '../config.ts';

/**
 * Encrypts secrets kept in the database (AES-256-GCM, a key derived from APP_SECRET), so a
 * backup or a read of a table does not give them away. `context` (the column and row) is bound
 * in as associated data: a value copied onto another row does not open.
 */
export interface SecretBox {
  seal(plain: string, context: string): string;
  open(sealed: string, context: string): string;
  isSealed(value: string): boolean;
  /**
   * A keyed signature (HMAC-SHA256, hex) of `text` for `purpose`, with a key of its own derived
   * from APP_SECRET: a signed value can only have come from this server (e.g. a ticket's reply
   * address), and a signature for one purpose is worthless for another.
   */
  sign(text: string, purpose: string): string;
}

const prefix = 'enc:v1:';

/** The key's text: APP_SECRET, the one kept in the data folder (made on first start), or new. */
export function appSecretText(source: Config['appSecret']): string {
  if ('value' in source) return source.value;
  if ('ephemeral' in source) return randomBytes(32).toString('base64url');
  if (existsSync(source.file)) return readFileSync(source.file, 'utf8').trim();
  mkdirSync(dirname(source.file), { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  // `wx`: two processes starting together cannot both write one; the loser reads the winner's.
  try {
    writeFileSync(source.file, `${secret}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return readFileSync(source.file, 'utf8').trim();
    }
    throw error;
  }
  chmodSync(source.file, 0o600);
  return secret;
}

export function createSecretBox(secret: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', secret, 'sebenza-digital', 'secrets at rest v1', 32));
  const signingKey = Buffer.from(
    hkdfSync('sha256', secret, 'sebenza-digital', 'signatures v1', 32),
  );
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return prefix + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
    },
    open(sealed, context) {
      if (!sealed.startsWith(prefix)) throw new Error('not a sealed secret');
      const bytes = Buffer.from(sealed.slice(prefix.length), 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString(
        'utf8',
      );
    },
    isSealed: (value) => value.startsWith(prefix),
    sign: (text, purpose) =>
      createHmac('sha256', signingKey).update(`${purpose}\n${text}`).digest('hex'),
  };
}

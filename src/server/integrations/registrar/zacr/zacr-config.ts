/**
 * ZACR_* settings: all of them or none (ZACR_EPP_PORT and ZACR_EPP_CA_FILE have defaults), read
 * with config.ts's other settings.
 */
import { existsSync } from 'node:fs';
import { z } from 'zod';
import type { ZacrConfig } from './zacr-registrar.ts';

const blank = (value: unknown) => (value === '' ? undefined : value);
const optionalText = z.preprocess(blank, z.string().min(1).optional());
const hostname = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export const zacrEnvShape = {
  ZACR_EPP_HOST: optionalText,
  // co.za's EPP server listens on 3121 (ZACR's co.za registrar material); other ZA namespaces
  // and ZACR's gTLDs give their own host and port with the credentials.
  ZACR_EPP_PORT: z.preprocess(
    blank,
    z.coerce
      .number({ error: 'must be a port number' })
      .int('must be a whole number')
      .min(1, 'must be between 1 and 65535')
      .max(65535, 'must be between 1 and 65535')
      .default(3121),
  ),
  ZACR_EPP_USERNAME: optionalText,
  ZACR_EPP_PASSWORD: optionalText,
  ZACR_EPP_CERT_FILE: optionalText,
  ZACR_EPP_KEY_FILE: optionalText,
  ZACR_EPP_CA_FILE: optionalText,
  ZACR_NAMESERVERS: z.preprocess(
    blank,
    z
      .string()
      .transform((list) =>
        list
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine(
        (hosts) => hosts.length >= 2,
        'must list at least two name servers (ZACR requires two)',
      )
      .refine(
        (hosts) => hosts.every((host) => hostname.test(host)),
        'must be host names separated by commas',
      )
      .optional(),
  ),
};

type ZacrEnv = z.infer<z.ZodObject<typeof zacrEnvShape>>;

const required = [
  'ZACR_EPP_HOST',
  'ZACR_EPP_USERNAME',
  'ZACR_EPP_PASSWORD',
  'ZACR_EPP_CERT_FILE',
  'ZACR_EPP_KEY_FILE',
  'ZACR_NAMESERVERS',
] as const;

/** The ZACR settings, undefined when none is set; a problem is a sentence naming the variable. */
export function readZacrConfig(e: ZacrEnv): { config?: ZacrConfig; problem?: string } {
  const set = required.filter((name) => e[name] !== undefined);
  if (set.length === 0 && !e.ZACR_EPP_CA_FILE) return {};
  const missing = required.filter((name) => e[name] === undefined);
  if (missing.length) {
    return { problem: `${missing.join(', ')} must be set with the other ZACR_* settings` };
  }
  for (const name of ['ZACR_EPP_CERT_FILE', 'ZACR_EPP_KEY_FILE', 'ZACR_EPP_CA_FILE'] as const) {
    const file = e[name];
    if (file && !existsSync(file)) return { problem: `${name} names no file (got "${file}")` };
  }
  return {
    config: {
      host: e.ZACR_EPP_HOST!,
      port: e.ZACR_EPP_PORT,
      username: e.ZACR_EPP_USERNAME!,
      password: e.ZACR_EPP_PASSWORD!,
      certFile: e.ZACR_EPP_CERT_FILE!,
      keyFile: e.ZACR_EPP_KEY_FILE!,
      caFile: e.ZACR_EPP_CA_FILE,
      nameservers: e.ZACR_NAMESERVERS!,
    },
  };
}

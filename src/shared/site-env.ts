import { z } from 'zod';
import type { SiteConfig } from './site.ts';

const blankAsUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/** The environment variables that say what the site calls itself (read at build and at start). */
export const siteEnvSchema = z.object({
  SITE_NAME: z.preprocess(blankAsUndefined, z.string().trim().max(60).default('Sebenza Digital')),
  CONTACT_EMAIL: z.preprocess(
    blankAsUndefined,
    z.email({ error: 'must be an e-mail address' }).default('hello@sebenzadigital.co.za'),
  ),
  EXAMPLE_HOST: z.preprocess(
    blankAsUndefined,
    z
      .string()
      .trim()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a host name such as yourbusiness.co.za')
      .default('yourbusiness.co.za'),
  ),
  // Checked in full by the server's configuration; here only whether it is set.
  SUPPLIER_VAT_NUMBER: z.preprocess(blankAsUndefined, z.string().optional()),
});

export function toSiteConfig(env: z.infer<typeof siteEnvSchema>): SiteConfig {
  return {
    siteName: env.SITE_NAME,
    contactEmail: env.CONTACT_EMAIL,
    exampleHost: env.EXAMPLE_HOST,
    vatRegistered: Boolean(env.SUPPLIER_VAT_NUMBER),
  };
}

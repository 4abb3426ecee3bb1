import { siteGlobal } from '#shared/site.ts';
import { siteEnvSchema, toSiteConfig } from '#shared/site-env.ts';

// Client modules read the site's settings as the server's renderer gives them (src/client/lib/site.ts).
(globalThis as Record<string, unknown>)[siteGlobal] = toSiteConfig(
  siteEnvSchema.parse(process.env),
);

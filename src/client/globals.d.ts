import type { SiteConfig } from '#shared/site.ts';

declare global {
  /** Set at build time from SITE_NAME, CONTACT_EMAIL and EXAMPLE_HOST (vite.config.ts). */
  const __SITE__: SiteConfig;
}

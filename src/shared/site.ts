/** What the site calls itself; fixed at build time from the environment (site-env.ts). */
export interface SiteConfig {
  siteName: string;
  contactEmail: string;
  exampleHost: string;
}

export const siteLocation = 'Johannesburg East South Africa';

/** What the site calls itself; fixed at build time from the environment (site-env.ts). */
export interface SiteConfig {
  siteName: string;
  contactEmail: string;
  exampleHost: string;
  /** Whether the supplier is registered for VAT (SUPPLIER_VAT_NUMBER), so prices speak of it. */
  vatRegistered: boolean;
}

export const siteLocation = 'Johannesburg East South Africa';

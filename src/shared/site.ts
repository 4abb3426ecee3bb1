/** What the site calls itself; read from the environment when the server starts (site-env.ts). */
export interface SiteConfig {
  siteName: string;
  contactEmail: string;
  exampleHost: string;
  /** Whether the supplier is registered for VAT (SUPPLIER_VAT_NUMBER), so prices speak of it. */
  vatRegistered: boolean;
}

export const siteLocation = 'Johannesburg East South Africa';

/**
 * The id of the data block that carries the site's settings to the browser in every page the
 * server sends: the built client is the same whatever the settings (issue 27 §1).
 */
export const siteDataId = 'site-config';

/** Where a renderer outside the browser (the build, the server) finds the site's settings. */
export const siteGlobal = '__sebenzaSite';

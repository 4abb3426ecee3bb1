import { siteDataId, siteGlobal, type SiteConfig } from '#shared/site.ts';
import { vatWording } from '#shared/vat-wording.ts';

/**
 * The site's settings as the server gave them: in the browser from the page's data block, in the
 * renderer (build and server) from the global the renderer's host sets before loading it.
 */
function readSite(): SiteConfig {
  const block = typeof document === 'undefined' ? null : document.getElementById(siteDataId);
  if (block?.textContent) return JSON.parse(block.textContent) as SiteConfig;
  const given = (globalThis as Record<string, unknown>)[siteGlobal];
  if (given) return given as SiteConfig;
  throw new Error(`The page carries no site settings (#${siteDataId})`);
}

/** The site's name, contact e-mail, example host and VAT registration. */
export const site = readSite();

/** How this site's prices speak of VAT (none of it when the supplier is not registered). */
export const vat = vatWording(site.vatRegistered);

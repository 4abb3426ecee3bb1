import { vatWording } from '#shared/vat-wording.ts';

/** The site's name, contact e-mail, example host and VAT registration, fixed at build time. */
export const site = __SITE__;

/** How this site's prices speak of VAT (none of it when the supplier is not registered). */
export const vat = vatWording(site.vatRegistered);

/** The site's name, contact e-mail and example host, fixed at build time. */
export const site = __SITE__;

import { siteDataId, type SiteConfig } from '#shared/site.ts';

/** What a page's HTML says of the site beyond the client build: its settings and address. */
export interface PageSettings {
  site: SiteConfig;
  publicUrl: string;
}

/** What a prerendered page's head says besides its title. */
export interface PageMeta {
  description?: string;
  canonicalPath?: string;
}

const escapeHtml = (text: string) =>
  text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

/** The head of a page: title, and for public pages the description, sharing tags and canonical link. */
export function pageHead(settings: PageSettings, title: string, meta: PageMeta = {}): string {
  const tags = [`<title>${escapeHtml(title)}</title>`];
  if (meta.description) {
    tags.push(
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:title" content="${escapeHtml(title)}" />`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
      `<meta property="og:site_name" content="${escapeHtml(settings.site.siteName)}" />`,
      `<meta property="og:locale" content="en_ZA" />`,
    );
  }
  if (meta.canonicalPath) {
    tags.push(`<link rel="canonical" href="${settings.publicUrl}${meta.canonicalPath}" />`);
  }
  return tags.join('\n    ');
}

/**
 * A data block: JSON the browser never runs (the CSP allows no inline script), with `<` escaped
 * so no text in it can close the element.
 */
export function dataBlock(id: string, value: unknown): string {
  const json = JSON.stringify(value).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${id}">${json}</script>`;
}

export const withDataBlock = (html: string, block: string) =>
  block ? html.replace('</body>', `${block}</body>`) : html;

/** A whole page from the build's index.html: its head, its rendered body and the site's settings. */
export function pageDocument(
  template: string,
  head: string,
  body: string,
  site: SiteConfig,
): string {
  const doc = template.replace('<!--app-head-->', head).replace('<!--app-html-->', body);
  return withDataBlock(doc, dataBlock(siteDataId, site));
}

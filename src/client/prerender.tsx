import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import type { CatalogueEdits } from '#shared/catalogue.ts';
import type { PageQuery } from '#shared/page-queries.ts';
import { App } from './app/app.tsx';
import { titleFor } from './app/document-title.tsx';
import { CatalogueProvider } from './lib/catalogue-edits.tsx';

/**
 * Renders one route to HTML: at build time with the catalogue as the code ships it, and on the
 * server again with the back office's `edits` (decision 015). The first pass loads the route's
 * lazy page chunk; the second renders it in one piece, so the HTML carries no inline streaming
 * scripts (the CSP allows none). `queries`: the data of a page the server renders with it (a help
 * article, decision 036).
 */
export async function render(
  path: string,
  edits?: CatalogueEdits,
  queries?: PageQuery[],
): Promise<{ html: string; title: string }> {
  const app = (
    <CatalogueProvider edits={edits}>
      <App ssrPath={path} queries={queries} />
    </CatalogueProvider>
  );
  const { prelude } = await prerenderToNodeStream(app);
  for await (const _chunk of prelude) void _chunk;
  const html = renderToString(app);
  if (html.includes('<script')) throw new Error(`Prerendered ${path} contains an inline script`);
  return { html, title: titleFor(path) };
}

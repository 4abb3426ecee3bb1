import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './app/app.tsx';
import { titleFor } from './app/document-title.tsx';

/**
 * Renders one route to HTML at build time. The first pass loads the route's lazy page chunk; the
 * second renders it in one piece, so the HTML carries no inline streaming scripts (the CSP
 * allows none).
 */
export async function render(path: string): Promise<{ html: string; title: string }> {
  const { prelude } = await prerenderToNodeStream(<App ssrPath={path} />);
  for await (const _chunk of prelude) void _chunk;
  const html = renderToString(<App ssrPath={path} />);
  if (html.includes('<script')) throw new Error(`Prerendered ${path} contains an inline script`);
  return { html, title: titleFor(path) };
}

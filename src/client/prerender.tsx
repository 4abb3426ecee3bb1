import { prerenderToNodeStream } from 'react-dom/static';
import { App } from './app/app.tsx';
import { titleFor } from './app/document-title.tsx';

/** Renders one route to HTML at build time, waiting for its lazy page chunk to load. */
export async function render(path: string): Promise<{ html: string; title: string }> {
  const { prelude } = await prerenderToNodeStream(<App ssrPath={path} />);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return { html, title: titleFor(path) };
}

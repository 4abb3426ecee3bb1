import { renderToString } from 'react-dom/server';
import { App } from './app/app.tsx';
import { titleFor } from './app/document-title.tsx';

/** Renders one route to HTML at build time (scripts/build.ts writes it into the page). */
export function render(path: string): { html: string; title: string } {
  return { html: renderToString(<App ssrPath={path} />), title: titleFor(path) };
}

import { createContext, type ReactNode } from 'react';
import type { CatalogueEdits } from '#shared/catalogue.ts';

/**
 * What the back office changed in the catalogue the code ships (decision 015). The server puts
 * the edits in every page it serves, as a JSON data block that main.tsx reads once before
 * hydration, and renders the prerendered pages with the same edits, so the HTML, the hydrated page
 * and the server's charge agree. Only the edits live here (the catalogue itself stays out of the
 * entry chunk); `useCatalogue` (catalogue.tsx) applies them.
 */
export const CatalogueEditsContext = createContext<CatalogueEdits | undefined>(undefined);

export function CatalogueProvider({
  edits,
  children,
}: {
  edits: CatalogueEdits | undefined;
  children: ReactNode;
}) {
  return <CatalogueEditsContext value={edits}>{children}</CatalogueEditsContext>;
}

/** The id of the data block web.ts writes (`catalogueDataBlock`). */
const dataBlockId = 'catalogue-edits';

/** The edits the server wrote into this page, if any. */
export function catalogueEditsOfPage(): CatalogueEdits | undefined {
  const block = document.getElementById(dataBlockId);
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as CatalogueEdits;
  } catch {
    return undefined;
  }
}

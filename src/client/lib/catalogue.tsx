import { use } from 'react';
import { liveCatalogue, type CatalogueEdits, type LiveCatalogue } from '#shared/catalogue.ts';
import { formatZAR } from '#shared/money.ts';
import { CatalogueEditsContext } from './catalogue-edits.tsx';

const shipped = liveCatalogue();
const applied = new WeakMap<CatalogueEdits, LiveCatalogue>();

/** The catalogue as it is sold now: the code's, with the back office's edits (decision 015). */
export function useCatalogue(): LiveCatalogue {
  const edits = use(CatalogueEditsContext);
  if (!edits) return shipped;
  let catalogue = applied.get(edits);
  if (!catalogue) applied.set(edits, (catalogue = liveCatalogue(edits)));
  return catalogue;
}

/** A price line, or "not on sale at the moment" for a package or add-on that is off sale. */
export const priceText = (cents: number | undefined, text: (price: string) => string): string =>
  cents === undefined ? 'not on sale at the moment' : text(formatZAR(cents));

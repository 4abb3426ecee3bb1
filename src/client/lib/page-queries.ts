import { pageQueriesDataId, type PageQuery } from '#shared/page-queries.ts';

/** The queries the server rendered this page with (decision 036), if it wrote any. */
export function pageQueriesOfPage(): PageQuery[] | undefined {
  const block = document.getElementById(pageQueriesDataId);
  if (!block?.textContent) return undefined;
  try {
    return JSON.parse(block.textContent) as PageQuery[];
  } catch {
    return undefined;
  }
}

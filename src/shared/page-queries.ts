/**
 * The data a server-rendered page was made with (a help article), handed to the browser as a JSON
 * data block so that the client starts with the same queries and hydration matches (decision 036).
 */
export interface PageQuery {
  /** The query's key: its API path first, as the client's `queryOptions` make it. */
  queryKey: readonly unknown[];
  data: unknown;
}

/** The id of that data block. */
export const pageQueriesDataId = 'page-queries';

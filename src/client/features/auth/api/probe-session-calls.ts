import { apiFetch } from '../../../lib/api-client.ts';

/** One call as the debug page shows it: status, status text and the start of the raw body. */
async function probe(url: string): Promise<string> {
  try {
    const response = await apiFetch('GET', url);
    const text = await response.text();
    return `${response.status} ${response.statusText} ${text.slice(0, 200)}`;
  } catch (error) {
    return `request failed: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/**
 * GET /api/user and GET /api/cookie-refresh exactly as this browser gets them, for the debug
 * page (SPEC §2): raw answers to show, never read as data.
 */
export async function probeSessionCalls(): Promise<{ user: string; cookieRefresh: string }> {
  const [user, cookieRefresh] = await Promise.all([
    probe('/api/user'),
    probe(`/api/cookie-refresh?_cb=${Date.now()}`),
  ]);
  return { user, cookieRefresh };
}

import { apiFetch } from '../../../lib/api-client.ts';

/**
 * GET /api/user/export: the POPIA export, saved as the file the browser downloads. The document
 * is the caller's own data, kept as the server wrote it: nothing here reads or types it.
 */
export async function downloadMyData(): Promise<void> {
  const response = await apiFetch('GET', '/api/user/export');
  if (!response.ok) throw new Error(`Download failed (${response.status})`);
  const name =
    /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ??
    'my-data.json';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

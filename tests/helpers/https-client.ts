import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as it came over the wire: still compressed when the server compressed it. */
  body: Buffer;
  text: () => string;
  json: <T>() => T;
}

export interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  /** Sends the body's last byte this much later: the request holds its connection meanwhile. */
  holdMs?: number;
}

/**
 * A browser-like HTTPS client of one site, made with node:https rather than fetch to choose its
 * own address (`localAddress`: another loopback address than a proxy's, so what the app believes
 * about the client can be told apart) and to trust `ca` alone. It keeps the site's cookies and
 * sends its Origin with every state-changing request, as a browser on the site does.
 */
export function httpsClient(site: string, options: { ca: string; localAddress: string }) {
  const origin = new URL(site).origin;
  const cookies = new Map<string, string>();

  const keepCookies = (setCookie: string[] = []) => {
    for (const line of setCookie) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (value) cookies.set(name, value);
      else cookies.delete(name);
    }
  };

  return function send(path: string, init: SendOptions = {}): Promise<Answer> {
    const method = init.method ?? (init.json !== undefined || init.form ? 'POST' : 'GET');
    const body =
      init.json !== undefined
        ? JSON.stringify(init.json)
        : init.form
          ? new URLSearchParams(init.form).toString()
          : undefined;
    const headers: Record<string, string> = {
      ...(method === 'GET' || method === 'HEAD' ? {} : { origin }),
      ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      ...(cookies.size > 0
        ? { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
        : {}),
      ...init.headers,
    };
    return new Promise((done, fail) => {
      const outgoing = request(
        new URL(path, site),
        { method, headers, ca: options.ca, localAddress: options.localAddress, agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', fail);
          response.on('end', () => {
            keepCookies(response.headers['set-cookie']);
            const raw = Buffer.concat(chunks);
            done({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: raw,
              text: () => raw.toString('utf8'),
              json: <T>() => JSON.parse(raw.toString('utf8')) as T,
            });
          });
        },
      );
      outgoing.setTimeout(30_000, () => outgoing.destroy(new Error(`${method} ${path} timed out`)));
      outgoing.on('error', fail);
      if (!init.holdMs || !body) return void outgoing.end(body);
      outgoing.write(body.slice(0, -1));
      setTimeout(() => outgoing.end(body.slice(-1)), init.holdMs);
    });
  };
}

import { createServer, request as httpRequest, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { checkHost, notPublic, type AddressPolicy } from './public-address.ts';

export interface BlockedRequest {
  host: string;
  reason: string;
}

export interface GuardProxy {
  /** `http://127.0.0.1:<port>`, for Chromium's `--proxy-server`. */
  url: string;
  /** Requests refused, in order (a redirect to a private address shows up here). */
  blocked: BlockedRequest[];
  close(): Promise<void>;
}

const hopByHop = new Set([
  'connection',
  'proxy-connection',
  'proxy-authorization',
  'keep-alive',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/**
 * The only way out for the measuring browser: every request it makes (the page, each redirect,
 * every image, script and frame, https through CONNECT) comes here, and is sent on only when its
 * host resolves to public addresses (AddressPolicy), to the very address that was checked — so
 * neither a redirect nor a DNS answer that changes after the check can reach the server's
 * network, the cloud metadata service or the machine itself.
 */
export async function startGuardProxy(policy: AddressPolicy): Promise<GuardProxy> {
  const blocked: BlockedRequest[] = [];
  const sockets = new Set<Socket>();

  // Only refusals for being private are kept (a name that does not resolve is just a failure).
  const refuse = (host: string, reason: string) => {
    if (blocked.length < 50 && reason === notPublic) blocked.push({ host, reason });
  };

  const server: Server = createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (target.protocol !== 'http:') {
      res.writeHead(400).end();
      return;
    }
    void checkHost(target.hostname, policy).then((checked) => {
      if (!checked.ok) {
        refuse(target.hostname, checked.reason);
        res.writeHead(403, { 'content-type': 'text/plain' }).end(`Blocked: ${checked.reason}`);
        return;
      }
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value !== undefined && !hopByHop.has(name)) headers[name] = value;
      }
      const upstream = httpRequest(
        {
          host: checked.address,
          port: Number(target.port || 80),
          path: `${target.pathname}${target.search}`,
          method: req.method,
          headers,
          setHost: false,
        },
        (answer) => {
          const out: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value !== undefined && !hopByHop.has(name)) out[name] = value;
          }
          res.writeHead(answer.statusCode ?? 502, out);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502);
        res.end();
      });
      req.pipe(upstream);
    });
  });

  server.on('connect', (req, client: Socket, head: Buffer) => {
    const [hostPart, portPart] = splitHostPort(req.url ?? '');
    const port = Number(portPart);
    if (!hostPart || !Number.isInteger(port) || port <= 0 || port > 65535) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    void checkHost(hostPart, policy).then((checked) => {
      if (!checked.ok) {
        refuse(hostPart, checked.reason);
        client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
        return;
      }
      const upstream = connect(port, checked.address, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      sockets.add(upstream);
      upstream.on('close', () => {
        sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => {
        if (client.writable) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
      });
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    blocked,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** `host:port` and `[v6]:port` as CONNECT sends them. */
function splitHostPort(authority: string): [string, string] {
  const bracketed = /^\[([^\]]+)\]:(\d+)$/.exec(authority);
  if (bracketed) return [bracketed[1]!, bracketed[2]!];
  const at = authority.lastIndexOf(':');
  return at > 0 ? [authority.slice(0, at), authority.slice(at + 1)] : [authority, ''];
}

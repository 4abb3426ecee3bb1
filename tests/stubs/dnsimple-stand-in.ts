import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local DNSimple API v2 for tests: the official client talks to it over HTTP exactly as it
 * would to api.dnsimple.com. Serves whoami, domain check, prices, contacts and registrations;
 * `failNext(status, times)` makes the next calls answer 429 or 5xx.
 */
export async function startDnsimpleStandIn(options: { token: string; accountId: number }) {
  const registered = new Set<string>(['taken.com']);
  /** Domains registered into this account (not merely taken by someone else). */
  const owned = new Map<string, number>();
  const calls: string[] = [];
  let failures: { status: number; remaining: number } | null = null;
  let nextId = 100;
  const zones = new Map<string, Map<number, Record<string, unknown>>>();
  const autoRenew = new Map<string, boolean>();

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body === undefined ? '' : JSON.stringify(body));
  };

  async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
    let text = '';
    for await (const chunk of request) text += chunk;
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      calls.push(`${request.method} ${url.pathname}`);
      if (request.headers.authorization !== `Bearer ${options.token}`) {
        return send(response, 401, { message: 'Authentication failed' });
      }
      if (failures && failures.remaining > 0) {
        failures.remaining -= 1;
        return send(response, failures.status, { message: 'Injected failure' });
      }
      const account = `/v2/${options.accountId}`;
      if (url.pathname === '/v2/whoami') {
        return send(response, 200, {
          data: { user: null, account: { id: options.accountId, email: 'ops@example.co.za' } },
        });
      }
      const zone = new RegExp(`^${account}/zones/([^/]+)/records(?:/(\\d+))?$`).exec(url.pathname);
      if (zone) {
        const records = zones.get(zone[1]!) ?? new Map<number, Record<string, unknown>>();
        zones.set(zone[1]!, records);
        const id = zone[2] ? Number(zone[2]) : undefined;
        if (request.method === 'GET' && id === undefined) {
          return send(response, 200, {
            data: [...records.values()],
            pagination: { current_page: 1, total_pages: 1 },
          });
        }
        if (request.method === 'POST') {
          nextId += 1;
          const record = {
            id: nextId,
            zone_id: zone[1],
            priority: null,
            ...(await readJson(request)),
          };
          records.set(nextId, record);
          return send(response, 201, { data: record });
        }
        if (id === undefined || !records.has(id))
          return send(response, 404, { message: 'Record not found' });
        if (request.method === 'PATCH') {
          const record = { ...records.get(id), ...(await readJson(request)) };
          records.set(id, record);
          return send(response, 200, { data: record });
        }
        if (request.method === 'DELETE') {
          records.delete(id);
          response.writeHead(204).end();
          return;
        }
      }
      const delegation = new RegExp(`^${account}/registrar/domains/([^/]+)/delegation$`).exec(
        url.pathname,
      );
      if (delegation) {
        return send(response, 200, { data: ['ns1.dnsimple.com', 'ns2.dnsimple-edge.net'] });
      }
      const renew = new RegExp(`^${account}/registrar/domains/([^/]+)/renewals$`).exec(
        url.pathname,
      );
      if (renew && request.method === 'POST') {
        const body = await readJson(request);
        nextId += 1;
        return send(response, 201, {
          data: { id: nextId, period: body.period ?? 1, state: 'renewed' },
        });
      }
      const renewal = new RegExp(`^${account}/registrar/domains/([^/]+)/auto_renewal$`).exec(
        url.pathname,
      );
      if (renewal) {
        autoRenew.set(decodeURIComponent(renewal[1]!), request.method === 'PUT');
        response.writeHead(204).end();
        return;
      }
      if (url.pathname === `${account}/domains`) {
        return send(response, 200, {
          data: [...owned.entries()].map(([name, id]) => ({ id, name, state: 'registered' })),
          pagination: { current_page: 1, per_page: 100, total_entries: owned.size, total_pages: 1 },
        });
      }
      const held = new RegExp(`^${account}/domains/([^/]+)$`).exec(url.pathname);
      if (held) {
        const domain = decodeURIComponent(held[1]!);
        if (!owned.has(domain)) return send(response, 404, { message: 'Domain not found' });
        return send(response, 200, {
          data: {
            id: owned.get(domain),
            name: domain,
            state: 'registered',
            expires_at: '2027-11-22T00:00:00Z',
          },
        });
      }
      const check = new RegExp(
        `^${account}/registrar/domains/([^/]+)/(check|prices|registrations)$`,
      ).exec(url.pathname);
      if (check) {
        const domain = decodeURIComponent(check[1]!);
        const premium = domain.split('.')[0]!.length <= 3;
        if (check[2] === 'check') {
          return send(response, 200, {
            data: { domain, available: !registered.has(domain), premium },
          });
        }
        if (check[2] === 'prices') {
          const price = premium ? 250 : 14.5;
          return send(response, 200, {
            data: {
              domain,
              premium,
              registration_price: price,
              renewal_price: price,
              transfer_price: price,
            },
          });
        }
        if (request.method === 'POST') {
          await readJson(request);
          if (registered.has(domain)) {
            return send(response, 400, { message: 'The domain is not available for registration' });
          }
          registered.add(domain);
          nextId += 1;
          owned.set(domain, nextId);
          return send(response, 201, {
            data: { id: nextId, domain_id: nextId, state: 'registered', period: 1 },
          });
        }
      }
      if (url.pathname === `${account}/contacts` && request.method === 'POST') {
        const body = await readJson(request);
        nextId += 1;
        return send(response, 201, { data: { id: nextId, ...body } });
      }
      return send(response, 404, { message: `No stand-in for ${request.method} ${url.pathname}` });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    calls,
    registered,
    owned,
    zones,
    autoRenew,
    failNext(status: number, times = 1) {
      failures = { status, remaining: times };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

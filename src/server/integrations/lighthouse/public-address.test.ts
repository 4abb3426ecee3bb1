import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGuardProxy, type GuardProxy } from './guard-proxy.ts';
import { checkHost, isPublicAddress } from './public-address.ts';

describe('which addresses a speed report may reach', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private 10/8'],
    ['172.16.0.1', 'private 172.16/12'],
    ['172.31.255.254', 'private 172.16/12'],
    ['192.168.1.1', 'private 192.168/16'],
    ['169.254.169.254', 'link-local: the cloud metadata service'],
    ['100.64.0.1', 'CGNAT'],
    ['100.100.100.200', "CGNAT: Alibaba's metadata service"],
    ['168.63.129.16', "Azure's wire server"],
    ['192.0.0.192', 'IETF protocol assignments (Oracle metadata)'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fc00::1', 'IPv6 unique local'],
    ['fd00:ec2::254', "IPv6 unique local: AWS's metadata service"],
    ['fe80::1', 'IPv6 link-local'],
    ['fec0::1', 'IPv6 site-local'],
    ['ff02::1', 'IPv6 multicast'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::127.0.0.1', 'IPv4-compatible loopback'],
    ['64:ff9b::a00:1', 'NAT64 of a private address'],
    ['2002:c0a8:101::1', '6to4 of a private address'],
    ['2001::1', 'Teredo'],
  ])('refuses %s (%s)', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '41.185.8.1', '196.25.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    'lets the public address %s through',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );

  const resolver =
    (table: Record<string, string[]>) =>
    async (host: string): Promise<string[]> => {
      const found = table[host];
      if (!found) throw new Error('ENOTFOUND');
      return found;
    };

  it('refuses a name that resolves to a private address, or to any private one among several', async () => {
    const resolve = resolver({
      'internal.example.co.za': ['10.0.0.5'],
      'mixed.example.co.za': ['8.8.8.8', '192.168.0.1'],
      'rebind.example.co.za': ['::ffff:127.0.0.1'],
      'public.example.co.za': ['8.8.4.4'],
    });
    const policy = { allowHosts: [], resolve };
    expect(await checkHost('internal.example.co.za', policy)).toMatchObject({ ok: false });
    expect(await checkHost('mixed.example.co.za', policy)).toMatchObject({ ok: false });
    expect(await checkHost('rebind.example.co.za', policy)).toMatchObject({ ok: false });
    expect(await checkHost('nowhere.example.co.za', policy)).toEqual({
      ok: false,
      reason: 'could not be found (no DNS record)',
    });
    expect(await checkHost('public.example.co.za', policy)).toEqual({
      ok: true,
      host: 'public.example.co.za',
      address: '8.8.4.4',
    });
  });

  it('refuses local names without asking DNS, and lets named hosts through only when allowed', async () => {
    const resolve = async () => ['8.8.8.8'];
    for (const host of ['localhost', 'app.localhost', 'printer.local', 'metadata', 'intranet']) {
      expect(await checkHost(host, { allowHosts: [], resolve })).toMatchObject({ ok: false });
    }
    expect(await checkHost('metadata.google.internal', { allowHosts: [], resolve })).toMatchObject({
      ok: false,
    });
    expect(await checkHost('[::1]', { allowHosts: [] })).toMatchObject({ ok: false });
    // Decimal, hex and short forms of 127.0.0.1: the URL parser normalises them first.
    for (const url of [
      'http://2130706433/',
      'http://0x7f.1/',
      'http://127.1/',
      'http://0177.0.0.1/',
    ]) {
      const { hostname } = new URL(url);
      expect(hostname).toBe('127.0.0.1');
      expect(await checkHost(hostname, { allowHosts: [] })).toMatchObject({ ok: false });
    }
    expect(await checkHost('127.0.0.1', { allowHosts: ['127.0.0.1'] })).toMatchObject({ ok: true });
  });
});

describe('the guard proxy the measuring browser goes through', () => {
  let site: Server;
  let sitePort: number;
  let proxy: GuardProxy;
  let proxyPort: number;

  beforeAll(async () => {
    site = createServer((req, res) => res.end(`site saw ${req.headers.host} ${req.url}`));
    await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
    sitePort = (site.address() as AddressInfo).port;
    // "pinned.example" resolves to the local site and is allowed; 127.0.0.2 is not.
    proxy = await startGuardProxy({
      allowHosts: ['127.0.0.1', 'pinned.example'],
      resolve: async (host) => (host === 'pinned.example' ? ['127.0.0.1'] : ['10.0.0.1']),
    });
    proxyPort = Number(new URL(proxy.url).port);
  });
  afterAll(async () => {
    await proxy.close();
    await new Promise((done) => site.close(done));
  });

  const viaProxy = (target: string) =>
    new Promise<{ status: number; body: string }>((done, fail) => {
      const req = request(
        {
          host: '127.0.0.1',
          port: proxyPort,
          path: target,
          headers: { host: new URL(target).host },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => done({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', fail);
      req.end();
    });

  const connectVia = (authority: string) =>
    new Promise<string>((done, fail) => {
      const socket = connect(proxyPort, '127.0.0.1', () => {
        socket.write(`CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n\r\n`);
      });
      socket.once('data', (chunk: Buffer) => {
        done(chunk.toString().split('\r\n')[0]!);
        socket.destroy();
      });
      socket.on('error', fail);
    });

  it('passes an allowed host, connecting to the address it checked (no second lookup)', async () => {
    expect(await viaProxy(`http://127.0.0.1:${sitePort}/a?b=1`)).toEqual({
      status: 200,
      body: `site saw 127.0.0.1:${sitePort} /a?b=1`,
    });
    expect(await viaProxy(`http://pinned.example:${sitePort}/`)).toEqual({
      status: 200,
      body: `site saw pinned.example:${sitePort} /`,
    });
    expect(await connectVia(`127.0.0.1:${sitePort}`)).toBe('HTTP/1.1 200 Connection Established');
  });

  it('refuses plain requests and tunnels to private addresses, and records them', async () => {
    expect((await viaProxy(`http://127.0.0.2:${sitePort}/`)).status).toBe(403);
    expect((await viaProxy('http://169.254.169.254/latest/meta-data/')).status).toBe(403);
    expect((await viaProxy('http://[::1]:80/')).status).toBe(403);
    expect((await viaProxy('http://elsewhere.example/')).status).toBe(403);
    expect(await connectVia('10.0.0.1:443')).toBe('HTTP/1.1 403 Forbidden');
    expect(await connectVia('[fd00:ec2::254]:443')).toBe('HTTP/1.1 403 Forbidden');
    expect(proxy.blocked.map((entry) => entry.host)).toEqual([
      '127.0.0.2',
      '169.254.169.254',
      '[::1]',
      'elsewhere.example',
      '10.0.0.1',
      'fd00:ec2::254',
    ]);
  });
});

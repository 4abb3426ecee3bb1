import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderedPages, redirects } from '#shared/routes.ts';
import { createTestApp, type TestApp } from '../../../tests/helpers/test-app.ts';
import { pageFile } from './web.ts';

let t: TestApp;
let clientDir: string;

/** A small stand-in for dist/client: one marked HTML file per page, the shell, 404 and an asset. */
function writeClientBuild(dir: string) {
  const write = (file: string, body: string) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
  };
  for (const page of prerenderedPages)
    write(pageFile(dir, page.path), `<!doctype html><p>page ${page.path}</p>`);
  write(join(dir, '_shell.html'), '<!doctype html><div id="root"></div>');
  write(join(dir, '404.html'), '<!doctype html><title>404 Page Not Found</title>');
  write(
    join(dir, 'assets', 'index-abc123.js'),
    `console.log(${JSON.stringify('x'.repeat(4000))});`,
  );
  write(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
}

beforeAll(async () => {
  clientDir = mkdtempSync(join(tmpdir(), 'web-test-'));
  writeClientBuild(clientDir);
  t = await createTestApp({ CLIENT_DIR: clientDir, PUBLIC_URL: 'https://shop.example.co.za' });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

describe('pages', () => {
  it('serves every public page with HTML no-cache', async () => {
    for (const page of prerenderedPages) {
      const response = await t.app.inject({ method: 'GET', url: page.path });
      expect(response.statusCode, page.path).toBe(200);
      expect(response.body).toContain(`page ${page.path}`);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('compresses pages with brotli or gzip as the browser accepts', async () => {
    const br = await t.app.inject({ url: '/about', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    const gz = await t.app.inject({ url: '/about', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('answers client-rendered routes with the app shell', async () => {
    for (const path of [
      '/user/dashboard',
      '/dashboard',
      '/admin/login',
      '/admin/audit-log',
      '/auth',
      '/login-test',
      '/payment/details/PAY-123',
      '/user/settings/',
    ]) {
      const response = await t.app.inject({ url: path });
      expect(response.statusCode, path).toBe(200);
      expect(response.body).toContain('<div id="root"></div>');
    }
  });

  it('answers any other path with the 404 page and status 404', async () => {
    for (const path of ['/no-such-page', '/services/unknown', '/user/nope', '/payment/details']) {
      const response = await t.app.inject({ url: path });
      expect(response.statusCode, path).toBe(404);
      expect(response.body).toContain('404 Page Not Found');
    }
  });

  it('redirects the old paths of SPEC §2 with 301', async () => {
    for (const [from, to] of Object.entries(redirects)) {
      const response = await t.app.inject({ url: from });
      expect(response.statusCode, from).toBe(301);
      expect(response.headers.location).toBe(to);
    }
  });
});

describe('assets', () => {
  it('serves hashed assets as immutable for a year', async () => {
    const response = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never serves the raw HTML files as static files', async () => {
    const response = await t.app.inject({ url: '/_shell.html' });
    expect(response.statusCode).toBe(404);
  });
});

describe('sitemap and robots', () => {
  it('lists the indexable pages under the public URL', async () => {
    const response = await t.app.inject({ url: '/sitemap.xml' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/xml');
    expect(response.body).toContain('<loc>https://shop.example.co.za/</loc>');
    expect(response.body).toContain('<loc>https://shop.example.co.za/services/business-plan</loc>');
    expect(response.body).not.toContain('/checkout');
    // The domain-registration page is listed once, under its own path, not its aliases.
    expect(response.body).toContain('<loc>https://shop.example.co.za/domain-registration</loc>');
    expect(response.body).not.toContain('/register-domain');
  });

  it('points robots at the sitemap and keeps private areas out', async () => {
    const response = await t.app.inject({ url: '/robots.txt' });
    expect(response.body).toContain('Sitemap: https://shop.example.co.za/sitemap.xml');
    expect(response.body).toContain('Disallow: /admin');
    expect(response.body).toContain('Disallow: /payment/details/');
    const disallowed = [...response.body.matchAll(/^Disallow: (.+)$/gm)].map((m) => m[1]!);
    for (const open of ['/checkout', '/payment/success', '/payment/cancel', '/services']) {
      expect(disallowed.some((prefix) => open.startsWith(prefix))).toBe(false);
    }
  });

  it('sends HSTS and upgrade-insecure-requests only for an https public URL', async () => {
    const response = await t.app.inject({ url: '/' });
    expect(response.headers['strict-transport-security']).toBeDefined();
    expect(String(response.headers['content-security-policy'])).toContain(
      'upgrade-insecure-requests',
    );
  });
});

describe('simulator mode: banner and form-action', () => {
  const banner = '<aside aria-label="Test mode"';
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'web-banner-test-'));
    const write = (file: string, body: string) => {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, body);
    };
    for (const page of prerenderedPages)
      write(pageFile(dir, page.path), `<!doctype html><body class="x"><div id="root"></div>`);
    write(join(dir, '_shell.html'), '<!doctype html><body><div id="root"></div></body>');
    write(join(dir, '404.html'), '<!doctype html><body><h1>404 Page Not Found</h1></body>');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens every page, the app shell and the 404 with it while the simulator plays PayFast', async () => {
    const simulator = await createTestApp({
      CLIENT_DIR: dir,
      PUBLIC_URL: 'https://demo.example.co.za',
      PAYFAST_MODE: 'simulator',
    });
    try {
      for (const path of ['/', '/services', '/checkout', '/user/dashboard', '/no-such-page']) {
        const response = await simulator.app.inject({
          url: path,
          headers: { 'accept-encoding': 'br' },
        });
        expect(response.headers['content-encoding'], path).toBe('br');
        const html = brotliDecompressSync(response.rawPayload).toString('utf8');
        expect(html, path).toMatch(
          /<body[^>]*><aside aria-label="Test mode"[^>]*><p[^>]*>Test payments — no money moves<\/p><\/aside><(div id="root"|h1)>/,
        );
      }
      // The simulator's payment page is a path on this host: 'self' lets the form through.
      const csp = String(
        (await simulator.app.inject({ url: '/' })).headers['content-security-policy'],
      );
      expect(csp).toContain(
        "form-action 'self' https://www.payfast.co.za https://sandbox.payfast.co.za;",
      );
      expect(simulator.config.payfast.processUrl).toBe('/payfast-simulator/eng/process');
    } finally {
      await simulator.close();
    }
  });

  it('is absent with PayFast itself; a stand-in payment page joins form-action', async () => {
    const sandbox = await createTestApp({
      CLIENT_DIR: dir,
      PUBLIC_URL: 'https://shop.example.co.za',
      PAYFAST_MODE: 'sandbox',
      PAYFAST_PROCESS_URL: 'http://127.0.0.1:4999/eng/process',
    });
    try {
      for (const path of ['/', '/user/dashboard', '/no-such-page']) {
        const response = await sandbox.app.inject({ url: path });
        expect(response.body, path).not.toContain(banner);
        expect(response.body, path).not.toContain('no money moves');
      }
      const csp = String(
        (await sandbox.app.inject({ url: '/' })).headers['content-security-policy'],
      );
      expect(csp).toContain(
        "form-action 'self' https://www.payfast.co.za https://sandbox.payfast.co.za http://127.0.0.1:4999;",
      );
    } finally {
      await sandbox.close();
    }
  });
});

import { randomBytes } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Small local websites for speed-report tests and the bench, on 127.0.0.1 and a free port:
 * `/fast` (a light page), `/slow` (heavy, render-blocking, slow to answer, shifting layout),
 * `/never` (a page whose HTML never finishes) and `/to-private` (a redirect to 127.0.0.2).
 */
export interface SpeedTestSite {
  origin: string;
  url(path: '/fast' | '/slow' | '/never' | '/to-private'): string;
  close(): Promise<void>;
}

const head = (title: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><meta name="description" content="${title} test page"></head>`;

const fastPage = `${head('Fast page')}<body><main><h1>Plumbing in Soweto</h1><p>Fast, friendly plumbers. Call us today.</p></main></body></html>`;

// Built "on WordPress" as Lighthouse's library detector sees one (the REST API link), so its
// stack pack's advice comes with the findings.
const slowPage = `${head('Slow page')}<body>
<link rel="https://api.w.org/" href="/wp-json/">
<link rel="stylesheet" href="/heavy.css">
<script src="/heavy.js"></script>
<main><h1>Slow page</h1><p id="text">A heavy page that shifts.</p>
<img src="/big.jpg" alt="A large photo" style="width:100%">
<script>setTimeout(function () {
  var banner = document.createElement('div');
  banner.style.height = '400px';
  banner.style.background = '#c00';
  banner.textContent = 'Late banner';
  document.querySelector('main').prepend(banner);
}, 1200);</script></main></body></html>`;

// 1.5 MB of script that keeps the main thread busy for over a second.
const heavyScript = `(function(){var end=Date.now()+1200;while(Date.now()<end){}})();\n/*${randomBytes(
  700_000,
).toString('hex')}*/`;
const heavyStyles = `${Array.from({ length: 4000 }, (_, i) => `.unused-${i}{color:#${(i % 4096).toString(16).padStart(3, '0')};margin:${i % 13}px}`).join('\n')}`;
const bigImage = randomBytes(1_500_000);

const later = (ms: number, answer: () => void) => setTimeout(answer, ms);

export async function startSpeedTestSite(): Promise<SpeedTestSite> {
  const server = createServer((req, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    const html = (body: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    switch (path) {
      case '/fast':
        return html(fastPage);
      case '/slow':
        return later(600, () => html(slowPage));
      case '/heavy.js':
        return later(700, () => {
          res.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' });
          res.end(heavyScript);
        });
      case '/heavy.css':
        return later(700, () => {
          res.writeHead(200, { 'content-type': 'text/css', 'cache-control': 'no-store' });
          res.end(heavyStyles);
        });
      case '/big.jpg':
        return later(500, () => {
          res.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'no-store' });
          res.end(bigImage);
        });
      case '/never':
        // The start of a page, then nothing: the document never finishes loading.
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.write(`${head('Never')}<body><h1>Still loading</h1>`);
        return;
      case '/to-private':
        res.writeHead(302, { location: `http://127.0.0.2:${port}/fast` });
        return res.end();
      default:
        res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

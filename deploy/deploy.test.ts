import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderedPages } from '#shared/routes.ts';
import { itnParamString } from '../src/server/integrations/payfast/signature.ts';
import { pageFile } from '../src/server/plugins/web.ts';
import { startCaddy, type RunningCaddy } from '../tests/helpers/caddy.ts';
import { freePort } from '../tests/helpers/free-port.ts';
import { createServerDatabase, postgresServerUrl } from '../tests/helpers/postgres.ts';
import { httpsClient } from '../tests/helpers/https-client.ts';

/**
 * The deployment as shipped (issue 27 §4): deploy/Caddyfile in Debian's Caddy, with its internal
 * CA, in front of the app started by deploy/sebenza.service's command with two workers on a new
 * PostgreSQL database, PUBLIC_URL the proxy's https address and TRUST_PROXY=1. A customer on
 * another address (127.0.0.2) signs up, signs in and pays an order by card over HTTPS; the
 * PayFast simulator inside the app sends its ITN to the public notify URL, through Caddy.
 */
const root = resolve(import.meta.dirname, '..');
const customerAddress = '127.0.0.2';
let dir: string;
let caddy: RunningCaddy;
let app: ChildProcess;
let appLogs = '';
let database: Awaited<ReturnType<typeof createServerDatabase>>;
let send: ReturnType<typeof httpsClient>;
const asset = { path: '/assets/index-d3pl0y.js', body: `console.log("${'deploy '.repeat(600)}");` };

/** A stand-in for dist/client (the test needs no build): the pages, shell, 404 and one asset. */
function writeClientBuild(clientDir: string) {
  const write = (file: string, body: string | Buffer) => {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, body);
  };
  for (const page of prerenderedPages) {
    write(pageFile(clientDir, page.path), `<!doctype html><p>page ${page.path}</p>`);
  }
  write(join(clientDir, '_shell.html'), '<!doctype html><div id="root"></div>');
  write(join(clientDir, '404.html'), '<!doctype html><title>404 Page Not Found</title>');
  // As the build leaves them: each asset beside its brotli and gzip forms.
  const file = join(clientDir, asset.path);
  write(file, asset.body);
  write(`${file}.br`, brotliCompressSync(asset.body));
  write(`${file}.gz`, gzipSync(asset.body));
}

/** The app as the unit starts it: its ExecStart, in this tree instead of /srv/sebenza. */
function unitCommand(): [string, string[]] {
  const unit = readFileSync(join(root, 'deploy/sebenza.service'), 'utf8');
  const [program, ...args] = /^ExecStart=(.+)$/m.exec(unit)![1]!.split(' ');
  return [program!.replace('/srv/sebenza', root), args];
}

const servingPids = () =>
  new Set([...appLogs.matchAll(/"pid":(\d+)[^\n]*is serving on/g)].map((m) => m[1]));

async function until<T>(what: string, check: () => T | Promise<T>, ms = 30_000) {
  for (const end = Date.now() + ms; Date.now() < end;) {
    const value = await check();
    if (value) return value;
    if (app?.exitCode !== null && app?.exitCode !== undefined) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`${what} did not happen:\n${appLogs}\nCaddy:\n${caddy?.logs()}`);
}

async function query<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sebenza-deploy-'));
  writeClientBuild(join(dir, 'client'));
  database = await createServerDatabase({ prefix: 'deploy' }).catch((error: unknown) => {
    throw new Error(
      `The deployment test needs a PostgreSQL server (${postgresServerUrl()}; set TEST_DATABASE_URL for another): ${String(error)}`,
    );
  });
  const appPort = await freePort();
  caddy = await startCaddy({ upstream: `127.0.0.1:${appPort}`, home: join(dir, 'caddy') });
  const [program, args] = unitCommand();
  app = spawn(program, args, {
    cwd: root,
    // What /etc/sebenza/env would hold for this site, and nothing of the test's own environment.
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(appPort),
      PUBLIC_URL: caddy.url,
      TRUST_PROXY: '1',
      WEB_CONCURRENCY: '2',
      DATABASE_URL: database.url,
      APP_SECRET: randomBytes(32).toString('base64'),
      DATA_DIR: join(dir, 'data'),
      CLIENT_DIR: join(dir, 'client'),
      PAYFAST_MODE: 'simulator',
      LOG_LEVEL: 'info',
      // The app calls its own public address (the simulator's ITN, the ITN check): through
      // Caddy, trusting its internal CA as production trusts the public ones.
      NODE_EXTRA_CA_CERTS: caddy.rootFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  app.stdout!.on('data', (chunk: Buffer) => (appLogs += chunk.toString()));
  app.stderr!.on('data', (chunk: Buffer) => (appLogs += chunk.toString()));
  await until('two workers serving', () => servingPids().size >= 2, 45_000);
  send = httpsClient(caddy.url, { ca: caddy.rootPem, localAddress: customerAddress });
}, 60_000);

afterAll(async () => {
  if (app && app.exitCode === null && app.signalCode === null) {
    const exited = once(app, 'exit');
    app.kill('SIGTERM');
    const force = setTimeout(() => app.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(force);
  }
  await caddy?.stop();
  await database?.drop();
  if (dir) rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe('the shipped deployment: Caddy with TLS in front of two workers on PostgreSQL', () => {
  it('sells over HTTPS: sign-up, sign-in, an order paid on the simulator, its ITN through Caddy', async () => {
    const email = `deploy.${Date.now()}@example.co.za`;
    const password = 'correct horse battery staple';
    // A client's own X-Forwarded-For is not believed: Caddy writes the address it saw.
    const spoofed = { 'x-forwarded-for': '197.97.145.145' };
    const signUp = await send('/api/register', {
      json: { fullName: 'Thandi Nkosi', email, password },
      headers: spoofed,
    });
    expect(signUp.status, signUp.text()).toBe(201);
    expect(signUp.headers['set-cookie']?.join()).toMatch(/sid=[^;]+;.*Secure/);
    const userId = signUp.json<{ id: string }>().id;
    expect((await send('/api/logout', { method: 'POST' })).status).toBe(200);
    const signIn = await send('/api/login', { json: { email, password }, headers: spoofed });
    expect(signIn.status, signIn.text()).toBe(200);

    const diagnostics = await send('/api/session-diagnostics');
    expect(diagnostics.json()).toMatchObject({ sessionActive: true, secureConnection: true });

    const order = await send('/api/orders', {
      json: { items: [{ type: 'package', packageId: 'website-business' }] },
    });
    expect(order.status, order.text()).toBe(201);
    const { reference } = order.json<{ reference: string }>();
    const started = await send(`/api/orders/${reference}/payfast`, { method: 'POST' });
    expect(started.status, started.text()).toBe(200);
    const form = started.json<{
      action: string;
      reference: string;
      fields: Record<string, string>;
    }>();
    expect(form.fields.notify_url).toBe(`${caddy.url}/api/payments/payfast/notify`);
    // The payment page's session is in the database: whichever worker takes the second post
    // completes it (src/server/cluster/cluster.test.ts makes sure it is another one).
    const page = await send(form.action, { form: form.fields });
    const session = /name="session" value="([^"]+)"/.exec(page.text())?.[1];
    expect(session, page.text()).toBeDefined();
    const paid = await send('/payfast-simulator/eng/complete', {
      form: { session: session!, outcome: 'complete' },
    });
    expect(paid.status, paid.text()).toBe(303);

    // The ITN is checked by a job (signature, amount, the validate call through Caddy again).
    await until('the order paid', async () => {
      const orders = (await send('/api/orders')).json<{ reference: string; status: string }[]>();
      return orders.find((o) => o.reference === reference)?.status === 'paid';
    });

    // What the app believed about the client: the address Caddy saw, never the spoofed one.
    const sessions = await query<{ ip: string }>('select ip from sessions where user_id = $1', [
      userId,
    ]);
    expect(sessions.map((s) => s.ip)).toEqual([customerAddress]);
    // Metrics are for this machine only: a visitor through Caddy is not this machine.
    expect((await send('/metrics')).status).not.toBe(200);

    // The ITN arrived as the simulator sent it: same fields, same order, same encoding.
    const [sent] = await query<{ param_string: string }>(
      'select param_string from payfast_simulator.itns where payment_reference = $1',
      [form.reference],
    );
    const [received] = await query<{ fields: [string, string][]; accepted: boolean; ip: string }>(
      'select fields, accepted, ip from payment_notifications where payment_reference = $1',
      [form.reference],
    );
    expect(received!.accepted).toBe(true);
    expect(itnParamString(received!.fields)).toBe(sent!.param_string);
    expect(received!.fields.at(-1)?.[0]).toBe('signature');
    // Posted by the app itself to notify_url, Caddy's address over HTTPS (without Caddy's root in
    // NODE_EXTRA_CA_CERTS it is never delivered): Caddy names the app's loopback as the sender.
    expect(received!.ip).toBe('127.0.0.1');
  }, 45_000);

  it('spreads requests over both workers', async () => {
    // Requests at once, each holding its connection: Caddy opens more to the app's port, and
    // the workers take turns accepting them.
    const before = appLogs.length;
    const visitor = httpsClient(caddy.url, { ca: caddy.rootPem, localAddress: customerAddress });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => visitor('/api/logout', { json: {}, holdMs: 300 })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const logged = () => [
      ...appLogs.slice(before).matchAll(/"pid":(\d+)[^\n]*"POST \/api\/logout 200/g),
    ];
    await until('the requests logged', () => logged().length === 8);
    expect(new Set(logged().map((m) => m[1]))).toEqual(servingPids());
  });

  it("passes the app's own compression and cache headers through, adding none", async () => {
    const br = await send(asset.path, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(asset.body);
    const gzip = await send(asset.path, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(asset.body);
    // zstd, which the app does not speak and Caddy's `encode` would: nothing compresses it here.
    for (const accepts of ['identity', 'zstd']) {
      const plain = await send(asset.path, { headers: { 'accept-encoding': accepts } });
      expect(plain.headers['content-encoding'], accepts).toBeUndefined();
      expect(plain.text()).toBe(asset.body);
    }

    const page = await send('/about', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['strict-transport-security']).toBeDefined();
    const robots = await send('/robots.txt');
    expect(robots.headers['cache-control']).toBe('public, max-age=3600');
    expect(robots.text()).toContain(`Sitemap: ${caddy.url}/sitemap.xml`);
  });

  it('hands any notification to the app as it is: no auth, no rewrite, the app answers', async () => {
    const forged = await send('/api/payments/payfast/notify', {
      form: { m_payment_id: 'PAY-NONE', payment_status: 'COMPLETE', signature: 'forged' },
    });
    expect(forged.status).toBe(400);
    expect(forged.json()).toMatchObject({ code: 'BAD_REQUEST' });
    expect(forged.json<{ error: string }>().error).toContain('Notification refused');
  });
});

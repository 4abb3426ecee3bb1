import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { connect } from 'node:tls';
import { caddyPath } from '../../scripts/debian-packages.ts';
import { freePort } from './free-port.ts';

/** The shipped proxy configuration, run as it is: only its environment placeholders differ. */
export const shippedCaddyfile = resolve(import.meta.dirname, '../../deploy/Caddyfile');

export interface RunningCaddy {
  /** `https://127.0.0.1:<port>`, the site's address. */
  url: string;
  port: number;
  /** The internal CA's root certificate: its file (for NODE_EXTRA_CA_CERTS) and its PEM. */
  rootFile: string;
  rootPem: string;
  logs: () => string;
  stop: () => Promise<void>;
}

/** Whether a TLS handshake with the site succeeds with `rootPem` as the only trusted root. */
const handshakes = (port: number, rootPem: string) =>
  new Promise<boolean>((done) => {
    const socket = connect({ host: '127.0.0.1', port, ca: rootPem }, () => {
      socket.end();
      done(true);
    });
    socket.once('error', () => done(false));
  });

/**
 * deploy/Caddyfile in Debian's Caddy with test values: certificates from Caddy's internal CA
 * instead of ACME, no admin API, only 127.0.0.1 on free ports, all its state (the CA too) in
 * `home`. Ready once a TLS handshake with its certificate for 127.0.0.1 succeeds.
 */
export async function startCaddy(options: {
  upstream: string;
  home: string;
}): Promise<RunningCaddy> {
  if (!existsSync(caddyPath)) {
    throw new Error(
      `The deployment test runs Debian's Caddy (${caddyPath}), which is missing: apt-get install caddy (npm test installs it when run as root on Debian)`,
    );
  }
  const port = await freePort();
  const caddy = spawn(caddyPath, ['run', '--config', shippedCaddyfile, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: options.home,
      XDG_DATA_HOME: join(options.home, 'data'),
      XDG_CONFIG_HOME: join(options.home, 'config'),
      SITE_ADDRESS: `https://127.0.0.1:${port}`,
      CADDY_TLS: 'internal',
      UPSTREAM: options.upstream,
      CADDY_ADMIN: 'off',
      CADDY_BIND: '127.0.0.1',
      CADDY_HTTP_PORT: String(await freePort()),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let logs = '';
  caddy.stdout!.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  caddy.stderr!.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  const stop = async () => {
    if (caddy.exitCode !== null || caddy.signalCode !== null) return;
    const exited = once(caddy, 'exit');
    caddy.kill('SIGTERM');
    const force = setTimeout(() => caddy.kill('SIGKILL'), 5_000);
    await exited;
    clearTimeout(force);
  };

  const rootFile = join(options.home, 'data/caddy/pki/authorities/local/root.crt');
  for (const end = Date.now() + 15_000; Date.now() < end;) {
    if (caddy.exitCode !== null) break;
    if (existsSync(rootFile)) {
      const rootPem = readFileSync(rootFile, 'utf8');
      if (await handshakes(port, rootPem)) {
        return {
          url: `https://127.0.0.1:${port}`,
          port,
          rootFile,
          rootPem,
          logs: () => logs,
          stop,
        };
      }
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  await stop();
  throw new Error(`Caddy did not serve https://127.0.0.1:${port}:\n${logs}`);
}

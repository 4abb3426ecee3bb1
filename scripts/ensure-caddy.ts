import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's caddy package's binary: the deployment test runs the proxy production runs. */
export const caddyPath = '/usr/bin/caddy';

/**
 * `npm test` runs deploy/Caddyfile in Debian's Caddy (deploy/deploy.test.ts): as root on Debian
 * the package is installed with apt-get, as chromium is; elsewhere the run stops and says what to
 * install. Never a downloaded binary.
 */
export function ensureCaddy(): void {
  if (existsSync(caddyPath)) return;
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log('Caddy not found: installing the Debian caddy package…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', 'caddy'], { stdio: 'inherit', env });
    if (existsSync(caddyPath)) return;
  }
  console.error(
    `Caddy is needed for the deployment test: install Debian's "caddy" package (looked for ${caddyPath}).`,
  );
  process.exit(1);
}

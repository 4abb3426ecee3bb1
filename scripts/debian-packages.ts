import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's caddy package's binary: the deployment test runs the proxy production runs. */
export const caddyPath = '/usr/bin/caddy';
/** Debian's dovecot-imapd: the support mailbox test reads mail from a real IMAP server. */
export const dovecotPath = '/usr/sbin/dovecot';

let updated = false;

/**
 * A program the tests need from a Debian package (chromium for the browser tests, caddy for the
 * deployment test): as root on Debian the package is installed with apt-get, elsewhere the run
 * stops and says what to install. Never a downloaded binary. Answers the program's path.
 */
export function ensureDebianPackage(options: {
  name: string;
  binary: string;
  neededFor: string;
  /** A path the tester gave instead (CHROME_PATH), looked for first. */
  given?: string;
}): string {
  const candidate = options.given ?? options.binary;
  if (existsSync(candidate)) return candidate;
  if (process.getuid?.() === 0 && existsSync('/etc/debian_version')) {
    console.log(`${options.binary} not found: installing the Debian ${options.name} package…`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (!updated) spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    updated = true;
    spawnSync('apt-get', ['install', '-y', '-qq', options.name], { stdio: 'inherit', env });
    if (existsSync(options.binary)) return options.binary;
  }
  console.error(
    `${options.neededFor}: install Debian's "${options.name}" package (looked for ${candidate}).`,
  );
  process.exit(1);
}

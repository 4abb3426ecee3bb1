import { spawn } from 'node:child_process';
import {
  chownSync,
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { connect } from 'node:net';
import { userInfo } from 'node:os';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dovecotPath } from '../../scripts/debian-packages.ts';
import { freePort } from './free-port.ts';

const idOf = (flag: '-u' | '-g', user: string) =>
  Number(execFileSync('id', [flag, user], { encoding: 'utf8' }).trim());

/** The one mailbox's login (the e2e server is configured with it before Dovecot starts). */
export const mailboxLogin = { user: 'support@desk.example.co.za', password: 'mailbox-password' };

/**
 * Debian's Dovecot on a free 127.0.0.1 port (or `port`) with a configuration of its own in a temporary
 * folder: one mailbox (`user` / `password`, Maildir), plain IMAP without TLS. As root it runs its
 * processes and the mailbox as Debian's `dovecot` user; otherwise as the user running the tests.
 */
export async function startDovecot(options: { port?: number } = {}) {
  if (!existsSync(dovecotPath)) {
    throw new Error(
      `The mailbox test runs Debian's Dovecot (${dovecotPath}), which is missing: apt-get install dovecot-imapd (npm test installs it when run as root on Debian)`,
    );
  }
  const dir = mkdtempSync(join(tmpdir(), 'dovecot-'));
  chmodSync(dir, 0o755);
  const root = process.getuid?.() === 0;
  const runAs = root ? 'dovecot' : userInfo().username;
  const uid = idOf('-u', runAs);
  const gid = idOf('-g', runAs);
  const home = join(dir, 'home');
  mkdirSync(home);
  if (root) chownSync(home, uid, gid);
  const port = options.port ?? (await freePort());
  const { user, password } = mailboxLogin;
  writeFileSync(join(dir, 'users'), `${user}:{PLAIN}${password}\n`);
  writeFileSync(
    join(dir, 'dovecot.conf'),
    `
protocols = imap
listen = 127.0.0.1
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_internal_user = ${runAs}
default_internal_group = ${runAs}
default_login_user = ${runAs}
first_valid_uid = ${uid}
last_valid_uid = ${uid}
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${home}/%u
}
mail_location = maildir:~/Maildir
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service imap-login {
  chroot =
}
service pop3-login {
  chroot =
}
`,
  );
  const child = spawn(dovecotPath, ['-F', '-c', join(dir, 'dovecot.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1')
        .once('connect', () => {
          socket.destroy();
          resolve(true);
        })
        .once('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error(`Dovecot did not start: ${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    user,
    password,
    url: `imap://${encodeURIComponent(user)}:${password}@127.0.0.1:${port}`,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

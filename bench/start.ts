import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { freePort } from '../tests/helpers/free-port.ts';

/**
 * How soon the built server answers its first request (GET /api/health 200) from the moment its
 * process starts: on a brand-new embedded DATA_DIR (goal ≤ 5 s), then restarted on the same one
 * (goal ≤ 3 s). Build first: npm run build. Usage: npm run bench:start [-- rounds]
 */
const rounds = Number(process.argv[2] ?? 3);
const root = resolve(import.meta.dirname, '..');

async function firstAnswer(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const server = spawn(process.execPath, [join(root, 'src/server/server.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (answer?.status === 200) return (performance.now() - started) / 1000;
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      await new Promise((done) => setTimeout(done, 25));
    }
  } finally {
    const exited = new Promise((done) => server.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
}

const fresh: number[] = [];
const again: number[] = [];
for (let round = 0; round < rounds; round += 1) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sebenza-start-'));
  try {
    fresh.push(await firstAnswer(dataDir));
    again.push(await firstAnswer(dataDir));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
const show = (name: string, times: number[], goal: number) => {
  const worst = Math.max(...times);
  console.log(
    `${name.padEnd(22)} ${times.map((t) => `${t.toFixed(2)} s`).join('  ')}  (goal ≤ ${goal} s: ${worst <= goal ? 'OK' : 'OVER'})`,
  );
};
show('new DATA_DIR', fresh, 5);
show('restart', again, 3);

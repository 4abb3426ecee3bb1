import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../tests/helpers/free-port.ts';

/**
 * `npm start` in a tree of its own (the sources linked, the scripts copied, no build yet): two
 * starts at once on two ports, then a third on another address (issue 27 §1).
 */
const repo = resolve(import.meta.dirname, '..');
let tree: string;
const servers: ChildProcess[] = [];

function start(port: number, publicUrl = `http://127.0.0.1:${port}`) {
  const server = spawn(process.execPath, ['scripts/start.ts'], {
    cwd: tree,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATA_DIR: 'memory://',
      PAYFAST_MODE: 'simulator',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  servers.push(server);
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { server, output: () => output };
}

async function page(
  { server, output }: ReturnType<typeof start>,
  port: number,
  path = '/',
): Promise<string> {
  for (let tries = 0; tries < 1200; tries += 1) {
    const response = await fetch(`http://127.0.0.1:${port}${path}`).catch(() => null);
    if (response?.status === 200) return response.text();
    if (server.exitCode !== null) break;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`nothing served on ${port}:\n${output()}`);
}

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'sebenza-start-'));
  for (const name of ['src', 'node_modules', 'package-lock.json']) {
    symlinkSync(join(repo, name), join(tree, name));
  }
  // Copied, not linked: the scripts find the tree they build from their own folder, and Vite
  // names its entry by its path from the tree.
  for (const name of ['scripts', 'public', 'index.html', 'package.json', 'vite.config.ts']) {
    cpSync(join(repo, name), join(tree, name), { recursive: true });
  }
});

afterAll(async () => {
  await Promise.all(
    servers.map(
      (server) =>
        new Promise((done) => {
          if (server.exitCode !== null) return done(null);
          server.once('exit', done);
          server.kill('SIGTERM');
        }),
    ),
  );
  rmSync(tree, { recursive: true, force: true });
});

describe('npm start', () => {
  it('builds once for two starts at once, then starts on another address without building', async () => {
    const [portA, portB, portC] = [await freePort(), await freePort(), await freePort()];
    const a = start(portA);
    const b = start(portB);
    const [pageA, pageB] = await Promise.all([page(a, portA), page(b, portB)]);
    expect(pageA).toContain(`<link rel="canonical" href="http://127.0.0.1:${portA}/" />`);
    expect(pageB).toContain(`<link rel="canonical" href="http://127.0.0.1:${portB}/" />`);
    const outputs = a.output() + b.output();
    // One start built; the other waited for the lock and found the build current.
    expect(outputs.match(/Built and prerendered/g)).toHaveLength(1);
    expect(outputs).toContain('The client build is current');
    expect(outputs).not.toMatch(/ENOENT|Error/);
    expect(lstatSync(join(tree, 'dist')).isSymbolicLink()).toBe(true);
    expect(existsSync(join(tree, 'dist', 'client', 'index.html'))).toBe(true);

    const c = start(portC, 'https://shop.example.co.za');
    const pageC = await page(c, portC, '/about');
    expect(pageC).toContain('<link rel="canonical" href="https://shop.example.co.za/about" />');
    expect(c.output()).not.toMatch(/build/i);

    // Alone, SIGHUP cannot reload without dropping requests: it is refused, not fatal.
    c.server.kill('SIGHUP');
    await expect.poll(() => c.output()).toContain('SIGHUP received');
    expect(await page(c, portC, '/about')).toContain('canonical');
    expect(c.server.exitCode).toBeNull();
  }, 240_000);
});

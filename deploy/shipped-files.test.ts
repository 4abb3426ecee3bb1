import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/server/config.ts';
import { serverNodeFlags } from '../src/server/node-flags.ts';

/**
 * The files of deploy/ agree with the server and with each other: the example environment names
 * every variable the server reads and is a configuration it accepts; the unit starts the server
 * as npm start does and may write where that environment says data goes; Caddy's default
 * upstream is where that environment makes the app listen.
 */
const root = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const envExample = Object.fromEntries(
  [...read('deploy/env.example').matchAll(/^([A-Z0-9_]+)=(.*)$/gm)].map((m) => [m[1]!, m[2]!]),
);
const unit = read('deploy/sebenza.service');
const unitValues = (key: string) =>
  [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((m) => m[1]!);

describe('deploy/env.example', () => {
  it('names every variable the server reads', () => {
    const names = [
      ...read('src/server/config.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm),
      ...read('src/shared/site-env.ts').matchAll(/^ {2}([A-Z][A-Z0-9_]+): /gm),
      ...read('src/server/integrations/registrar/zacr/zacr-config.ts').matchAll(
        /^ {2}([A-Z][A-Z0-9_]+): /gm,
      ),
    ].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(40);
    expect(names.filter((name) => !(name in envExample))).toEqual([]);
  });

  it('is a production configuration the server accepts once APP_SECRET is filled in', () => {
    expect(() => loadConfig(envExample)).toThrow(/APP_SECRET must be set in production/);
    const config = loadConfig({ ...envExample, APP_SECRET: 'x'.repeat(44) });
    expect(config).toMatchObject({
      env: 'production',
      host: '127.0.0.1',
      trustProxy: 1,
      secureCookies: true,
      payfast: { mode: 'live', verifySource: true },
    });
  });
});

describe('deploy/sebenza.service', () => {
  it('starts the server with npm start’s Node flags, from the environment file', () => {
    expect(unitValues('ExecStart')).toEqual([
      `/srv/sebenza/node_modules/.bin/node ${serverNodeFlags.join(' ')} src/server/server.ts`,
    ]);
    expect(unitValues('EnvironmentFile')).toEqual(['/etc/sebenza/env']);
    expect(unitValues('ExecReload')).toEqual(['/bin/kill -HUP $MAINPID']);
  });

  it('may write the data and backup folders of env.example, and nothing else', () => {
    expect(unitValues('ProtectSystem')).toEqual(['strict']);
    const writable = unitValues('ReadWritePaths').map((path) => path.replace(/^-/, ''));
    expect(writable).toEqual([envExample.DATA_DIR, envExample.BACKUP_DIR]);
  });
});

describe('deploy/Caddyfile', () => {
  it('proxies by default to where env.example makes the app listen', () => {
    const upstream = /\{\$UPSTREAM:([^}]+)\}/.exec(read('deploy/Caddyfile'))?.[1];
    expect(upstream).toBe(`${envExample.HOST}:${envExample.PORT}`);
  });
});

import { Writable } from 'node:stream';
import Fastify, { LogController } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggablePath, registerRequestLog } from './request-log.ts';

/** A Fastify instance as app.ts builds it (one line per request), logging into `lines`. */
async function appLoggingTo(lines: { level: number; msg: string; url?: string }[]) {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { level: 'debug', stream },
    logController: new LogController({ disableRequestLogging: true }),
  });
  registerRequestLog(app);
  app.get('/api/health', () => ({ status: 'ok' }));
  app.get('/api/admin/auth-status', () => ({ authenticated: false }));
  app.get('/api/services', () => []);
  app.get('/assets/app.js', () => 'x');
  app.get('/user/reset-password', () => 'page');
  await app.ready();
  return app;
}

describe('request log', () => {
  it('writes one info line per request, polls, health checks and static files at debug', async () => {
    const lines: { level: number; msg: string }[] = [];
    const app = await appLoggingTo(lines);
    for (const url of [
      '/api/services',
      '/api/health',
      '/api/admin/auth-status',
      '/assets/app.js',
    ]) {
      await app.inject({ method: 'GET', url });
    }
    expect(lines.map((l) => [l.level, l.msg.replace(/ \d+ ms$/, '')])).toEqual([
      [30, 'GET /api/services 200'],
      [20, 'GET /api/health 200'],
      [20, 'GET /api/admin/auth-status 200'],
      [20, 'GET /assets/app.js 200'],
    ]);
    await app.close();
  });

  it('never writes a link’s token: query values are hidden', async () => {
    const lines: { level: number; msg: string; url?: string }[] = [];
    const app = await appLoggingTo(lines);
    await app.inject({
      method: 'GET',
      url: '/user/reset-password?token=s3cr3t-t0ken&email=a%40b.co',
    });
    expect(JSON.stringify(lines)).not.toContain('s3cr3t');
    expect(JSON.stringify(lines)).not.toContain('a@b.co');
    expect(lines[0]!.url).toBe('/user/reset-password?token=…&email=…');
    expect(loggablePath('/api/services')).toBe('/api/services');
    await app.close();
  });
});

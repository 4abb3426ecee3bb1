import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { rateLimits } from '#db/schema/index.ts';

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * Rate-limit counters in PostgreSQL, so every app process on one server counts the same hits (the
 * store used with DATABASE_URL and no REDIS_URL). One upsert per limited request: a window that
 * has ended starts again at 1.
 */
export function postgresRateLimitStore(db: Db): FastifyRateLimitStoreCtor {
  class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly prefix: string;

    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const fullKey = `${this.prefix}${key}`;
      const windowEnd = sql`now() + make_interval(secs => ${timeWindow / 1000})`;
      db.insert(rateLimits)
        .values({ key: fullKey, hits: 1, resetAt: windowEnd })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.hits} + 1 end`,
            resetAt: sql`case when ${rateLimits.resetAt} <= now() then excluded.reset_at else ${rateLimits.resetAt} end`,
          },
        })
        .returning({
          hits: rateLimits.hits,
          ttl: sql<number>`greatest(0, ceil(extract(epoch from ${rateLimits.resetAt} - now()) * 1000))::int`,
        })
        .then(
          ([row]) => callback(null, { current: row!.hits, ttl: Number(row!.ttl) }),
          (error: Error) => callback(error),
        );
    }

    child(routeOptions: { method: string | string[]; url: string }): FastifyRateLimitStore {
      return new PostgresRateLimitStore(
        undefined,
        `${[routeOptions.method].flat().join(',')} ${routeOptions.url}:`,
      );
    }
  }
  return PostgresRateLimitStore;
}

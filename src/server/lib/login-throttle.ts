import { and, count, eq, gt, inArray, like, lt, min, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { loginFailures } from '#db/schema/index.ts';
import { AppError } from '../plugins/errors.ts';

const windowMinutes = 15;
/**
 * Failures that block for the rest of the window: per account from one address, and per address
 * (several people can share one). The account itself is never blocked, so a stranger cannot
 * lock its owner out: past `accountDelayFrom` failures from anywhere each try only waits longer.
 */
const limits = { pair: 10, ip: 30 } as const;
const accountDelayFrom = 20;
const maxDelayMs = 5_000;

/** Customers and administrators are counted apart: `scope` prefixes every key. */
export type ThrottleScope = 'user' | 'admin';

const keysFor = (scope: ThrottleScope, email: string, ip: string) => {
  const prefix = scope === 'user' ? '' : `${scope}:`;
  return {
    account: `${prefix}account:${email}`,
    pair: `${prefix}pair:${email}|${ip}`,
    ip: `${prefix}ip:${ip}`,
  };
};

/** How long a try on an account that failed `failures` times recently waits before it is checked. */
export const accountDelayMs = (failures: number): number =>
  failures < accountDelayFrom ? 0 : Math.min(maxDelayMs, (failures - accountDelayFrom + 1) * 250);

/**
 * Refuses a sign-in while this account from this address, or this address, has too many recent
 * failures (429, with when); slows it down when the account has many from everywhere.
 */
export async function assertLoginAllowed(
  db: Db,
  scope: ThrottleScope,
  email: string,
  ip: string,
): Promise<void> {
  const keys = keysFor(scope, email, ip);
  const rows = await db
    .select({ key: loginFailures.key, failures: count(), oldest: min(loginFailures.createdAt) })
    .from(loginFailures)
    .where(
      and(
        inArray(loginFailures.key, [keys.account, keys.pair, keys.ip]),
        gt(loginFailures.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`),
      ),
    )
    .groupBy(loginFailures.key);
  for (const row of rows) {
    if (row.key === keys.account) continue;
    const limit = row.key === keys.pair ? limits.pair : limits.ip;
    if (row.failures < limit || !row.oldest) continue;
    const retryAt = new Date(row.oldest).getTime() + windowMinutes * 60_000;
    const minutes = Math.max(1, Math.ceil((retryAt - Date.now()) / 60_000));
    throw new AppError('RATE_LIMITED', {
      message: `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    });
  }
  const delay = accountDelayMs(rows.find((row) => row.key === keys.account)?.failures ?? 0);
  if (delay > 0) await new Promise((done) => setTimeout(done, delay));
}

export async function recordLoginFailure(
  db: Db,
  scope: ThrottleScope,
  email: string,
  ip: string,
): Promise<void> {
  const keys = keysFor(scope, email, ip);
  await db.transaction(async (tx) => {
    await tx
      .insert(loginFailures)
      .values([{ key: keys.account }, { key: keys.pair }, { key: keys.ip }]);
    await tx
      .delete(loginFailures)
      .where(
        and(
          inArray(loginFailures.key, [keys.account, keys.pair, keys.ip]),
          lt(loginFailures.createdAt, sql`now() - interval '1 day'`),
        ),
      );
  });
}

/** A successful sign-in forgives the account's failures, from every address (not the IPs'). */
export async function clearLoginFailures(
  db: Db,
  scope: ThrottleScope,
  email: string,
): Promise<void> {
  const keys = keysFor(scope, email, '');
  await db
    .delete(loginFailures)
    .where(
      or(eq(loginFailures.key, keys.account), like(loginFailures.key, `${escapeLike(keys.pair)}%`)),
    );
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

import { and, count, eq, gt, inArray, lt, min, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { loginFailures } from '#db/schema/index.ts';
import { AppError } from '../plugins/errors.ts';

const windowMinutes = 15;
/** Failures allowed per account, and per IP address (several people can share one). */
const limits = { account: 10, ip: 30 } as const;

/** Customers and administrators are counted apart: `scope` prefixes every key. */
export type ThrottleScope = 'user' | 'admin';

const keysFor = (scope: ThrottleScope, email: string, ip: string) => {
  const prefix = scope === 'user' ? '' : `${scope}:`;
  return { account: `${prefix}account:${email}`, ip: `${prefix}ip:${ip}` };
};

/** Refuses a sign-in while its account or IP has too many recent failures (429, with when). */
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
        inArray(loginFailures.key, [keys.account, keys.ip]),
        gt(loginFailures.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`),
      ),
    )
    .groupBy(loginFailures.key);
  for (const row of rows) {
    const limit = row.key === keys.account ? limits.account : limits.ip;
    if (row.failures < limit || !row.oldest) continue;
    const retryAt = new Date(row.oldest).getTime() + windowMinutes * 60_000;
    const minutes = Math.max(1, Math.ceil((retryAt - Date.now()) / 60_000));
    throw new AppError('RATE_LIMITED', {
      message: `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    });
  }
}

export async function recordLoginFailure(
  db: Db,
  scope: ThrottleScope,
  email: string,
  ip: string,
): Promise<void> {
  const keys = keysFor(scope, email, ip);
  await db.transaction(async (tx) => {
    await tx.insert(loginFailures).values([{ key: keys.account }, { key: keys.ip }]);
    await tx
      .delete(loginFailures)
      .where(
        and(
          inArray(loginFailures.key, [keys.account, keys.ip]),
          lt(loginFailures.createdAt, sql`now() - interval '1 day'`),
        ),
      );
  });
}

/** A successful sign-in forgives the account's failures (not the IP's). */
export async function clearLoginFailures(
  db: Db,
  scope: ThrottleScope,
  email: string,
): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.key, keysFor(scope, email, '').account));
}

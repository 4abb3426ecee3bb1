import { createHash } from 'node:crypto';
import { and, count, eq, gt, inArray, like, lt, min, or, sql } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { loginFailures } from '#db/schema/index.ts';
import type { ErrorCode } from '#shared/errors.ts';
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
/** Wrong, used or expired reset and invitation links tried from one address in the window. */
export const linkAttemptLimit = 10;

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

/** A counted key, and how many failures in the window block it (none: counted only). */
type Counter = { key: string; limit?: number };

/** An attempt's place in the counters, taken before its secret is checked. */
export interface Attempt {
  /** The attempt ended neither right nor wrong (a missing code, a disabled account): uncount it. */
  release(): Promise<void>;
}

export interface LoginAttempt extends Attempt {
  /** Right: uncounts this attempt and forgives the account's failures, from every address. */
  succeeded(): Promise<void>;
}

/** A signed 64-bit advisory-lock key for a counter key. */
const lockKey = (key: string) =>
  createHash('sha256').update(`login-throttle:${key}`).digest().readBigInt64BE(0);

const tryAgainIn = (oldest: Date) => {
  const retryAt = new Date(oldest).getTime() + windowMinutes * 60_000;
  const minutes = Math.max(1, Math.ceil((retryAt - Date.now()) / 60_000));
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
};

/**
 * Takes one place in each counter, atomically with the check that there is room: refused (429,
 * saying when, from `refusal`) while a limited counter is full, else a failure row is written for
 * each key now, before the secret is checked, so attempts in flight together count one each. The
 * row stays as the failure unless the attempt releases it. Each key's advisory lock (taken in one
 * order) makes check-and-insert one step across connections and processes; on the embedded
 * database a transaction runs alone anyway. Resolves to the failures counted before this one.
 */
async function reserve(
  db: Db,
  counters: Counter[],
  refusal: (retryIn: string) => string,
): Promise<{ ids: string[]; before: Map<string, number> }> {
  const keys = counters.map((counter) => counter.key);
  return db.transaction(async (tx) => {
    const locks = [...new Set(keys.map(lockKey))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const lock of locks) {
      await tx.execute(sql`select pg_advisory_xact_lock(${lock.toString()}::bigint)`);
    }
    const rows = await tx
      .select({ key: loginFailures.key, failures: count(), oldest: min(loginFailures.createdAt) })
      .from(loginFailures)
      .where(
        and(
          inArray(loginFailures.key, keys),
          gt(loginFailures.createdAt, sql`now() - make_interval(mins => ${windowMinutes})`),
        ),
      )
      .groupBy(loginFailures.key);
    const before = new Map(rows.map((row) => [row.key, row.failures]));
    for (const { key, limit } of counters) {
      const row = rows.find((r) => r.key === key);
      if (limit === undefined || !row?.oldest || row.failures < limit) continue;
      throw new AppError('RATE_LIMITED', { message: refusal(tryAgainIn(row.oldest)) });
    }
    const reserved = await tx
      .insert(loginFailures)
      .values(keys.map((key) => ({ key })))
      .returning({ id: loginFailures.id });
    await tx
      .delete(loginFailures)
      .where(
        and(
          inArray(loginFailures.key, keys),
          lt(loginFailures.createdAt, sql`now() - interval '1 day'`),
        ),
      );
    return { ids: reserved.map((row) => row.id), before };
  });
}

const releaser = (db: Db, ids: string[]) => async () => {
  await db.delete(loginFailures).where(inArray(loginFailures.id, ids));
};

/**
 * Reserves a sign-in attempt (password, second-factor or recovery code) before anything is
 * checked: refused while this account from this address, or this address, has too many recent
 * failures (429, with when); slowed down when the account has many from everywhere. A wrong
 * answer leaves the reservation as the failure; `succeeded()` or `release()` takes it back.
 */
export async function reserveLoginAttempt(
  db: Db,
  scope: ThrottleScope,
  email: string,
  ip: string,
): Promise<LoginAttempt> {
  const keys = keysFor(scope, email, ip);
  const { ids, before } = await reserve(
    db,
    [
      { key: keys.account },
      { key: keys.pair, limit: limits.pair },
      { key: keys.ip, limit: limits.ip },
    ],
    (retryIn) => `Too many failed sign-in attempts. Please try again in ${retryIn}.`,
  );
  const release = releaser(db, ids);
  const attempt: LoginAttempt = {
    release,
    succeeded: async () => {
      await release();
      await clearLoginFailures(db, scope, email);
    },
  };
  const delay = accountDelayMs(before.get(keys.account) ?? 0);
  if (delay > 0) await new Promise((done) => setTimeout(done, delay));
  return attempt;
}

export type LinkKind = 'reset' | 'invitation';

const linkRefusals: Record<LinkKind, string> = {
  reset: 'Too many failed password-reset attempts',
  invitation: 'Too many failed invitation attempts',
};

/**
 * Reserves a try of a mailed link's token (password reset, administrator invitation) from this
 * address, before the token is looked up: refused (429, with when) once `linkAttemptLimit`
 * wrong, used or expired tokens were tried from it in the window. Settled by `withLinkAttempt`.
 */
export async function reserveLinkAttempt(db: Db, kind: LinkKind, ip: string): Promise<Attempt> {
  const { ids } = await reserve(
    db,
    [{ key: `${kind}-link:ip:${ip}`, limit: linkAttemptLimit }],
    (retryIn) => `${linkRefusals[kind]}. Please try again in ${retryIn}.`,
  );
  return { release: releaser(db, ids) };
}

/** Runs `check` under a reserved attempt, then settles it (see `withLoginAttempt`). */
async function settle<T>(
  attempt: Attempt,
  check: () => Promise<T>,
  failures: readonly ErrorCode[],
  onSuccess: () => Promise<void>,
): Promise<T> {
  let result: T;
  try {
    result = await check();
  } catch (error) {
    if (!(error instanceof AppError && failures.includes(error.code))) {
      await attempt.release().catch(() => {});
    }
    throw error;
  }
  await onSuccess();
  return result;
}

/**
 * Runs `check` (which checks a link's token) under a reserved attempt: an `INVALID_TOKEN` answer
 * stays counted as a failure; success or any other outcome takes the reservation back.
 */
export async function withLinkAttempt<T>(
  db: Db,
  kind: LinkKind,
  ip: string,
  check: () => Promise<T>,
): Promise<T> {
  const attempt = await reserveLinkAttempt(db, kind, ip);
  return settle(attempt, check, ['INVALID_TOKEN'], attempt.release);
}

/**
 * Runs `check` (which checks a password, and a second factor) under a reserved sign-in attempt: a
 * wrong password or code (`INVALID_CREDENTIALS`, `INVALID_TWO_FACTOR_CODE`) stays counted; a
 * success forgives the account; any other outcome (a code asked for, a disabled account, an
 * error) takes the reservation back.
 */
export async function withLoginAttempt<T>(
  db: Db,
  scope: ThrottleScope,
  input: { email: string; ip: string },
  check: () => Promise<T>,
): Promise<T> {
  const attempt = await reserveLoginAttempt(db, scope, input.email, input.ip);
  return settle(
    attempt,
    check,
    ['INVALID_CREDENTIALS', 'INVALID_TWO_FACTOR_CODE'],
    attempt.succeeded,
  );
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

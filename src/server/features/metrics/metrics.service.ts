import { eq, isNotNull, and } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { paymentNotifications } from '#db/schema/index.ts';
import { itnConfirmationLag } from './process-metrics.ts';

/**
 * Records how long a payment notification waited for its verdict (received → checked, both the
 * database's own times), once the check job has given one: seconds normally, hours while
 * PayFast's validate endpoint is down.
 */
export async function recordItnVerdict(db: Db, notificationId: number): Promise<void> {
  const [row] = await db
    .select({
      accepted: paymentNotifications.accepted,
      receivedAt: paymentNotifications.receivedAt,
      checkedAt: paymentNotifications.checkedAt,
    })
    .from(paymentNotifications)
    .where(
      and(eq(paymentNotifications.id, notificationId), isNotNull(paymentNotifications.checkedAt)),
    );
  if (!row?.checkedAt) return;
  const seconds = (row.checkedAt.getTime() - row.receivedAt.getTime()) / 1000;
  itnConfirmationLag.observe(
    { verdict: row.accepted ? 'confirmed' : 'refused' },
    Math.max(0, seconds),
  );
}

/**
 * Stopping a subscription: the customer's or an owner's request, and the job that asks the payment
 * method.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { subscriptions, users } from '#db/schema/index.ts';
import type { Subscription } from '#shared/subscriptions.schemas.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { PaymentMethodRefusedError } from '../../integrations/payment-methods/payment-method.ts';
import { paymentMethod } from '../../integrations/payment-methods/payment-methods.ts';
import { enqueueJob } from '../../jobs/queue.ts';
import { AppError } from '../../plugins/errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { cancellationRefusedAdminMail } from './subscription-mails.ts';
import {
  endSubscription,
  type SubscriptionDeps,
  type SubscriptionRow,
} from './subscriptions.service.ts';
import { listSubscriptions } from './subscription-lists.service.ts';

/**
 * Marks an active subscription `cancelling` and queues the job that asks PayFast to stop it (one
 * transaction); `owner` limits it to the customer's own. Answers the row, for an audit entry.
 * Dunning's last step calls it too.
 */
export async function startCancellation(
  tx: Tx,
  reference: string,
  owner?: string,
): Promise<SubscriptionRow> {
  const [subscription] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.reference, reference),
        owner ? eq(subscriptions.userId, owner) : undefined,
      ),
    )
    .for('update');
  if (!subscription) {
    throw new AppError('NOT_FOUND', {
      message: `There is no subscription ${reference}${owner ? ' in your account' : ''}`,
    });
  }
  if (subscription.status !== 'active') {
    throw new AppError('CONFLICT', {
      message: `Subscription ${reference} is already ${subscription.status}`,
    });
  }
  await tx
    .update(subscriptions)
    .set({ status: 'cancelling' })
    .where(eq(subscriptions.id, subscription.id));
  await enqueueJob(tx, 'cancel-subscription', { subscriptionId: subscription.id });
  return subscription;
}

/** The customer asks to stop a subscription: PayFast is asked by a job, retried while it is down. */
export async function requestCancellation(
  db: Db,
  input: { userId: string; reference: string },
): Promise<Subscription> {
  await db.transaction((tx) => startCancellation(tx, input.reference, input.userId));
  const [mine] = await listSubscriptions(db, { userId: input.userId, reference: input.reference });
  return mine!;
}

/**
 * The cancel-subscription job: PayFast's subscription API cancels the token. Its "no" (or no
 * answer by the last try) puts the subscription back to active and tells the company, since
 * PayFast may still charge the card; no answer before that is tried again.
 */
export async function carryOutCancellation(
  { db, config }: SubscriptionDeps,
  subscriptionId: string,
  { lastAttempt }: { lastAttempt: boolean },
): Promise<void> {
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!subscription || subscription.status !== 'cancelling') return;
  try {
    const { recurring, label } = paymentMethod(config, subscription.method);
    if (!recurring) throw new PaymentMethodRefusedError(`${label} has no recurring billing`);
    await recurring.cancel(subscription.token);
  } catch (error) {
    if (!(error instanceof PaymentMethodRefusedError) && !lastAttempt) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    await db.transaction(async (tx) => {
      await tx
        .update(subscriptions)
        .set({ status: 'active' })
        .where(and(eq(subscriptions.id, subscription.id), eq(subscriptions.status, 'cancelling')));
      const [customer] = subscription.userId
        ? await tx.select().from(users).where(eq(users.id, subscription.userId))
        : [];
      await queueMail(tx, {
        to: config.site.contactEmail,
        ...cancellationRefusedAdminMail(config, {
          reference: subscription.reference,
          email: customer?.email ?? 'deleted account',
          reason,
        }),
      });
    });
    throw error;
  }
  await db.transaction((tx) => endSubscription(tx, config, subscription));
}

/** An administrator stops a subscription (a customer on the phone, a dispute), audited. */
export async function cancelForCustomer(
  db: Db,
  input: { reference: string; admin: { id: string; email: string }; ip: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const subscription = await startCancellation(tx, input.reference);
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'subscription.cancel',
      entityType: 'subscription',
      entityId: subscription.reference,
      ip: input.ip,
    });
  });
}

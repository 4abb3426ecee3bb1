/**
 * Telling the payment method a subscription's new monthly amount (decision 029), and the team
 * when a subscription changes.
 */
import { eq } from 'drizzle-orm';
import type { Tx } from '#db/client.ts';
import { subscriptions, users } from '#db/schema/index.ts';
import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { PaymentMethodRefusedError } from '../../integrations/payment-methods/payment-method.ts';
import { paymentMethod } from '../../integrations/payment-methods/payment-methods.ts';
import { subscriptionChangedAdminMail } from './subscription-mails.ts';
import { dueAmountCents, methodAmountCents, recordSubscriptionEvent } from './subscription-plan.ts';
import type { SubscriptionDeps, SubscriptionRow } from './subscriptions.service.ts';

/** Tells the team a customer changed a subscription (what to stop, resume or deliver). */
export async function tellTeam(
  tx: Tx,
  config: SubscriptionDeps['config'],
  row: SubscriptionRow,
  what: string,
) {
  const [customer] = row.userId
    ? await tx.select().from(users).where(eq(users.id, row.userId))
    : [];
  await queueMail(tx, {
    to: config.site.contactEmail,
    ...subscriptionChangedAdminMail(config, {
      reference: row.reference,
      email: customer?.email ?? 'deleted account',
      what,
    }),
  });
}

/**
 * The push-subscription-amount job: tells the method the amount the next charge must be (a price
 * move's, once its last charge at the old price is in). Its no, or no answer by the last try, is
 * recorded in the history and told to the company, which must settle it in PayFast's dashboard;
 * no answer before that is tried again.
 */
export async function pushSubscriptionAmount(
  { db, config }: SubscriptionDeps,
  subscriptionId: string,
  { lastAttempt, now = new Date() }: { lastAttempt: boolean; now?: Date },
): Promise<void> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId));
  if (!row || row.status !== 'active') return;
  const amountCents = dueAmountCents(row);
  if (amountCents === methodAmountCents(row)) return;
  const { recurring, provider } = paymentMethod(config, row.method);
  try {
    if (!recurring) throw new PaymentMethodRefusedError(`${provider} has no recurring billing`);
    await recurring.changeAmount(row.token, amountCents);
  } catch (error) {
    if (!(error instanceof PaymentMethodRefusedError) && !lastAttempt) throw error;
    const why = error instanceof Error ? error.message : String(error);
    await db.transaction(async (tx) => {
      await recordSubscriptionEvent(tx, {
        subscriptionId: row.id,
        actor: 'system',
        note: `${provider} was not told the new amount of ${formatZAR(amountCents)}: ${why}`,
        at: now,
      });
      await tellTeam(
        tx,
        config,
        row,
        `${provider} did not take the new monthly amount of ${formatZAR(amountCents)} (${why}). Set it in ${provider}'s dashboard before ${formatDate(row.nextBillingDate)}, or the charge will not match`,
      );
    });
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(subscriptions)
      .set({ methodAmountCents: amountCents })
      .where(eq(subscriptions.id, row.id));
    await recordSubscriptionEvent(tx, {
      subscriptionId: row.id,
      actor: 'system',
      note: `${provider} charges ${formatZAR(amountCents)} from ${formatDate(row.nextBillingDate)}`,
      at: now,
    });
  });
}

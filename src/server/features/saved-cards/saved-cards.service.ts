import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db, Tx } from '#db/client.ts';
import { savedCards, subscriptions } from '#db/schema/index.ts';
import { formatDate } from '#shared/dates.ts';
import type { ReplaceCard, SavedCard } from '#shared/saved-cards.schemas.ts';
import type { Config } from '../../config.ts';
import {
  PaymentMethodRefusedError,
  PaymentMethodUnavailableError,
} from '../../integrations/payment-methods/payment-method.ts';
import { paymentMethod } from '../../integrations/payment-methods/payment-methods.ts';
import { AppError } from '../../plugins/errors.ts';

export interface SavedCardDeps {
  db: Db;
  config: Pick<Config, 'publicUrl' | 'payfast' | 'eft'>;
}

/**
 * Keeps the card of a paid payment whose customer agreed to save it (in the settlement's
 * transaction): the method's token, once (a repeated notification keeps the same card).
 */
export async function keepSavedCard(
  tx: Tx,
  input: { userId: string; method: string; token: string; now: Date },
): Promise<void> {
  await tx
    .insert(savedCards)
    .values({
      userId: input.userId,
      method: input.method,
      token: input.token,
      label: `Card saved ${formatDate(input.now)}`,
      createdAt: input.now,
    })
    .onConflictDoNothing({ target: savedCards.token });
}

/** The card a renewal is charged to: the customer's newest card not removed, if any. */
export async function activeSavedCard(db: Db | Tx, userId: string) {
  const [card] = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), isNull(savedCards.removedAt)))
    .orderBy(desc(savedCards.createdAt))
    .limit(1);
  return card ?? null;
}

/** The customer's cards kept for renewals, newest first (removed ones are not shown). */
export async function listSavedCards(db: Db, userId: string): Promise<SavedCard[]> {
  const rows = await db
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.userId, userId), isNull(savedCards.removedAt)))
    .orderBy(desc(savedCards.createdAt));
  return rows.map((row) => ({
    id: row.id,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Removes one of the customer's cards: the method is asked to forget the token first (PayFast's
 * cancel), then the card is marked removed and never charged again. A method that no longer
 * knows the token (already cancelled) is as good as done; no answer leaves the card as it was,
 * for the customer to try again.
 */
export async function removeSavedCard(
  { db, config }: SavedCardDeps,
  input: { userId: string; id: string; now: Date },
): Promise<void> {
  const [card] = await db
    .select()
    .from(savedCards)
    .where(
      and(
        eq(savedCards.id, input.id),
        eq(savedCards.userId, input.userId),
        isNull(savedCards.removedAt),
      ),
    );
  if (!card) throw new AppError('NOT_FOUND', { message: 'There is no such saved card' });
  try {
    await paymentMethod(config, card.method).recurring?.cancel(card.token);
  } catch (error) {
    if (error instanceof PaymentMethodUnavailableError) {
      throw new AppError('SERVICE_UNAVAILABLE', {
        message: 'PayFast did not answer, so the card is still saved. Please try again shortly.',
      });
    }
    if (!(error instanceof PaymentMethodRefusedError)) throw error;
  }
  await db
    .update(savedCards)
    .set({ removedAt: input.now })
    .where(and(eq(savedCards.id, card.id), isNull(savedCards.removedAt)));
}

/**
 * The method's own page where the customer replaces the card of one of their running
 * subscriptions (PayFast's card-update page), coming back to the payments page.
 */
export async function replaceSubscriptionCard(
  { db, config }: SavedCardDeps,
  input: { userId: string; reference: string },
): Promise<ReplaceCard> {
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.reference, input.reference), eq(subscriptions.userId, input.userId)),
    );
  if (!subscription) {
    throw new AppError('NOT_FOUND', { message: `There is no subscription ${input.reference}` });
  }
  if (subscription.status !== 'active') {
    throw new AppError('CONFLICT', { message: `Subscription ${input.reference} is not running` });
  }
  const cards = paymentMethod(config, subscription.method).savedCards;
  if (!cards) {
    throw new AppError('CONFLICT', { message: 'This subscription is not paid by card' });
  }
  return { url: cards.replaceCardUrl(subscription.token, `${config.publicUrl}/user/payments`) };
}

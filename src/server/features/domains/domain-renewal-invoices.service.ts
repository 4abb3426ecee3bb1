import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { domainOrderEvents, domainOrders, users } from '#db/schema/index.ts';
import { formatDate } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import type { Registrar } from '../../integrations/registrar/registrar.ts';
import { openRenewalOrder } from '../dunning/renewal-orders.service.ts';
import { domainRenewalInvoiceMail } from './domain-order-mails.ts';
import { priceRenewal } from './domain-line-pricing.service.ts';
import { domainRenewalLine } from './domains.order-lines.ts';

export interface RenewalInvoiceDeps {
  db: Db;
  registrar: Registrar;
  config: Pick<Config, 'site' | 'publicUrl' | 'usdZarRate' | 'supplier'>;
}

/**
 * The domain-renewal-invoice job, 14 days before `expiresAt`: a domain still active with that
 * expiry and auto-renew on gets a 1-year renewal order (awaiting payment, payable from the
 * dashboard like any unpaid order) and its owner an e-mail with the payment link — or, when the
 * owner keeps a saved card, the order is charged to it at once (charge-saved-card job). Once per
 * expiry (recorded in the domain's history, in the order's transaction); nothing when the
 * customer already has a renewal open.
 */
export async function invoiceDomainRenewal(
  deps: RenewalInvoiceDeps,
  orderId: string,
  expiresAt: string,
): Promise<void> {
  const note = `Renewal invoice for the expiry of ${expiresAt}`;
  await deps.db.transaction(async (tx) => {
    const [registration] = await tx
      .select()
      .from(domainOrders)
      .where(eq(domainOrders.id, orderId))
      .for('update');
    if (
      !registration ||
      registration.status !== 'active' ||
      registration.kind === 'renewal' ||
      !registration.autoRenew ||
      !registration.userId ||
      registration.expiresAt?.toISOString() !== new Date(expiresAt).toISOString()
    ) {
      return;
    }
    const events = await tx
      .select({ note: domainOrderEvents.note })
      .from(domainOrderEvents)
      .where(eq(domainOrderEvents.orderId, registration.id));
    if (events.some((event) => event.note?.startsWith(note))) return;
    const [open] = await tx
      .select({ id: domainOrders.id })
      .from(domainOrders)
      .where(
        and(
          eq(domainOrders.renewsOrderId, registration.id),
          inArray(domainOrders.status, ['pending_payment', 'paid', 'registering']),
        ),
      )
      .limit(1);
    if (open) {
      await tx.insert(domainOrderEvents).values({
        orderId: registration.id,
        fromStatus: 'active',
        toStatus: 'active',
        note: `${note}: not sent, a renewal is already open`,
      });
      return;
    }
    const price = await priceRenewal(
      {
        db: tx,
        usdZarRate: deps.config.usdZarRate,
        vatRegistered: deps.config.supplier.vatNumber !== undefined,
      },
      registration,
      1,
    );
    // Chased until paid by the owners' domain policy (features/dunning), due on the expiry. A
    // customer who keeps a card for renewals is charged today; the receipt (or the decline) is
    // the mail they get, not a request to pay.
    const order = await openRenewalOrder(tx, {
      userId: registration.userId,
      line: domainRenewalLine(price),
      kind: 'domain',
      title: `Renewal of ${registration.domain}`,
      dueAt: registration.expiresAt!,
      vatRegistered: deps.config.supplier.vatNumber !== undefined,
    });
    await tx.insert(domainOrderEvents).values({
      orderId: registration.id,
      fromStatus: 'active',
      toStatus: 'active',
      note: `${note}: order ${order.reference}, ${formatZAR(price.totalCents)}`,
    });
    if (order.charged) return;
    const [owner] = await tx.select().from(users).where(eq(users.id, registration.userId));
    const registrant = registration.registrant as Record<string, string | undefined>;
    await queueMail(tx, {
      to: owner?.email ?? registrant.email ?? '',
      userId: registration.userId,
      ...domainRenewalInvoiceMail(deps.config, {
        domain: registration.domain,
        firstName: (owner?.fullName ?? registrant.fullName ?? '').split(/\s+/)[0] ?? '',
        expires: formatDate(registration.expiresAt!),
        orderReference: order.reference,
        total: formatZAR(price.totalCents),
      }),
    });
  });
}

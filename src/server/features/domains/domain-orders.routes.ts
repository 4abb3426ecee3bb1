import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '#db/client.ts';
import { domainOrderEvents, domainOrders, orderItems } from '#db/schema/index.ts';
import {
  domainMarginMonthSchema,
  domainOrderDetailSchema,
  domainOrderPageSchema,
  domainOrderSchema,
  domainOrderStatuses,
  type DomainOrder,
} from '#shared/domain-orders.schemas.ts';
import { renewalGraceDays } from '#shared/domain.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { centsToRand } from '#shared/money.ts';
import type { AppInstance } from '../../app-instance.ts';
import { AppError } from '../../plugins/errors.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { refundOrderPart } from '../payments/refunds.service.ts';
import { domainMarginByMonth, domainOrderHistory } from './domain-order-reports.service.ts';
import { queueDomainRegistration, renewableYears } from './domain-orders.service.ts';
import { liveOrderFor, lockName } from './domain-holds.service.ts';
import { priceRenewal } from './domain-line-pricing.service.ts';

const pageSize = 25;
type Row = typeof domainOrders.$inferSelect;

const toDomainOrder = (
  row: Row,
  extra: Pick<DomainOrder, 'renewal' | 'openRenewals'> = { renewal: null, openRenewals: 0 },
): DomainOrder => {
  const registrant = row.registrant as Record<string, string | undefined>;
  return {
    id: row.id,
    domain: row.domain,
    kind: row.kind,
    years: row.years,
    status: row.status,
    price: centsToRand(row.priceCents),
    registrar: row.registrar,
    registrarReference: row.registrarReference,
    attempts: row.attempts,
    lastError: row.lastError,
    registrantName: registrant.fullName ?? '',
    registrantEmail: registrant.email ?? '',
    autoRenew: row.autoRenew,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    heldUntil: row.status === 'pending_payment' ? (row.heldUntil?.toISOString() ?? null) : null,
    renewableUntil:
      row.status === 'active' && row.expiresAt && row.expiresAt.getTime() < Date.now()
        ? new Date(row.expiresAt.getTime() + renewalGraceDays * 86_400_000).toISOString()
        : null,
    refundDue: row.refundDueCents === null ? null : centsToRand(row.refundDueCents),
    ...extra,
    createdAt: row.createdAt.toISOString(),
  };
};

/** Moves an order between two states in one transaction, with its event and audit row. */
async function transition(
  db: Db,
  input: {
    id: string;
    from: Row['status'][];
    to: Row['status'];
    action: string;
    admin: { id: string; email: string };
    ip: string;
    /** What else the move does, in its transaction (a refund gives the money back). */
    alongside?: (tx: Tx, before: Row) => Promise<void>;
  },
) {
  return db.transaction(async (tx) => {
    if (input.to === 'paid') {
      // A retry makes the name live again: only if no other order has taken it meanwhile.
      const [named] = await tx
        .select({ domain: domainOrders.domain, kind: domainOrders.kind })
        .from(domainOrders)
        .where(eq(domainOrders.id, input.id));
      // A renewal holds no name: only its registration does.
      if (named && named.kind !== 'renewal') {
        await lockName(tx, named.domain);
        const holder = await liveOrderFor(tx, named.domain);
        if (holder && holder.id !== input.id) {
          throw new AppError('CONFLICT', {
            message: `Another order holds ${named.domain} now; refund this one instead`,
          });
        }
      }
    }
    const [current] = await tx
      .select()
      .from(domainOrders)
      .where(eq(domainOrders.id, input.id))
      .for('update');
    if (!current) throw new AppError('NOT_FOUND', { message: 'That domain order does not exist' });
    if (current.status === input.to) return current;
    if (!input.from.includes(current.status)) {
      throw new AppError('CONFLICT', {
        message: `A ${current.status.replace('_', ' ')} order cannot be ${input.action}`,
      });
    }
    const [updated] = await tx
      .update(domainOrders)
      // Retried or refunded, the line no longer owes the customer a refund.
      .set({ status: input.to, refundDueCents: null, updatedAt: sql`now()` })
      .where(and(eq(domainOrders.id, input.id), inArray(domainOrders.status, input.from)))
      .returning();
    await tx.insert(domainOrderEvents).values({
      orderId: input.id,
      fromStatus: current.status,
      toStatus: input.to,
      note: `${input.action} by ${input.admin.email}`,
    });
    if (input.to === 'paid') await queueDomainRegistration(tx, input.id);
    await input.alongside?.(tx, current);
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: `domain_order.${input.to === 'paid' ? 'retry' : input.to}`,
      entityType: 'domain_order',
      entityId: current.domain,
      details: { from: current.status, to: input.to },
      ip: input.ip,
    });
    return updated!;
  });
}

/** The customer's own domains, and the back office's domain orders. */
export async function domainOrderRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  await userScope(app, (scoped) => {
    scoped.get(
      '/api/user/domains',
      { schema: { response: { 200: z.array(domainOrderSchema), ...errorResponses(401) } } },
      async (request) => {
        const rows = await db
          .select()
          .from(domainOrders)
          .where(eq(domainOrders.userId, request.user.id))
          .orderBy(desc(domainOrders.createdAt));
        // Renewals are not domains of their own: each registration counts its open ones and
        // says what a year of renewal costs.
        const open = rows.filter(
          (row) =>
            row.kind === 'renewal' &&
            ['pending_payment', 'paid', 'registering'].includes(row.status),
        );
        const pricing = { db, ...app.domainChecker.pricing };
        // A name the customer ordered again (another try to pay the cart) is listed once: an
        // order that let it go is not shown beside their live or newer one.
        const orderedAgain = (row: (typeof rows)[number]) =>
          row.status === 'released' &&
          rows.some(
            (other) =>
              other !== row &&
              other.kind !== 'renewal' &&
              other.domain === row.domain &&
              (other.status !== 'released' || other.createdAt > row.createdAt),
          );
        return Promise.all(
          rows
            .filter((row) => row.kind !== 'renewal' && !orderedAgain(row))
            .map(async (row) => {
              const maxYears = renewableYears(row.expiresAt);
              const renewal =
                row.status === 'active' && maxYears > 0
                  ? {
                      pricePerYear: centsToRand(
                        (await priceRenewal(pricing, row, 1)).pricePerYearCents,
                      ),
                      maxYears,
                    }
                  : null;
              return toDomainOrder(row, {
                renewal,
                openRenewals: open.filter((r) => r.renewsOrderId === row.id).length,
              });
            }),
        );
      },
    );
  });

  const idParams = z.object({ id: z.uuid('Not an order id') });
  /** Retry and refund: a transition the order's state may not allow (409). */
  const transitionSchema = {
    params: idParams,
    response: { 200: domainOrderSchema, ...errorResponses(...stateChangeErrors, 401, 404, 409) },
  };
  await adminScope(app, 'staff', (admin) => {
    admin.get(
      '/api/admin/domain-orders',
      {
        schema: {
          querystring: z.object({
            page: z.coerce.number().int().min(1).max(10_000).default(1),
            status: z.enum(domainOrderStatuses).optional(),
          }),
          response: { 200: domainOrderPageSchema, ...errorResponses(400, 401) },
        },
      },
      async (request) => {
        const { page, status } = request.query;
        const where = status ? eq(domainOrders.status, status) : undefined;
        const [rows, [totals]] = await Promise.all([
          db
            .select()
            .from(domainOrders)
            .where(where)
            .orderBy(desc(domainOrders.createdAt))
            .limit(pageSize)
            .offset((page - 1) * pageSize),
          db.select({ total: count() }).from(domainOrders).where(where),
        ]);
        return {
          items: rows.map((row) => toDomainOrder(row)),
          total: totals?.total ?? 0,
          page,
          pageSize,
        };
      },
    );

    admin.get(
      '/api/admin/domain-margins',
      {
        schema: { response: { 200: z.array(domainMarginMonthSchema), ...errorResponses(401) } },
      },
      () => domainMarginByMonth(db, { vatRegistered: app.config.supplier.vatNumber !== undefined }),
    );

    admin.get(
      '/api/admin/domain-orders/:id',
      {
        schema: {
          params: idParams,
          response: { 200: domainOrderDetailSchema, ...errorResponses(400, 401, 404) },
        },
      },
      async (request) => {
        const { order, events } = await domainOrderHistory(db, request.params.id);
        return {
          order: toDomainOrder(order),
          events: events.map((e) => ({
            fromStatus: e.fromStatus,
            toStatus: e.toStatus,
            note: e.note,
            createdAt: e.createdAt.toISOString(),
          })),
        };
      },
    );

    admin.post(
      '/api/admin/domain-orders/:id/retry',
      { schema: transitionSchema },
      async (request) => {
        const order = await transition(db, {
          id: request.params.id,
          from: ['failed'],
          to: 'paid',
          action: 'retried',
          admin: request.admin,
          ip: request.ip,
        });
        return toDomainOrder(order);
      },
    );
  });

  // Money goes back only by an owner's hand, like every refund (refunds.routes.ts): staff 403.
  await adminScope(app, 'owner', (admin) => {
    admin.post(
      '/api/admin/domain-orders/:id/refund',
      { schema: transitionSchema },
      async (request) => {
        const order = await transition(db, {
          id: request.params.id,
          from: ['failed', 'paid', 'pending_payment'],
          to: 'refunded',
          action: 'refunded',
          admin: request.admin,
          ip: request.ip,
          // A paid line is refunded through PayFast (with its credit note); an unpaid one owes
          // nothing and is only closed.
          alongside: async (tx, before) => {
            if (before.status === 'pending_payment') return;
            const [line] = await tx
              .select({ orderId: orderItems.orderId, totalCents: orderItems.totalCents })
              .from(orderItems)
              .where(eq(orderItems.domainOrderId, before.id));
            if (!line) return;
            await refundOrderPart(tx, {
              orderId: line.orderId,
              amountCents: before.refundDueCents ?? line.totalCents,
              reason: `Domain ${before.domain} could not be registered for you`,
              admin: request.admin,
              ip: request.ip,
            });
          },
        });
        return toDomainOrder(order);
      },
    );
  });
}

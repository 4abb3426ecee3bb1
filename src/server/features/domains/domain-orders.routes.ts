import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#db/client.ts';
import { domainOrderEvents, domainOrders } from '#db/schema/index.ts';
import {
  domainOrderDetailSchema,
  domainOrderPageSchema,
  domainOrderSchema,
  domainOrderStatuses,
  type DomainOrder,
} from '#shared/domain-orders.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { centsToRand } from '#shared/money.ts';
import type { AppInstance } from '../../app-instance.ts';
import { AppError } from '../../plugins/errors.ts';
import { adminScope, userScope } from '../../plugins/signed-in-scopes.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { domainOrderHistory, queueDomainRegistration } from './domain-orders.service.ts';

const pageSize = 25;
type Row = typeof domainOrders.$inferSelect;

const toDomainOrder = (row: Row): DomainOrder => {
  const registrant = row.registrant as Record<string, string | undefined>;
  return {
    id: row.id,
    domain: row.domain,
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
  },
) {
  return db.transaction(async (tx) => {
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
      .set({ status: input.to, updatedAt: sql`now()` })
      .where(and(eq(domainOrders.id, input.id), inArray(domainOrders.status, input.from)))
      .returning();
    await tx.insert(domainOrderEvents).values({
      orderId: input.id,
      fromStatus: current.status,
      toStatus: input.to,
      note: `${input.action} by ${input.admin.email}`,
    });
    if (input.to === 'paid') await queueDomainRegistration(tx, input.id);
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
        return rows.map(toDomainOrder);
      },
    );
  });

  const idParams = z.object({ id: z.uuid('Not an order id') });
  /** Retry and refund: a transition the order's state may not allow (409). */
  const transitionSchema = {
    params: idParams,
    response: { 200: domainOrderSchema, ...errorResponses(...stateChangeErrors, 401, 404, 409) },
  };
  await adminScope(app, (admin) => {
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
        return { items: rows.map(toDomainOrder), total: totals?.total ?? 0, page, pageSize };
      },
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
        });
        return toDomainOrder(order);
      },
    );
  });
}

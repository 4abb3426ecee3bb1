import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { newReference } from '../../lib/references.ts';
import type { Db, Tx } from '#db/client.ts';
import { serviceRequests } from '#db/schema/index.ts';
import {
  nextStatuses,
  type ServiceRequest,
  type ServiceRequestCreated,
  type ServiceRequestStatus,
} from '#shared/requests.schemas.ts';
import type { Config } from '../../config.ts';
import { queueMail } from '../../integrations/mail/outbox.ts';
import { AppError } from '../../plugins/errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { createProject } from '../projects/projects.service.ts';
import { quoteMail, requestNotificationMail, requestReceivedMail } from './request-mails.ts';
import { centsToRand, randToCents } from '#shared/money.ts';

type Row = typeof serviceRequests.$inferSelect;

const toRequest = (row: Row): ServiceRequest => ({
  id: row.id,
  reference: row.reference,
  serviceType: row.serviceType,
  packageId: row.packageId,
  name: row.name,
  email: row.email,
  phone: row.phone,
  company: row.company,
  message: row.message,
  answers: row.answers,
  status: row.status,
  quote: row.quoteCents === null ? null : centsToRand(row.quoteCents),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

export interface RequestDeps {
  db: Db;
  config: Pick<Config, 'site' | 'publicUrl'>;
}

/** Stores the request with its confirmation and the company's notification, in one transaction. */
export async function createServiceRequest(
  { db, config }: RequestDeps,
  input: {
    serviceType: string;
    packageId?: string | undefined;
    name: string;
    email: string;
    phone?: string | null | undefined;
    company?: string | null | undefined;
    message: string;
    answers?: Record<string, string> | undefined;
    userId: string | null;
  },
): Promise<ServiceRequestCreated> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(serviceRequests)
          .values({
            reference: newReference('SR', 6),
            userId: input.userId,
            serviceType: input.serviceType,
            packageId: input.packageId ?? null,
            name: input.name,
            email: input.email,
            phone: input.phone ?? null,
            company: input.company ?? null,
            message: input.message,
            answers: input.answers ?? {},
          })
          .returning();
        const summary = { ...created!, phone: created!.phone, company: created!.company };
        await queueMail(tx, {
          to: created!.email,
          userId: input.userId,
          ...requestReceivedMail(config, summary),
        });
        await queueMail(tx, {
          to: config.site.contactEmail,
          ...requestNotificationMail(config, summary),
        });
        return created!;
      });
      return {
        reference: row.reference,
        status: row.status,
        createdAt: row.createdAt.toISOString(),
      };
    } catch (error) {
      // A reference already taken (one in a billion): draw another.
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

export async function listUserRequests(db: Db, userId: string): Promise<ServiceRequest[]> {
  const rows = await db
    .select()
    .from(serviceRequests)
    .where(eq(serviceRequests.userId, userId))
    .orderBy(desc(serviceRequests.createdAt))
    .limit(100);
  return rows.map(toRequest);
}

const pageSize = 25;

export async function listRequests(
  db: Db,
  query: {
    page: number;
    status?: ServiceRequestStatus | undefined;
    serviceType?: string | undefined;
  },
) {
  const where = and(
    query.status ? eq(serviceRequests.status, query.status) : undefined,
    query.serviceType ? eq(serviceRequests.serviceType, query.serviceType) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(serviceRequests)
      .where(where)
      .orderBy(desc(serviceRequests.createdAt))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ total: count() }).from(serviceRequests).where(where),
  ]);
  return { items: rows.map(toRequest), total: totals?.total ?? 0, page: query.page, pageSize };
}

export async function getRequest(db: Db, id: string): Promise<ServiceRequest> {
  const [row] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  if (!row) throw new AppError('NOT_FOUND', { message: 'That service request does not exist' });
  return toRequest(row);
}

/**
 * Moves a request along new → contacted → quoted → won/lost; idempotent for the same status.
 * Quoting stores the price and e-mails the customer, who can then pay it from the dashboard.
 */
export async function changeRequestStatus(
  { db, config }: RequestDeps,
  input: {
    id: string;
    status: ServiceRequestStatus;
    quote?: number | undefined;
    admin: { id: string; email: string };
    ip: string;
  },
): Promise<ServiceRequest> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, input.id))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', { message: 'That service request does not exist' });
    if (row.status === input.status) return toRequest(row);
    if (!nextStatuses[row.status].includes(input.status)) {
      throw new AppError('CONFLICT', {
        message: `A ${row.status} request cannot become ${input.status}`,
      });
    }
    const quoteCents = input.status === 'quoted' ? randToCents(input.quote ?? 0) : row.quoteCents;
    const [updated] = await tx
      .update(serviceRequests)
      .set({ status: input.status, quoteCents, updatedAt: sql`now()` })
      .where(and(eq(serviceRequests.id, input.id), eq(serviceRequests.status, row.status)))
      .returning();
    if (input.status === 'won' && row.serviceType === 'website_development') {
      await createProject(tx, config, {
        serviceRequestId: row.id,
        userId: row.userId,
        packageId: row.packageId,
        title: row.company ? `Website for ${row.company}` : 'Website',
        name: row.name,
        email: row.email,
      });
    }
    if (input.status === 'quoted' && quoteCents) {
      await queueMail(tx, {
        to: row.email,
        userId: row.userId,
        ...quoteMail(config, { ...row, quoteCents }),
      });
    }
    await recordAudit(tx, {
      adminId: input.admin.id,
      actor: input.admin.email,
      action: 'service_request.status_changed',
      entityType: 'service_request',
      entityId: row.reference,
      details: {
        from: row.status,
        to: input.status,
        ...(input.status === 'quoted' ? { quoteCents } : {}),
      },
      ip: input.ip,
    });
    return toRequest(updated!);
  });
}

/** A quoted request of the customer's own that an order can pay, at the price the team quoted. */
export async function payableQuote(db: Db, input: { reference: string; userId: string }) {
  const { reference } = input;
  const [request] = await db
    .select()
    .from(serviceRequests)
    .where(and(eq(serviceRequests.reference, reference), eq(serviceRequests.userId, input.userId)));
  const refuse = (message: string) => new AppError('BAD_REQUEST', { message });
  if (!request) throw refuse(`There is no service request ${reference} in your account`);
  if (request.status === 'paid' || request.status === 'won')
    throw refuse(`Service request ${reference} is already paid`);
  if (request.status !== 'quoted' || request.quoteCents === null)
    throw refuse(`Service request ${reference} has no quote to pay`);
  return { id: request.id, serviceType: request.serviceType, quoteCents: request.quoteCents };
}

/** Quoted requests paid through an order become paid, in the payment's transaction. */
export async function markQuotedRequestsPaid(tx: Db | Tx, requestIds: string[]): Promise<void> {
  if (requestIds.length === 0) return;
  await tx
    .update(serviceRequests)
    .set({ status: 'paid', updatedAt: sql`now()` })
    .where(and(eq(serviceRequests.status, 'quoted'), inArray(serviceRequests.id, requestIds)));
}

/**
 * A paid website package becomes a won website request and its website project (stages, due
 * dates, the customer's first stage e-mail), in the payment's transaction.
 */
export async function openWebsiteProject(
  tx: Db | Tx,
  input: {
    userId: string | null;
    packageId: string;
    name: string;
    email: string;
    message: string;
    /** The domain bought in the same order, for the project's content checklist. */
    domain?: string | undefined;
    /** The quote it was sold on. */
    quoteId?: string | null;
  },
  config: RequestDeps['config'],
  title = 'Website',
): Promise<void> {
  const { domain, quoteId, ...request } = input;
  const [won] = await tx
    .insert(serviceRequests)
    .values({
      reference: newReference('SR', 6),
      serviceType: 'website_development',
      status: 'won',
      ...request,
    })
    .returning();
  await createProject(tx, config, {
    serviceRequestId: won!.id,
    userId: input.userId,
    packageId: input.packageId,
    title,
    name: input.name,
    email: input.email,
    domain,
    quoteId: quoteId ?? null,
  });
}

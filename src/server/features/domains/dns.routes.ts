import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { domainOrders } from '#db/schema/index.ts';
import {
  autoRenewResultSchema,
  autoRenewSchema,
  dnsRecordDeletedSchema,
  dnsRecordInputSchema,
  dnsRecordSchema,
} from '#shared/dns.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { RegistrarError } from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';
import { requireUser } from '../../plugins/sessions.ts';

const domainParams = z.object({ domain: z.string().max(253) });
const recordParams = domainParams.extend({ id: z.string().max(64) });

/** Every DNS call needs a session and one of the caller's domains, and goes to the registrar. */
const readErrors = errorResponses(400, 401, 404, 429, 503);
const changeErrors = errorResponses(...stateChangeErrors, 401, 404, 429, 503);

/** Registrar trouble becomes a clear 503/429; a missing record a 404. */
async function throughRegistrar<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RegistrarError) {
      throw new AppError(error.status === 429 ? 'RATE_LIMITED' : 'SERVICE_UNAVAILABLE', {
        message: error.message,
      });
    }
    if (error instanceof RangeError) {
      throw new AppError('NOT_FOUND', { message: 'That DNS record does not exist' });
    }
    throw error;
  }
}

/** A customer's DNS records and auto-renewal, for their own active domains only. */
export function dnsRoutes(app: AppInstance): void {
  const { db } = app.database;

  async function ownDomain(
    request: Parameters<typeof requireUser>[0],
    reply: Parameters<typeof requireUser>[1],
    domain: string,
  ) {
    const user = await requireUser(request, reply);
    const [order] = await db
      .select({ id: domainOrders.id })
      .from(domainOrders)
      .where(
        and(
          eq(domainOrders.userId, user.id),
          eq(domainOrders.domain, domain),
          eq(domainOrders.status, 'active'),
        ),
      )
      .limit(1);
    if (!order)
      throw new AppError('NOT_FOUND', { message: `${domain} is not one of your active domains` });
    return order.id;
  }

  app.get(
    '/api/user/domains/:domain/records',
    {
      config: { signedIn: true },
      schema: {
        params: domainParams,
        response: { 200: z.array(dnsRecordSchema), ...readErrors },
      },
    },
    async (request, reply) => {
      await ownDomain(request, reply, request.params.domain);
      reply.header('cache-control', 'private, no-store');
      return throughRegistrar(() => app.registrar.listRecords(request.params.domain));
    },
  );

  app.get(
    '/api/user/domains/:domain/nameservers',
    {
      config: { signedIn: true },
      schema: { params: domainParams, response: { 200: z.array(z.string()), ...readErrors } },
    },
    async (request, reply) => {
      await ownDomain(request, reply, request.params.domain);
      return throughRegistrar(() => app.registrar.nameservers(request.params.domain));
    },
  );

  app.post(
    '/api/user/domains/:domain/records',
    {
      config: { signedIn: true },
      schema: {
        params: domainParams,
        body: dnsRecordInputSchema,
        response: { 201: dnsRecordSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      await ownDomain(request, reply, request.params.domain);
      const record = await throughRegistrar(() =>
        app.registrar.createRecord(request.params.domain, request.body),
      );
      return reply.status(201).send(record);
    },
  );

  app.put(
    '/api/user/domains/:domain/records/:id',
    {
      config: { signedIn: true },
      schema: {
        params: recordParams,
        body: dnsRecordInputSchema,
        response: { 200: dnsRecordSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      await ownDomain(request, reply, request.params.domain);
      return throughRegistrar(() =>
        app.registrar.updateRecord(request.params.domain, request.params.id, request.body),
      );
    },
  );

  app.delete(
    '/api/user/domains/:domain/records/:id',
    {
      config: { signedIn: true },
      schema: { params: recordParams, response: { 200: dnsRecordDeletedSchema, ...changeErrors } },
    },
    async (request, reply) => {
      await ownDomain(request, reply, request.params.domain);
      const deleted = await throughRegistrar(() =>
        app.registrar.deleteRecord(request.params.domain, request.params.id),
      );
      if (!deleted) throw new AppError('NOT_FOUND', { message: 'That DNS record does not exist' });
      return { deleted: true as const };
    },
  );

  app.patch(
    '/api/user/domains/:domain',
    {
      config: { signedIn: true },
      schema: {
        params: domainParams,
        body: autoRenewSchema,
        response: { 200: autoRenewResultSchema, ...changeErrors },
      },
    },
    async (request, reply) => {
      const orderId = await ownDomain(request, reply, request.params.domain);
      await throughRegistrar(() =>
        app.registrar.setAutoRenew(request.params.domain, request.body.autoRenew),
      );
      await db
        .update(domainOrders)
        .set({ autoRenew: request.body.autoRenew, updatedAt: sql`now()` })
        .where(eq(domainOrders.id, orderId));
      return { domain: request.params.domain, autoRenew: request.body.autoRenew };
    },
  );
}

import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { domainOrders } from '#db/schema/index.ts';
import {
  autoRenewResultSchema,
  autoRenewSchema,
  dnsRecordDeletedSchema,
  dnsRecordInputSchema,
  dnsRecordSchema,
  dnsTemplateParams,
  nameserversInputSchema,
  nameserversSchema,
} from '#shared/dns.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { RegistrarError } from '../../integrations/registrar/registrar.ts';
import { AppError } from '../../plugins/errors.ts';
import { userScope } from '../../plugins/signed-in-scopes.ts';
import { applyDnsTemplate } from './dns-templates.service.ts';
import { recordEvent } from './domain-orders.service.ts';
import { registrarAppError } from './registrar-errors.ts';

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
    if (error instanceof RegistrarError) throw registrarAppError(error);
    if (error instanceof RangeError) {
      throw new AppError('NOT_FOUND', { message: 'That DNS record does not exist' });
    }
    throw error;
  }
}

/** A customer's DNS records and auto-renewal, for their own active domains only. */
export async function dnsRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  /** The id of the customer's active order for `domain`; 404 when it is not theirs. */
  const isOurs = (nameservers: string[]) =>
    nameservers.length > 0 &&
    nameservers.every((host) => app.registrar.defaultNameservers.includes(host));

  async function ownDomain(userId: string, domain: string) {
    const [order] = await db
      .select({ id: domainOrders.id })
      .from(domainOrders)
      .where(
        and(
          eq(domainOrders.userId, userId),
          eq(domainOrders.domain, domain),
          eq(domainOrders.status, 'active'),
        ),
      )
      .limit(1);
    if (!order)
      throw new AppError('NOT_FOUND', { message: `${domain} is not one of your active domains` });
    return order.id;
  }

  await userScope(app, (scoped) => {
    scoped.get(
      '/api/user/domains/:domain/records',
      {
        schema: {
          params: domainParams,
          response: { 200: z.array(dnsRecordSchema), ...readErrors },
        },
      },
      async (request) => {
        await ownDomain(request.user.id, request.params.domain);
        return throughRegistrar(() => app.registrar.listRecords(request.params.domain));
      },
    );

    scoped.get(
      '/api/user/domains/:domain/nameservers',
      { schema: { params: domainParams, response: { 200: nameserversSchema, ...readErrors } } },
      async (request) => {
        await ownDomain(request.user.id, request.params.domain);
        const nameservers = await throughRegistrar(() =>
          app.registrar.nameservers(request.params.domain),
        );
        return { nameservers, ours: isOurs(nameservers) };
      },
    );

    scoped.put(
      '/api/user/domains/:domain/nameservers',
      {
        schema: {
          params: domainParams,
          body: nameserversInputSchema,
          response: { 200: nameserversSchema, ...changeErrors },
        },
      },
      async (request) => {
        const { domain } = request.params;
        const orderId = await ownDomain(request.user.id, domain);
        const wanted =
          request.body.use === 'ours'
            ? [...app.registrar.defaultNameservers]
            : request.body.nameservers;
        // Replacing the list is idempotent: a timed-out change is simply made again.
        const nameservers = await throughRegistrar(() =>
          app.registrar.setNameservers(domain, wanted),
        );
        await recordEvent(
          db,
          orderId,
          'active',
          'active',
          `Name servers changed by the customer to ${nameservers.join(', ')}`,
        );
        return { nameservers, ours: isOurs(nameservers) };
      },
    );

    scoped.post(
      '/api/user/domains/:domain/dns-templates/:template',
      {
        schema: {
          params: dnsTemplateParams,
          response: { 200: z.array(dnsRecordSchema), ...changeErrors },
        },
      },
      async (request) => {
        const { domain, template } = request.params;
        await ownDomain(request.user.id, domain);
        return throughRegistrar(() => applyDnsTemplate(app.registrar, domain, template));
      },
    );

    scoped.post(
      '/api/user/domains/:domain/records',
      {
        schema: {
          params: domainParams,
          body: dnsRecordInputSchema,
          response: { 201: dnsRecordSchema, ...changeErrors },
        },
      },
      async (request, reply) => {
        await ownDomain(request.user.id, request.params.domain);
        const record = await throughRegistrar(() =>
          app.registrar.createRecord(request.params.domain, request.body),
        );
        return reply.status(201).send(record);
      },
    );

    scoped.put(
      '/api/user/domains/:domain/records/:id',
      {
        schema: {
          params: recordParams,
          body: dnsRecordInputSchema,
          response: { 200: dnsRecordSchema, ...changeErrors },
        },
      },
      async (request) => {
        await ownDomain(request.user.id, request.params.domain);
        return throughRegistrar(() =>
          app.registrar.updateRecord(request.params.domain, request.params.id, request.body),
        );
      },
    );

    scoped.delete(
      '/api/user/domains/:domain/records/:id',
      {
        schema: {
          params: recordParams,
          response: { 200: dnsRecordDeletedSchema, ...changeErrors },
        },
      },
      async (request) => {
        await ownDomain(request.user.id, request.params.domain);
        const deleted = await throughRegistrar(() =>
          app.registrar.deleteRecord(request.params.domain, request.params.id),
        );
        if (!deleted) {
          throw new AppError('NOT_FOUND', { message: 'That DNS record does not exist' });
        }
        return { deleted: true as const };
      },
    );

    scoped.patch(
      '/api/user/domains/:domain',
      {
        schema: {
          params: domainParams,
          body: autoRenewSchema,
          response: { 200: autoRenewResultSchema, ...changeErrors },
        },
      },
      async (request) => {
        const orderId = await ownDomain(request.user.id, request.params.domain);
        // Our auto-renew is a renewal invoice 14 days ahead: the registrar's own stays off, so
        // it never renews (at our cost) what the customer has not paid for.
        await throughRegistrar(() => app.registrar.setAutoRenew(request.params.domain, false));
        await db
          .update(domainOrders)
          .set({ autoRenew: request.body.autoRenew, updatedAt: sql`now()` })
          .where(eq(domainOrders.id, orderId));
        return { domain: request.params.domain, autoRenew: request.body.autoRenew };
      },
    );
  });
}

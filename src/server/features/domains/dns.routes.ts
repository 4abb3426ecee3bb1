import { eq, sql } from 'drizzle-orm';
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
import type { AppInstance } from '../../app-instance.ts';
import { RegistrarError } from '../../integrations/registrar/registrar.ts';
import { errorResponses } from '#shared/errors.ts';
import { AppError } from '../../plugins/errors.ts';
import { userScope } from '../../plugins/signed-in-scopes.ts';
import { applyDnsTemplate } from './dns-templates.service.ts';
import { recordEvent } from './domain-orders.service.ts';
import {
  domainChangeErrors,
  domainParams,
  domainReadErrors,
  ownDomain as ownedDomain,
} from './own-domain.ts';
import { registrarAppError } from './registrar-errors.ts';

const recordParams = domainParams.extend({ id: z.string().max(64) });

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

  /** Whether the name is delegated to the name servers of its registrar, which serve our records. */
  const isOurs = async (domain: string, nameservers: string[]) => {
    const ours = await app.registrar.defaultNameserversFor(domain);
    return nameservers.length > 0 && nameservers.every((host) => ours.includes(host));
  };
  const ownDomain = (userId: string, domain: string) => ownedDomain(db, userId, domain);

  await userScope(app, (scoped) => {
    scoped.get(
      '/api/user/domains/:domain/records',
      {
        schema: {
          params: domainParams,
          response: { 200: z.array(dnsRecordSchema), ...domainReadErrors },
        },
      },
      async (request) => {
        await ownDomain(request.user.id, request.params.domain);
        return throughRegistrar(() => app.registrar.listRecords(request.params.domain));
      },
    );

    scoped.get(
      '/api/user/domains/:domain/nameservers',
      {
        schema: { params: domainParams, response: { 200: nameserversSchema, ...domainReadErrors } },
      },
      async (request) => {
        await ownDomain(request.user.id, request.params.domain);
        const nameservers = await throughRegistrar(() =>
          app.registrar.nameservers(request.params.domain),
        );
        return {
          nameservers,
          ours: await isOurs(request.params.domain, nameservers),
          websiteHosting: app.config.hostingIpv4 !== undefined,
        };
      },
    );

    scoped.put(
      '/api/user/domains/:domain/nameservers',
      {
        schema: {
          params: domainParams,
          body: nameserversInputSchema,
          response: { 200: nameserversSchema, ...domainChangeErrors },
        },
      },
      async (request) => {
        const { domain } = request.params;
        const orderId = await ownDomain(request.user.id, domain);
        const wanted =
          request.body.use === 'ours'
            ? [...(await app.registrar.defaultNameserversFor(domain))]
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
        return {
          nameservers,
          ours: await isOurs(domain, nameservers),
          websiteHosting: app.config.hostingIpv4 !== undefined,
        };
      },
    );

    scoped.post(
      '/api/user/domains/:domain/dns-templates/:template',
      {
        schema: {
          params: dnsTemplateParams,
          response: {
            200: z.array(dnsRecordSchema),
            ...domainChangeErrors,
            ...errorResponses(409),
          },
        },
      },
      async (request) => {
        const { domain, template } = request.params;
        await ownDomain(request.user.id, domain);
        return throughRegistrar(() =>
          applyDnsTemplate(app.registrar, domain, template, app.config.hostingIpv4),
        );
      },
    );

    scoped.post(
      '/api/user/domains/:domain/records',
      {
        schema: {
          params: domainParams,
          body: dnsRecordInputSchema,
          response: { 201: dnsRecordSchema, ...domainChangeErrors },
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
          response: { 200: dnsRecordSchema, ...domainChangeErrors },
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
          response: { 200: dnsRecordDeletedSchema, ...domainChangeErrors },
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
          response: { 200: autoRenewResultSchema, ...domainChangeErrors },
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

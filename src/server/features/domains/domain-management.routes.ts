import {
  domainLockSchema,
  registrantChangeResultSchema,
  registrantContactSchema,
  registrantContactViewSchema,
  transferCodeResultSchema,
} from '#shared/domain-management.schemas.ts';
import { errorResponses } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { AppError } from '../../plugins/errors.ts';
import { userScope } from '../../plugins/signed-in-scopes.ts';
import { recordAudit } from '../admin/audit-log.service.ts';
import { recordEvent } from './domain-orders.service.ts';
import { domainChangeErrors, domainParams, domainReadErrors, ownDomain } from './own-domain.ts';
import { throughRegistrar } from './registrar-errors.ts';

/** Registrar trouble as the customer's answer; a name the registrar does not hold is a 404. */
async function atRegistrar<T>(domain: string, work: () => Promise<T>): Promise<T> {
  try {
    return await throughRegistrar(work);
  } catch (error) {
    if (error instanceof RangeError) {
      throw new AppError('NOT_FOUND', { message: `${domain} is not held by our registrar` });
    }
    throw error;
  }
}

/**
 * The registrar lock, the transfer (EPP) code and the registrant contact of a customer's own
 * active domain, through the registrar that holds it.
 */
export async function domainManagementRoutes(app: AppInstance): Promise<void> {
  const { db } = app.database;

  await userScope(app, (scoped) => {
    scoped.get(
      '/api/user/domains/:domain/lock',
      {
        schema: { params: domainParams, response: { 200: domainLockSchema, ...domainReadErrors } },
      },
      async (request) => {
        const { domain } = request.params;
        await ownDomain(db, request.user.id, domain);
        return { locked: await atRegistrar(domain, () => app.registrar.transferLock(domain)) };
      },
    );

    scoped.put(
      '/api/user/domains/:domain/lock',
      {
        schema: {
          params: domainParams,
          body: domainLockSchema,
          response: { 200: domainLockSchema, ...domainChangeErrors },
        },
      },
      async (request) => {
        const { domain } = request.params;
        await ownDomain(db, request.user.id, domain);
        const locked = await atRegistrar(domain, () =>
          app.registrar.setTransferLock(domain, request.body.locked),
        );
        // Unlocking is the first step of taking a name away: kept with who and when.
        await recordAudit(db, {
          adminId: null,
          actor: `customer ${request.user.id}`,
          action: locked ? 'domain.locked' : 'domain.unlocked',
          entityType: 'domain',
          entityId: domain,
          ip: request.ip,
        });
        return { locked };
      },
    );

    scoped.post(
      '/api/user/domains/:domain/transfer-code',
      {
        schema: {
          params: domainParams,
          response: {
            200: transferCodeResultSchema,
            ...domainChangeErrors,
            ...errorResponses(409),
          },
        },
      },
      async (request, reply) => {
        const { domain } = request.params;
        await ownDomain(db, request.user.id, domain);
        if (await atRegistrar(domain, () => app.registrar.transferLock(domain))) {
          throw new AppError('CONFLICT', {
            message: `${domain} is locked. Turn the registrar lock off to get its transfer code.`,
          });
        }
        const answer = await atRegistrar(domain, () => app.registrar.transferCode(domain));
        // Who asked and when, and how the code went out — never the code: it is the key to the
        // domain, shown once to the customer and kept only by the registrar.
        await recordAudit(db, {
          adminId: null,
          actor: `customer ${request.user.id}`,
          action: 'domain.transfer_code',
          entityType: 'domain',
          entityId: domain,
          details: { delivery: answer.kind === 'code' ? 'shown' : 'emailed' },
          ip: request.ip,
        });
        void reply.header('cache-control', 'no-store');
        return answer.kind === 'code' ? { code: answer.code } : { emailedTo: answer.to };
      },
    );

    scoped.get(
      '/api/user/domains/:domain/registrant',
      {
        schema: {
          params: domainParams,
          response: { 200: registrantContactViewSchema, ...domainReadErrors },
        },
      },
      async (request) => {
        const { domain } = request.params;
        await ownDomain(db, request.user.id, domain);
        const contact = await atRegistrar(domain, () => app.registrar.registrant(domain));
        return { ...contact, organisation: contact.organisation || undefined };
      },
    );

    scoped.put(
      '/api/user/domains/:domain/registrant',
      {
        schema: {
          params: domainParams,
          body: registrantContactSchema,
          response: { 200: registrantChangeResultSchema, ...domainChangeErrors },
        },
      },
      async (request) => {
        const { domain } = request.params;
        const orderId = await ownDomain(db, request.user.id, domain);
        const change = await atRegistrar(domain, () =>
          app.registrar.changeRegistrant(domain, request.body),
        );
        await recordEvent(
          db,
          orderId,
          'active',
          'active',
          change.state === 'done'
            ? 'Registrant contact changed by the customer'
            : `Registrant change asked by the customer, pending: ${change.reason ?? 'the registry confirms it'}`,
        );
        return change.reason ? change : { state: change.state };
      },
    );
  });
}

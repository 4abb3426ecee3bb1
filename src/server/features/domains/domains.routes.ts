import { z } from 'zod';
import {
  domainCheckResultSchema,
  domainQuoteResultSchema,
  domainQuoteSchema,
  tldPriceSchema,
} from '#shared/domain.schemas.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import type { AppInstance } from '../../app-instance.ts';
import { sendSerialised, serialise, untilChanged } from '../../lib/until-changed.ts';
import { whenCatalogueChanges } from '../catalogue/catalogue.service.ts';
import { throughRegistrar } from './registrar-errors.ts';

export async function domainRoutes(app: AppInstance): Promise<void> {
  const checker = app.domainChecker;
  // The price list from memory, read again after a change to the TLD table (NOTIFY catalogue,
  // heard by every process): the checker's own TLD table is read again with it.
  const prices = untilChanged(async () => serialise(await checker.priceList()));
  await whenCatalogueChanges(app, () => {
    checker.forgetPrices();
    prices.invalidate();
  });
  app.get(
    '/api/domain/check',
    {
      schema: {
        querystring: z.object({
          domain: z
            .string({ error: 'Please enter a domain name' })
            .max(300, 'That is too long for a domain name'),
        }),
        response: { 200: domainCheckResultSchema, ...errorResponses(400, 429, 503) },
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { result, checkedAt } = await throughRegistrar(() =>
        checker.check(request.query.domain),
      );
      // The availability may be the registrar's answer of a few minutes ago (the check endpoint
      // is kept for just before a registration): `Age` says how old, as a cache would.
      const age = Math.max(0, Math.floor((Date.now() - checkedAt.getTime()) / 1000));
      reply.header('cache-control', 'private, max-age=60').header('age', String(age));
      return result;
    },
  );

  app.post(
    '/api/domain/quote',
    {
      schema: {
        body: domainQuoteSchema,
        response: {
          200: domainQuoteResultSchema,
          ...errorResponses(...stateChangeErrors, 409, 429, 503),
        },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request) =>
      throughRegistrar(() => checker.quote(request.body.domain, request.body.years)),
  );

  app.get(
    '/api/domain/prices',
    {
      schema: {
        response: { 200: z.array(tldPriceSchema), ...errorResponses() },
      },
    },
    async (request, reply) => {
      return sendSerialised(
        request,
        reply.header('cache-control', 'public, max-age=60'),
        await prices.get(),
      );
    },
  );
}

import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '#db/client.ts';
import { domainOrders } from '#db/schema/index.ts';
import { errorResponses, stateChangeErrors } from '#shared/errors.ts';
import { AppError } from '../../plugins/errors.ts';

/** The routes that manage one of the customer's domains at its registrar share these. */
export const domainParams = z.object({ domain: z.string().max(253) });
export const domainReadErrors = errorResponses(400, 401, 404, 429, 503);
export const domainChangeErrors = errorResponses(...stateChangeErrors, 401, 404, 429, 503);

/**
 * The id of the customer's active order for `domain`: every call that manages a domain at the
 * registrar needs one. 404 when the domain is not theirs, so nobody learns whose it is.
 */
export async function ownDomain(db: Db, userId: string, domain: string): Promise<string> {
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

import { eq } from 'drizzle-orm';
import { quotes } from '#db/schema/index.ts';
import { AppError } from '../../plugins/errors.ts';
import {
  nothingToStart,
  type LineFulfilment,
  type OrderLineKind,
} from '../orders/order-lines.service.ts';

/** Lines the team writes: they are never in a cart, so a cart that names their type is refused. */
const madeByTheTeam = async (): Promise<never> => {
  throw new AppError('BAD_REQUEST', { message: 'This kind of line is invoiced by our team only' });
};

/**
 * The lines of the team's invoices and quotes (decision 025). A free line starts nothing: the
 * team does the work it names. A quote's deposit starts what the quote's catalogue packages
 * start, with the quote named, so a website project sold on a quote knows its balance is still
 * to come; the balance starts nothing more. (A quote without a deposit is billed with its own
 * lines, which start what they start anywhere.)
 */
export function billingLineKinds(deliverPackage: LineFulfilment): {
  'invoice-line': OrderLineKind<'invoice-line'>;
  'quote-part': OrderLineKind<'quote-part'>;
} {
  const startQuotedWork: LineFulfilment = async (tx, line, context) => {
    const quoteId = typeof line.details?.quoteId === 'string' ? line.details.quoteId : null;
    if (!quoteId || line.details?.part !== 'deposit') return;
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId));
    for (const quoted of quote?.lines ?? []) {
      if (!quoted.packageId) continue;
      await deliverPackage(
        tx,
        {
          ...line,
          type: 'package',
          title: quoted.description,
          packageId: quoted.packageId,
          quantity: quoted.quantity,
          details: { quoteId },
        },
        context,
      );
    }
  };
  return {
    'invoice-line': { price: madeByTheTeam, fulfil: nothingToStart },
    'quote-part': { price: madeByTheTeam, fulfil: startQuotedWork },
  };
}

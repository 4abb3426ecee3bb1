import type { EftConfig } from '../../config.ts';
import {
  PaymentMethodRefusedError,
  type RecordedPaymentMethod,
} from '../payment-methods/payment-method.ts';

const dayMs = 86_400_000;

/**
 * Bank transfers (EFT): the customer pays into the company's account with the order reference;
 * nothing tells us, so the team records what the bank statement shows. The bank cannot send money
 * back on its own: a transfer is refunded to account credit, or paid back by the team.
 */
export function createEftMethod(config: EftConfig): RecordedPaymentMethod {
  return {
    id: 'eft',
    label: 'Bank transfer (EFT)',
    provider: 'the bank',
    recorded: true,
    start: (request) => ({
      kind: 'instructions',
      payTo: {
        bankName: config.bankName,
        holder: config.accountHolder,
        accountNumber: config.accountNumber,
        branchCode: config.branchCode,
        accountType: config.accountType,
      },
      reference: request.orderReference,
      amountCents: request.totalCents,
      payBy: new Date(Date.now() + config.keepDays * dayMs),
      test: config.test,
    }),
    refundTerms: () =>
      Promise.resolve({
        availableCents: 0,
        originalCents: 0,
        full: 'none',
        partial: 'none',
        banks: [],
        notes: [
          'A bank transfer cannot be sent back through the site: refund it to account credit, or pay it back from the bank and record that as an adjustment',
        ],
      }),
    refund: () =>
      Promise.reject(
        new PaymentMethodRefusedError('A bank transfer is refunded to account credit only'),
      ),
    recurring: null,
    savedCards: null,
  };
}

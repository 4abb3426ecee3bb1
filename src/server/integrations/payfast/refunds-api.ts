import type { BankAccount, RefundRoute, RefundTerms } from '../payment-methods/payment-method.ts';
import {
  callApi,
  payfastWords,
  PayfastApiRefusedError,
  PayfastApiUnavailableError,
  type ApiConfig,
} from './api.ts';

/** PayFast's refund methods (its API docs, "Query a refund"): `refund_full.method` and partial. */
const refundRoutes: Record<string, RefundRoute> = {
  PAYMENT_SOURCE: 'source',
  BANK_PAYOUT: 'bank-account',
  NOT_AVAILABLE: 'none',
};

/**
 * What PayFast allows refunding on a payment (GET /refunds/query/{id}): `amount_original` and
 * `amount_available_for_refund` in cents, and for a full and a partial refund the `method` —
 * PAYMENT_SOURCE (back to the card), BANK_PAYOUT (into the buyer's bank account, whose details
 * the refund must carry; `bank_names` lists the banks) or NOT_AVAILABLE. An answer without
 * methods is a refund to the card, as before PayFast named them.
 */
export async function refundTerms(config: ApiConfig, pfPaymentId: string): Promise<RefundTerms> {
  const answer = (await callApi(
    config,
    'GET',
    `refunds/query/${encodeURIComponent(pfPaymentId)}`,
  )) as {
    amount_available_for_refund?: unknown;
    amount_original?: unknown;
    status?: unknown;
    errors?: unknown;
    refund_full?: { method?: unknown } | null;
    refund_partial?: { method?: unknown } | null;
    bank_names?: unknown;
  };
  const available = Number(answer.amount_available_for_refund);
  if (!Number.isInteger(available) || available < 0) {
    throw new PayfastApiUnavailableError(
      "PayFast's refund query did not say how much can be refunded",
    );
  }
  const original = Number(answer.amount_original);
  const notes = (Array.isArray(answer.errors) ? answer.errors : []).filter(
    (note): note is string => typeof note === 'string' && note.trim() !== '',
  );
  const route = (refund: { method?: unknown } | null | undefined): RefundRoute => {
    if (refund?.method === undefined) return 'source';
    const known = refundRoutes[String(refund.method)];
    if (!known)
      notes.push(`PayFast named a refund method this shop does not know: ${String(refund.method)}`);
    return known ?? 'none';
  };
  const banks = (Array.isArray(answer.bank_names) ? answer.bank_names : [])
    .map((bank) => bank as { bank_name?: unknown; label?: unknown })
    .filter((bank) => typeof bank.bank_name === 'string' && bank.bank_name !== '')
    .map((bank) => ({
      code: bank.bank_name as string,
      label: typeof bank.label === 'string' && bank.label ? bank.label : (bank.bank_name as string),
    }));
  return {
    availableCents: answer.status === 'NOT_AVAILABLE' ? 0 : available,
    originalCents: Number.isInteger(original) && original > 0 ? original : available,
    full: route(answer.refund_full),
    partial: route(answer.refund_partial),
    banks,
    notes,
  };
}

/**
 * Asks PayFast to refund `amountCents` of a payment (POST /refunds/{id}, amount in cents): back
 * to the card, or — a bank payout — into the bank account given, in the fields of PayFast's API
 * docs (bank_account_holder, bank_name, bank_branch_code, bank_account_number,
 * bank_account_type). A `status` other than "success" is a refusal.
 */
export async function createRefund(
  config: ApiConfig,
  input: {
    pfPaymentId: string;
    amountCents: number;
    reason: string;
    bankAccount?: BankAccount | undefined;
  },
): Promise<void> {
  const bank = input.bankAccount;
  const answer = (await callApi(
    config,
    'POST',
    `refunds/${encodeURIComponent(input.pfPaymentId)}`,
    {
      amount: input.amountCents,
      reason: input.reason.slice(0, 255),
      notify_buyer: 1,
      ...(bank
        ? {
            bank_account_holder: bank.holder,
            bank_name: bank.bank,
            bank_branch_code: bank.branchCode,
            bank_account_number: bank.accountNumber,
            bank_account_type: bank.accountType,
          }
        : {}),
    },
  )) as { status?: unknown };
  if (answer.status !== 'success') {
    throw new PayfastApiRefusedError(`PayFast did not make the refund${payfastWords(answer, '')}`);
  }
}

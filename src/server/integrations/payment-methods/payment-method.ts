/**
 * What the shop needs from a way to pay, in its own terms (cents, our references, paid / failed /
 * cancelled), as the Registrar port is for registrars: PayFast (cards, and its recurring billing)
 * implements it in integrations/payfast, bank transfers in integrations/eft; a method's own
 * names and fields stay behind it.
 */

export type PaymentMethodId = 'payfast' | 'eft';

/** What a payment asks of the method when the customer starts it. */
export interface PaymentRequest {
  /** Our payment's reference, which the method's notifications name. */
  reference: string;
  orderReference: string;
  totalCents: number;
  customer: { fullName: string; email: string };
  /** What is bought, in a line (the method may shorten it). */
  description: string;
  /** Charged again every month after this first payment, when the order has monthly lines. */
  recurring: { amountCents: number; firstBillingDate: string } | null;
  /** The customer agreed to keep the card for renewals (a once-off payment only). */
  saveCard: boolean;
  returnUrl: string;
  cancelUrl: string;
  notifyUrl: string;
}

/**
 * How the customer goes on: a form their browser posts to the method's payment page, or
 * instructions to pay by themselves (a bank transfer) before `payBy`.
 */
export type PaymentStart =
  | { kind: 'redirect-form'; action: string; fields: [string, string][] }
  | {
      kind: 'instructions';
      payTo: Omit<BankAccount, 'bank'> & { bankName: string };
      /** What the customer writes as the payment's reference, so the money finds its order. */
      reference: string;
      amountCents: number;
      payBy: Date;
      /** Made-up details for trying the site out: no real money can arrive. */
      test: boolean;
    };

export type PaymentOutcome = 'paid' | 'failed' | 'cancelled' | 'pending';

/** A notification of the method's, read into neutral terms. */
export interface PaymentNotification {
  paymentReference: string;
  /** The method's own id of this movement of money: one per charge, never reused. */
  externalId: string;
  outcome: PaymentOutcome;
  /** The method's own word for the outcome (PayFast's COMPLETE), for reasons and the log. */
  statusText: string;
  /** What the method reports, in cents: gross, its fee (positive) and what reaches us. */
  amounts: { grossCents: number | null; feeCents: number | null; netCents: number | null };
  /** The handle of a recurring agreement this charge belongs to or opens. */
  recurringToken: string | null;
}

/** A notification that failed the cheap checks, with the reference it names (if any). */
export interface RefusedNotification {
  refused: string;
  paymentReference: string | null;
}

export type NotificationCheck = { confirmed: true } | { confirmed: false; reason: string };

/** Where a refund must be sent when the method cannot return it the way it came. */
export interface BankAccount {
  holder: string;
  /** The bank as the method names it (one of `RefundTerms.banks`' codes, e.g. PayFast's "FNB"). */
  bank: string;
  branchCode: string;
  accountNumber: string;
  accountType: 'current' | 'savings';
}

/**
 * How a refund reaches the buyer: back the way they paid (the card), paid into a bank account
 * whose details the refund must carry, or not at all.
 */
export type RefundRoute = 'source' | 'bank-account' | 'none';

/** What the method allows refunding on a charge, asked before each refund. */
export interface RefundTerms {
  /** What is left to refund, in cents (0 when the method allows none). */
  availableCents: number;
  /** The charge as it was made, in cents: a refund of all of it is a full refund. */
  originalCents: number;
  /** How a full refund goes, and how a refund of part of the charge goes. */
  full: RefundRoute;
  partial: RefundRoute;
  /** The banks a bank-account refund may go to, as the method names them (code) and shows them. */
  banks: { code: string; label: string }[];
  /** The method's own words when it allows no refund. */
  notes: string[];
}

/** The route a refund of `amountCents` takes: the full one for the whole charge, else partial. */
export const refundRouteFor = (terms: RefundTerms, amountCents: number): RefundRoute =>
  amountCents === terms.originalCents ? terms.full : terms.partial;

interface PaymentMethodBase {
  readonly id: PaymentMethodId;
  /** How the customer and the invoice name it: "Card (PayFast)". */
  readonly label: string;
  /** Who runs it, as the team calls them in mails and notes: "PayFast". */
  readonly provider: string;
  start(request: PaymentRequest): PaymentStart;
  /** What the method still allows refunding on a charge, and how a refund would reach the buyer. */
  refundTerms(externalId: string): Promise<RefundTerms>;
  /** A refund; `bankAccount` is required when the terms' route for it is 'bank-account'. */
  refund(input: {
    externalId: string;
    amountCents: number;
    reason: string;
    bankAccount?: BankAccount | undefined;
  }): Promise<void>;
  /** Recurring agreements, for methods that charge again by themselves. */
  readonly recurring: RecurringAgreements | null;
  /** Cards kept for later charges (a token from a first payment), for methods that keep them. */
  readonly savedCards: SavedCardCharges | null;
}

/**
 * What the shop asks of a recurring agreement the method runs (its handle, `token`). Each throws
 * PaymentMethodRefusedError when the method says no (already paused, cancelled, unknown), and
 * PaymentMethodUnavailableError when there is no answer yet.
 */
export interface RecurringAgreements {
  /** No more charges, ever. */
  cancel(token: string): Promise<void>;
  /** Skips the next `months` charges; the method charges again by itself after them. */
  pause(token: string, months: number): Promise<void>;
  /** Ends a pause now: the next charge is the next billing date. */
  resume(token: string): Promise<void>;
  /** Charges `amountCents` from the next charge on. */
  changeAmount(token: string, amountCents: number): Promise<void>;
}

/** What a method that keeps cards does with one: charge it now, or let the buyer replace it. */
export interface SavedCardCharges {
  /**
   * Charges `amountCents` to the card now; the method's notification for `paymentReference`
   * follows as for any payment. Throws PaymentMethodRefusedError when the card is declined (or the
   * token is gone), PaymentMethodUnavailableError when there is no answer yet (to try again).
   */
  charge(input: {
    token: string;
    amountCents: number;
    itemName: string;
    paymentReference: string;
  }): Promise<void>;
  /** The method's own page where the buyer replaces the card behind a token, then comes back. */
  replaceCardUrl(token: string, returnUrl: string): string;
}

/** A method that tells us of each charge itself (PayFast's ITN). */
export interface NotifyingPaymentMethod extends PaymentMethodBase {
  /** Whether an address is one of the method's own servers (their notifications are not rate limited). */
  isOwnServer(ip: string): boolean;
  /** The text the method signs for a start, secrets masked (the payment debug page). */
  signedText(fields: [string, string][]): string;
  /** What a notification says it is about, unchecked (to store it and find its payment). */
  identify(fields: [string, string][]): {
    paymentReference: string | null;
    externalId: string | null;
    status: string | null;
  };
  /** The cheap checks of a notification (signature, merchant, readable amounts and ids). */
  readNotification(fields: [string, string][]): PaymentNotification | RefusedNotification;
  /**
   * The checks that ask the network (the sender's address, the method's own confirmation).
   * Throws PaymentMethodUnavailableError when there is no verdict yet, to be tried again.
   */
  confirmNotification(fields: [string, string][], ip: string): Promise<NotificationCheck>;
}

/**
 * A method whose money arrives without a word to us (a bank transfer): the team records each
 * amount received from the bank, by hand or from a statement.
 */
export interface RecordedPaymentMethod extends PaymentMethodBase {
  readonly recorded: true;
}

export type PaymentMethod = NotifyingPaymentMethod | RecordedPaymentMethod;

export const notifies = (method: PaymentMethod): method is NotifyingPaymentMethod =>
  !('recorded' in method);

/** The method gave no answer we can act on (network, timeout, 5xx): ask again later. */
export class PaymentMethodUnavailableError extends Error {}

/** The method answered and said no: asking again will not help. */
export class PaymentMethodRefusedError extends Error {}

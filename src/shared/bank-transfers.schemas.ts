import { z } from 'zod';
import { formatZAR } from './money.ts';
import { orderStatuses } from './orders.schemas.ts';

const rands = (what: string) =>
  z.coerce
    .number({ error: `Enter the ${what}` })
    .positive(`Enter an amount above ${formatZAR(0)}`)
    .multipleOf(0.01, 'Use at most two decimals (cents)')
    .max(1_000_000, 'That is more than any order');

const day = z
  .string({ error: 'Enter the date the money arrived' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date such as 2026-11-20')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
  }, 'That day does not exist');

/** A proof of payment the customer uploaded for an order. */
const proof = z.object({
  id: z.string(),
  filename: z.string(),
  createdAt: z.string(),
  sizeBytes: z.number(),
});

/**
 * POST /api/orders/{reference}/eft and GET the same: how to pay an order by bank transfer — the
 * account, the reference to use, what is still due and the day the order is kept until.
 */
export const bankTransferSchema = z.object({
  payment: z.string(),
  orderReference: z.string(),
  orderStatus: z.enum(orderStatuses),
  bankName: z.string(),
  accountHolder: z.string(),
  accountNumber: z.string(),
  branchCode: z.string(),
  accountType: z.enum(['current', 'savings']),
  /** What is still due, in rand. */
  amount: z.number(),
  /** What has arrived so far (part payments and credit), in rand. */
  received: z.number(),
  total: z.number(),
  payBy: z.string(),
  /** Made-up details for trying the site out: no real money can arrive. */
  test: z.boolean(),
  proofs: z.array(
    z.object({
      id: z.string(),
      filename: z.string(),
      createdAt: z.string(),
      sizeBytes: z.number(),
    }),
  ),
});
export type BankTransfer = z.infer<typeof bankTransferSchema>;

/** GET /api/admin/bank-transfers (owners): orders waiting for a bank transfer, oldest first. */
export const awaitingBankTransferSchema = z.object({
  orderReference: z.string(),
  customer: z.object({ name: z.string(), email: z.string() }),
  total: z.number(),
  received: z.number(),
  due: z.number(),
  payBy: z.string(),
  proofs: z.array(proof),
});
export type AwaitingBankTransfer = z.infer<typeof awaitingBankTransferSchema>;

/**
 * POST /api/admin/bank-transfers (owners): money that arrived in the bank for an order, as the
 * statement shows it. One bank line is recorded once.
 */
export const recordBankTransferSchema = z.object({
  orderReference: z
    .string({ error: 'Enter the order reference' })
    .trim()
    .toUpperCase()
    .regex(/^SO-[A-Z0-9]{6}$/, 'Enter an order reference such as SO-7KQ2MX'),
  amount: rands('amount received'),
  receivedOn: day,
  bankReference: z
    .string({ error: 'Enter the reference on the bank statement' })
    .trim()
    .min(1, 'Enter the reference on the bank statement')
    .max(120, 'Keep the reference under 120 characters'),
});
export type RecordBankTransfer = z.input<typeof recordBankTransferSchema>;

export const bankTransferRecordedSchema = z.object({
  payment: z.string(),
  orderReference: z.string(),
  orderStatus: z.enum(orderStatuses),
  amount: z.number(),
  /** What is still due on the order after this, in rand (0 once paid). */
  due: z.number(),
});
export type BankTransferRecorded = z.infer<typeof bankTransferRecordedSchema>;

/** POST /api/admin/bank-statements (owners): a bank statement as CSV text (date, description, amount). */
export const bankStatementImportSchema = z.object({
  csv: z
    .string({ error: 'Choose a CSV file of the bank statement' })
    .min(1, 'The file is empty')
    .max(1_000_000, 'The statement is larger than 1 MB: import it in parts'),
});

const statementLine = z.object({
  line: z.number(),
  date: z.string(),
  description: z.string(),
  amount: z.number(),
});

/** What an import did with each line: recorded, recorded before, or left for a person (why). */
export const bankStatementResultSchema = z.object({
  recorded: z.array(statementLine.extend({ orderReference: z.string(), payment: z.string() })),
  alreadyRecorded: z.array(statementLine.extend({ payment: z.string() })),
  needsAPerson: z.array(statementLine.extend({ reason: z.string() })),
  /** Money going out (debits) and lines without an amount: not payments to us. */
  skipped: z.number(),
});
export type BankStatementResult = z.infer<typeof bankStatementResultSchema>;

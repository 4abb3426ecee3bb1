/**
 * A bank statement imported as CSV (date, description, amount): each money-in line whose
 * description names exactly one of our orders is recorded as a bank transfer for it, once per
 * line however often the statement is imported; any other money-in line is left for a person.
 */
import { inArray } from 'drizzle-orm';
import { orders } from '#db/schema/index.ts';
import type { BankStatementResult } from '#shared/bank-transfers.schemas.ts';
import { centsToRand } from '#shared/money.ts';
import { AppError } from '../../plugins/errors.ts';
import { bankLineKey, recordBankTransfer } from './bank-transfers.service.ts';
import type { PaymentDeps } from './payments.service.ts';

interface StatementLine {
  line: number;
  date: string;
  description: string;
  amountCents: number | null;
}

/** 2026-11-20, 2026/11/20, 20/11/2026 or 20-11-2026 (South African banks write day first). */
export function statementDate(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})[-/](\d{2})[-/](\d{2})$/.exec(trimmed);
  const dayFirst = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(trimmed);
  const [year, month, day] = iso
    ? [iso[1], iso[2], iso[3]]
    : dayFirst
      ? [dayFirst[3], dayFirst[2]!.padStart(2, '0'), dayFirst[1]!.padStart(2, '0')]
      : [];
  if (!year) return null;
  const date = `${year}-${month}-${day}`;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(date) ? date : null;
}

/**
 * An amount as banks export it, in cents: "1234.50", "1 234,50", "R1,234.50", "-250.00",
 * "250.00 CR" / "250.00 DR". Null when it is not one.
 */
export function statementAmount(text: string): number | null {
  let value = text.trim().toUpperCase().replace(/^R\s*/, '');
  let sign = 1;
  const suffix = /\s*(CR|DR)$/.exec(value);
  if (suffix) {
    if (suffix[1] === 'DR') sign = -1;
    value = value.slice(0, suffix.index);
  }
  if (value.startsWith('-')) {
    sign = -sign;
    value = value.slice(1);
  }
  value = value.replace(/^R\s*/, '').replace(/[\s\u00a0']/g, '');
  // A comma followed by exactly two digits at the end is the decimal comma; others group thousands.
  if (/,\d{2}$/.test(value) && !/\.\d{2}$/.test(value)) {
    value = value.replace(/\./g, '').replace(',', '.');
  } else {
    value = value.replace(/,/g, '');
  }
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return null;
  const [rands, cents = ''] = value.split('.');
  return sign * (Number(rands) * 100 + Number(cents.padEnd(2, '0')));
}

/** The order references a description names, as we write them (SO-7KQ2MX; "SO 7KQ2MX" too). */
export const orderReferencesIn = (description: string): string[] => [
  ...new Set(
    [...description.toUpperCase().matchAll(/\bSO[\s-]?([A-HJ-NP-Z2-9]{6})\b/g)].map(
      (match) => `SO-${match[1]}`,
    ),
  ),
];

const headerNames = {
  date: /^(date|transaction date|posting date|value date)$/i,
  description: /^(description|details|reference|narrative|transaction description)$/i,
  amount: /^(amount|value|amount \(zar\)|amount zar)$/i,
};

/** The statement's lines: by their header's names, or date, description, amount without one. */
async function readStatement(csv: string): Promise<StatementLine[]> {
  // The CSV reader loads with the first statement, not at start.
  const { parse } = await import('csv-parse/sync');
  let rows: string[][];
  try {
    rows = parse(csv.replace(/^\uFEFF/, ''), {
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    throw new AppError('VALIDATION_ERROR', {
      message: `The file is not a CSV the import can read: ${(error as Error).message}`,
    });
  }
  const header = rows[0] ?? [];
  const find = (pattern: RegExp) => header.findIndex((cell) => pattern.test(cell));
  const named = {
    date: find(headerNames.date),
    description: find(headerNames.description),
    amount: find(headerNames.amount),
  };
  const hasHeader = named.date >= 0 && named.description >= 0 && named.amount >= 0;
  if (!hasHeader && header.length > 0 && statementDate(header[0] ?? '') === null) {
    throw new AppError('VALIDATION_ERROR', {
      message:
        'The statement needs the columns date, description and amount: name them in a first line, or put them in that order',
    });
  }
  const columns = hasHeader ? named : { date: 0, description: 1, amount: 2 };
  return rows.slice(hasHeader ? 1 : 0).map((row, index) => ({
    line: index + (hasHeader ? 2 : 1),
    date: row[columns.date] ?? '',
    description: row[columns.description] ?? '',
    amountCents: statementAmount(row[columns.amount] ?? ''),
  }));
}

/** Imports a statement (owners; each recorded line audited). Safe to import again. */
export async function importBankStatement(
  deps: PaymentDeps,
  input: { csv: string; admin: { id: string; email: string }; ip: string },
): Promise<BankStatementResult> {
  const lines = await readStatement(input.csv);
  const result: BankStatementResult = {
    recorded: [],
    alreadyRecorded: [],
    needsAPerson: [],
    skipped: 0,
  };
  const named = [...new Set(lines.flatMap((l) => orderReferencesIn(l.description)))];
  const known = new Set(
    named.length === 0
      ? []
      : (
          await deps.db
            .select({ reference: orders.reference })
            .from(orders)
            .where(inArray(orders.reference, named))
        ).map((row) => row.reference),
  );
  const seen = new Map<string, number>();
  for (const line of lines) {
    if (line.amountCents === null || line.amountCents <= 0) {
      result.skipped += 1;
      continue;
    }
    const shown = {
      line: line.line,
      date: line.date,
      description: line.description,
      amount: centsToRand(line.amountCents),
    };
    const date = statementDate(line.date);
    const leave = (reason: string) => result.needsAPerson.push({ ...shown, reason });
    if (!date) {
      leave(`"${line.date}" is not a date`);
      continue;
    }
    // Identical lines on one statement are different payments: each keeps its place.
    const sameAs = bankLineKey({
      receivedOn: date,
      description: line.description,
      amountCents: line.amountCents,
      occurrence: 0,
    });
    const occurrence = (seen.get(sameAs) ?? 0) + 1;
    seen.set(sameAs, occurrence);
    const references = orderReferencesIn(line.description);
    if (references.length === 0) {
      leave('names no order reference');
      continue;
    }
    if (references.length > 1) {
      leave(`names ${references.length} orders (${references.join(', ')}): split it by hand`);
      continue;
    }
    const orderReference = references[0]!;
    if (!known.has(orderReference)) {
      leave(`there is no order ${orderReference}`);
      continue;
    }
    const outcome = await recordBankTransfer(deps, {
      orderReference,
      amountCents: line.amountCents,
      receivedOn: date,
      description: line.description,
      occurrence,
      source: 'statement',
      admin: input.admin,
      ip: input.ip,
    });
    if (outcome.status === 'already') {
      result.alreadyRecorded.push({ ...shown, payment: outcome.payment });
    } else {
      result.recorded.push({ ...shown, orderReference, payment: outcome.payment });
    }
  }
  return result;
}

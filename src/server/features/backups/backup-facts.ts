import { z } from 'zod';

/** Runs one statement and returns its rows: PGlite, a pg client, or a PGlite transaction. */
export type RunSql = <T>(statement: string) => Promise<T[]>;

/**
 * What a backup must give back when restored, measured in the same snapshot as the dump: every
 * table's row count (the app's tables and drizzle's record of applied migrations) and the
 * latest invoice, the document the business can least afford to lose.
 */
export const databaseFactsSchema = z.object({
  tables: z.record(z.string(), z.number().int().nonnegative()),
  latestInvoice: z.object({ number: z.number().int(), totalCents: z.number().int() }).nullable(),
});
export type DatabaseFacts = z.infer<typeof databaseFactsSchema>;

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** A table's name in the facts: bare in `public`, with its schema elsewhere (`drizzle.…`). */
const tableKey = (schema: string, table: string) =>
  schema === 'public' ? table : `${schema}.${table}`;

export async function readFacts(run: RunSql): Promise<DatabaseFacts> {
  const found = await run<{ schemaname: string; tablename: string }>(
    `select schemaname, tablename from pg_tables
      where schemaname in ('public', 'drizzle') order by schemaname, tablename`,
  );
  const tables: Record<string, number> = {};
  if (found.length > 0) {
    // One statement for every count: one round trip, and one snapshot on a server.
    const counts = await run<{ name: string; rows: number }>(
      found
        .map(
          ({ schemaname, tablename }) =>
            `select ${literal(tableKey(schemaname, tablename))} as name, count(*)::int as rows from ${quote(schemaname)}.${quote(tablename)}`,
        )
        .join(' union all '),
    );
    for (const { name, rows } of counts) tables[name] = Number(rows);
  }
  let latestInvoice: DatabaseFacts['latestInvoice'] = null;
  if ('invoices' in tables) {
    const [row] = await run<{ number: number; total_cents: number }>(
      'select number, total_cents from public.invoices order by number desc limit 1',
    );
    if (row) latestInvoice = { number: Number(row.number), totalCents: Number(row.total_cents) };
  }
  return { tables, latestInvoice };
}

export interface TableCheck {
  table: string;
  expected: number | null;
  actual: number | null;
  ok: boolean;
}

export interface FactsComparison {
  tables: TableCheck[];
  invoiceOk: boolean;
  /** One line per difference; empty when the restore matches. */
  problems: string[];
}

const invoiceText = (invoice: DatabaseFacts['latestInvoice']) =>
  invoice ? `#${invoice.number} of ${invoice.totalCents} cents` : 'none';

/** The restored database against what the backup recorded: every table, and the latest invoice. */
export function compareFacts(expected: DatabaseFacts, actual: DatabaseFacts): FactsComparison {
  const names = [...new Set([...Object.keys(expected.tables), ...Object.keys(actual.tables)])];
  const tables = names.sort().map((table): TableCheck => {
    const want = expected.tables[table] ?? null;
    const got = actual.tables[table] ?? null;
    return { table, expected: want, actual: got, ok: want === got };
  });
  const problems = tables
    .filter((check) => !check.ok)
    .map((check) =>
      check.actual === null
        ? `table ${check.table} is missing (backup says ${check.expected} rows)`
        : check.expected === null
          ? `table ${check.table} is not in the backup's record`
          : `table ${check.table} has ${check.actual} rows, the backup says ${check.expected}`,
    );
  const a = expected.latestInvoice;
  const b = actual.latestInvoice;
  const invoiceOk =
    a === null ? b === null : a.number === b?.number && a.totalCents === b.totalCents;
  if (!invoiceOk) {
    problems.push(`latest invoice is ${invoiceText(b)}, the backup says ${invoiceText(a)}`);
  }
  return { tables, invoiceOk, problems };
}

import { formatDateTime } from '#shared/dates.ts';
import { databaseBackupUrl, useDatabaseTables } from '../api/get-database-tables.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { DataTable, cell, numberCell } from '../../../components/data-table.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../lib/cn.ts';
import { BackupsSection } from '../components/backups-section.tsx';

const count = new Intl.NumberFormat('en-ZA');
const size = new Intl.NumberFormat('en-ZA', { maximumFractionDigits: 1 });
const bytes = (n: number) =>
  n < 1024 * 1024 ? `${size.format(n / 1024)} KB` : `${size.format(n / 1024 / 1024)} MB`;

/**
 * /admin/database-management: engine, a backup to download now, the scheduled backups, tables
 * with rows and sizes, and migrations.
 */
export function DatabasePage() {
  const query = useDatabaseTables();
  return (
    <QueryState query={query} label="the database tables">
      {(data) => (
        <div className="grid gap-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <div>
              <p className="font-semibold text-ink">{data.engine}</p>
              <p className="text-sm [overflow-wrap:anywhere] text-muted">{data.version}</p>
            </div>
            <Button asChild variant="outline">
              <a href={databaseBackupUrl} download>
                Download a backup
              </a>
            </Button>
          </div>
          <BackupsSection />
          <DataTable
            label="Tables"
            caption="Tables with their row counts and sizes"
            columns={[
              { label: 'Table' },
              { label: 'Rows', align: 'right' },
              { label: 'Size', align: 'right' },
            ]}
          >
            {data.tables.map((table) => (
              <tr key={table.name}>
                <td className={cn(cell, 'font-mono')}>{table.name}</td>
                <td className={numberCell}>{count.format(table.rows)}</td>
                <td className={numberCell}>{bytes(table.bytes)}</td>
              </tr>
            ))}
          </DataTable>
          <DataTable
            label="Migrations"
            caption="Applied migrations, newest first"
            columns={[{ label: 'Migration' }, { label: 'Written' }]}
          >
            {data.migrations.map((migration) => (
              <tr key={migration.name}>
                <td className={cn(cell, 'font-mono')}>{migration.name}</td>
                <td className={cell}>{formatDateTime(migration.writtenAt)}</td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </QueryState>
  );
}

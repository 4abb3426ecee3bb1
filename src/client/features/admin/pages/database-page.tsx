import { useDatabaseTables } from '../api/get-database-tables.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { DataTable, cell, numberCell } from '../../../components/data-table.tsx';
import { cn } from '../../../lib/cn.ts';

const count = new Intl.NumberFormat('en-ZA');

export function DatabasePage() {
  const query = useDatabaseTables();
  return (
    <QueryState query={query} label="the database tables">
      {(data) => (
        <>
          <p className="mb-4 text-muted">Engine: {data.engine}</p>
          <DataTable
            label="Tables"
            caption="Tables and their row counts"
            columns={[{ label: 'Table' }, { label: 'Rows', align: 'right' }]}
          >
            {data.tables.map((table) => (
              <tr key={table.name}>
                <td className={cn(cell, 'font-mono')}>{table.name}</td>
                <td className={numberCell}>{count.format(table.rows)}</td>
              </tr>
            ))}
          </DataTable>
        </>
      )}
    </QueryState>
  );
}

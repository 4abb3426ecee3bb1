import { useQuery } from '@tanstack/react-query';
import { databaseTablesQueryOptions } from '../api/back-office.ts';
import { AdminShell } from '../components/admin-shell.tsx';
import { QueryState } from '../components/query-state.tsx';

const count = new Intl.NumberFormat('en-ZA');

export function DatabasePage() {
  const query = useQuery(databaseTablesQueryOptions);
  return (
    <AdminShell title="Database management">
      <QueryState query={query} label="the database tables">
        {(data) => (
          <>
            <p className="mb-4 text-muted">Engine: {data.engine}</p>
            <div
              className="overflow-x-auto rounded-2xl border border-line bg-white"
              data-scrolls
              role="region"
              aria-label="Tables"
              tabIndex={0}
            >
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Tables and their row counts</caption>
                <thead className="bg-gray-50 text-muted">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-semibold">
                      Table
                    </th>
                    <th scope="col" className="px-4 py-2 text-right font-semibold">
                      Rows
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {data.tables.map((table) => (
                    <tr key={table.name}>
                      <td className="px-4 py-2 font-mono">{table.name}</td>
                      <td className="px-4 py-2 text-right tabular-nums">
                        {count.format(table.rows)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </QueryState>
    </AdminShell>
  );
}

import { formatZAR, randToCents } from '#shared/money.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { DataTable, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { useTldPrices } from '../api/get-tld-prices.ts';
import { vat } from '../../../lib/site.ts';

/** Every ending we sell with its yearly price, from the live price list. */
export function TldPriceTable() {
  const prices = useTldPrices();
  if (prices.isPending) return <Spinner label="Loading domain prices" />;
  if (prices.isError) {
    return (
      <p role="alert">The price list could not be loaded. Search for a name to see its price.</p>
    );
  }
  const rand = (value: number) => formatZAR(randToCents(value));
  return (
    <DataTable
      label="Domain prices"
      caption={`Yearly domain prices in rand${vat.included}`}
      columns={[
        { label: 'Ending' },
        { label: 'Register, per year', align: 'right' },
        { label: 'Renew, per year', align: 'right' },
        { label: 'Transfer in', align: 'right' },
      ]}
    >
      {prices.data.map((row) => (
        <tr key={row.tld}>
          <th scope="row" className={rowHeading}>
            .{row.tld}
          </th>
          <td className={numberCell}>{rand(row.registration)}</td>
          <td className={numberCell}>{rand(row.renewal)}</td>
          <td className={numberCell}>{rand(row.transfer)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

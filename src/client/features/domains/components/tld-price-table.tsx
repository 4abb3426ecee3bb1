import { queryOptions, useQuery } from '@tanstack/react-query';
import { formatZAR, randToCents } from '#shared/money.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { apiRequest } from '../../../lib/api-client.ts';

interface TldPrice {
  tld: string;
  registration: number;
  renewal: number;
  transfer: number;
}

const pricesQueryOptions = queryOptions({
  queryKey: ['/api/domain/prices'],
  queryFn: () => apiRequest<TldPrice[]>('GET', '/api/domain/prices'),
  staleTime: 5 * 60_000,
});

/** Every ending we sell with its yearly price, from the live price list. */
export function TldPriceTable() {
  const prices = useQuery(pricesQueryOptions);
  if (prices.isPending) return <Spinner label="Loading domain prices" />;
  if (prices.isError) {
    return (
      <p role="alert">The price list could not be loaded. Search for a name to see its price.</p>
    );
  }
  const rand = (value: number) => formatZAR(randToCents(value));
  return (
    <div
      className="overflow-x-auto rounded-2xl border border-line bg-white"
      role="region"
      aria-label="Domain prices"
      tabIndex={0}
      data-scrolls
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Yearly domain prices in rand, VAT included</caption>
        <thead className="bg-gray-50 text-muted">
          <tr>
            <th scope="col" className="px-4 py-2 font-semibold">
              Ending
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              Register, per year
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              Renew, per year
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              Transfer in
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {prices.data.map((row) => (
            <tr key={row.tld}>
              <th scope="row" className="px-4 py-2 font-semibold text-ink">
                .{row.tld}
              </th>
              <td className="px-4 py-2 text-right tabular-nums">{rand(row.registration)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{rand(row.renewal)}</td>
              <td className="px-4 py-2 text-right tabular-nums">{rand(row.transfer)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

import { useState } from 'react';
import { formatDate, formatDateTime } from '#shared/dates.ts';
import { formatPrice, formatZAR, randToCents } from '#shared/money.ts';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { registrarProviderSchema, type RegistrarProviderName } from '#shared/registrar.schemas.ts';
import { useRegistrar } from '../api/get-registrar.ts';
import { useSwitchTld } from '../api/switch-tld.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { DataTable, cell, numberCell, rowHeading } from '../../../components/data-table.tsx';

const registrarLabels: Record<RegistrarProviderName, string> = {
  dnsimple: 'DNSimple',
  zacr: 'ZACR (EPP)',
  local: 'Local registrar',
};

/** One kind of difference between our records and the registrar: a name and what differs. */
function DomainList({
  title,
  items,
  empty,
}: {
  title: string;
  items: { domain: string; detail: string }[];
  empty: string;
}) {
  return (
    <Card>
      <h2 className="font-bold text-ink">{title}</h2>
      {items.length === 0 ? (
        <p className="mt-1 text-sm text-muted">{empty}</p>
      ) : (
        <ul className="mt-2 grid gap-2 text-sm">
          {items.map((item) => (
            <li key={item.domain}>
              <span className="font-mono break-all">{item.domain}</span>
              <span className="block text-muted">{item.detail}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/**
 * The registrars and their accounts, mismatches with our records, and the TLD table: each
 * ending's registrar (the routing table), its last price check, and whether it is sold.
 */
export function RegistrarPage() {
  const query = useRegistrar();
  // The switch moves in the same event as the click (a controlled checkbox otherwise snaps back
  // until the save answers); the overview's own value takes over again once it has reloaded.
  const [switched, setSwitched] = useState<Record<string, boolean>>({});
  const forget = (tld: string) => setSwitched(({ [tld]: _dropped, ...rest }) => rest);
  const toggle = useSwitchTld({
    onSuccess: ({ tld, enabled, registrar }, change) => {
      toast({
        title: 'Saved',
        description:
          change.registrar === undefined
            ? `.${tld} is ${enabled ? 'on sale' : 'no longer sold'}.`
            : `.${tld} is sold through ${registrarLabels[registrar]}.`,
        variant: 'success',
      });
    },
    onError: (error) => {
      toast({ title: 'Not saved', description: error.message, variant: 'destructive' });
    },
    onSettled: (_data, _error, { tld }) => forget(tld),
  });
  return (
    <QueryState query={query} label="the registrar">
      {(data) => (
        <div className="grid gap-6">
          <Card>
            <p className="text-sm text-muted">Registrars</p>
            <ul className="mt-1 grid gap-1">
              {data.registrars.map((registrar, index) => (
                <li key={registrar.provider}>
                  <span className="text-lg font-bold text-ink">
                    {registrarLabels[registrar.provider]}
                  </span>
                  {index === 0 && (
                    <span className="text-sm text-muted">
                      {' '}
                      · default for endings without a route
                    </span>
                  )}
                  {registrar.account && (
                    <span className="block text-sm text-muted">
                      Account {registrar.account.id}
                      {registrar.account.email && ` · ${registrar.account.email}`}
                    </span>
                  )}
                </li>
              ))}
            </ul>
            {data.provider === 'local' && (
              <p className="mt-1 text-sm text-muted">
                No DNSIMPLE_TOKEN set: the local registrar sells every ending.
              </p>
            )}
            <p className="mt-1 text-sm text-muted">
              {data.reconciliation.heldAtRegistrar} domains held at the registrars, compared with
              our records on {formatDateTime(data.reconciliation.checkedAt)} (and every night, with
              a mail to the owners when they differ).
            </p>
          </Card>
          <div className="grid gap-4 lg:grid-cols-3">
            <DomainList
              title="Active here, missing at the registrar"
              items={data.reconciliation.missingAtRegistrar.map((row) => ({
                domain: row.domain,
                detail: row.expiresAt
                  ? `Ours until ${formatDate(row.expiresAt)}`
                  : 'No expiry recorded',
              }))}
              empty="None: every active domain is held."
            />
            <DomainList
              title="Held at the registrar, no order here"
              items={data.reconciliation.unknownHere.map((row) => ({
                domain: row.domain,
                detail: `Until ${formatDate(row.expiresAt)}; ${
                  row.lastOrder
                    ? `last order ${row.lastOrder.reference} (${row.lastOrder.status.replace('_', ' ')})`
                    : 'never ordered here'
                }`,
              }))}
              empty="None: every held domain has an order."
            />
            <DomainList
              title="Expiry dates that differ"
              items={data.reconciliation.expiryDiffers.map((row) => ({
                domain: row.domain,
                detail: `Ours ${formatDate(row.ours)}, the registrar's ${formatDate(row.registrar)}`,
              }))}
              empty="None: every expiry agrees."
            />
          </div>
          <DataTable
            label="Domain endings"
            caption="Domain endings with cost, markup and customer price"
            columns={[
              { label: 'Ending' },
              { label: 'Our cost', align: 'right' },
              { label: 'Markup', align: 'right' },
              { label: 'Customer price', align: 'right' },
              { label: 'Registrar' },
              { label: 'Prices checked' },
              { label: 'On sale' },
            ]}
          >
            {data.tlds.map((row) => (
              <tr key={row.tld}>
                <th scope="row" className={rowHeading}>
                  .{row.tld}
                  {row.refusal && (
                    <span className="block max-w-64 text-xs font-normal text-red-700">
                      Off sale: {row.refusal}
                    </span>
                  )}
                </th>
                <td className={numberCell}>{formatPrice(row.registrationCost, row.currency)}</td>
                <td className={numberCell}>{row.markupPercent}%</td>
                <td className={numberCell}>{formatZAR(randToCents(row.customerPrice))}</td>
                <td className={cell}>
                  <select
                    aria-label={`Registrar for .${row.tld}`}
                    className="rounded-md border border-line bg-white px-2 py-1 text-sm"
                    value={row.route ?? ''}
                    onChange={(event) =>
                      toggle.mutate({
                        tld: row.tld,
                        registrar: registrarProviderSchema
                          .nullable()
                          .parse(event.target.value || null),
                      })
                    }
                  >
                    <option value="">Default ({registrarLabels[data.provider]})</option>
                    {data.registrars.map((registrar) => (
                      <option key={registrar.provider} value={registrar.provider}>
                        {registrarLabels[registrar.provider]}
                      </option>
                    ))}
                  </select>
                </td>
                <td className={cell}>
                  {row.pricesCheckedAt ? formatDateTime(row.pricesCheckedAt) : 'Not yet'}
                </td>
                <td className={cell}>
                  <input
                    type="checkbox"
                    aria-label={`Sell .${row.tld}`}
                    className="size-4 accent-brand-700"
                    checked={switched[row.tld] ?? row.enabled}
                    onChange={(event) => {
                      const enabled = event.target.checked;
                      setSwitched((current) => ({ ...current, [row.tld]: enabled }));
                      toggle.mutate({ tld: row.tld, enabled });
                    }}
                  />
                </td>
              </tr>
            ))}
          </DataTable>
        </div>
      )}
    </QueryState>
  );
}

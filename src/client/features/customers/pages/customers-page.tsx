import { useState } from 'react';
import { Link } from 'wouter';
import {
  customerFilterLabels,
  customerFilters,
  customerListQuerySchema,
} from '#shared/admin-customers.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { adminCustomerPath } from '#shared/routes.ts';
import { DataTable, cell, rowHeading } from '../../../components/data-table.tsx';
import { Pager } from '../../../components/pager.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { cn } from '../../../lib/cn.ts';
import { useCustomers, type CustomerSearchInput } from '../api/get-customers.ts';

const noSearch: CustomerSearchInput = { q: '', filter: '', from: '', to: '', page: 1 };

/** The search box is read when submitted: each keystroke would be a search of every customer. */
function SearchForm({ onSearch }: { onSearch: (q: string) => void }) {
  const [typed, setTyped] = useState('');
  const [invalid, setInvalid] = useState<string | undefined>();
  return (
    <form
      role="search"
      aria-label="Find a customer"
      noValidate
      className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-start"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = customerListQuerySchema.shape.q.safeParse(typed);
        setInvalid(parsed.success ? undefined : parsed.error.issues[0]?.message);
        if (parsed.success) onSearch(parsed.data ?? '');
      }}
    >
      <FormField
        id="customer-search"
        label="Name, e-mail, phone, company or reference"
        hint="References match exactly: an order, invoice (INV-000042) or payment reference, or a domain."
        type="search"
        autoComplete="off"
        value={typed}
        error={invalid}
        onChange={(event) => setTyped(event.target.value)}
      />
      <Button type="submit" className="sm:mt-7">
        Search
      </Button>
    </form>
  );
}

export function CustomersPage() {
  const [search, setSearch] = useState<CustomerSearchInput>(noSearch);
  const query = useCustomers(search);
  const set = (change: Partial<CustomerSearchInput>) =>
    setSearch((s) => ({ ...s, ...change, page: 1 }));
  return (
    <>
      <div className="mb-6 grid gap-4 rounded-2xl border border-line bg-white p-4">
        <SearchForm onSearch={(q) => set({ q })} />
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="grid gap-1.5">
            <Label htmlFor="customer-filter">Show</Label>
            <Select
              id="customer-filter"
              value={search.filter}
              onChange={(event) => set({ filter: event.target.value })}
            >
              <option value="">All customers</option>
              {customerFilters.map((filter) => (
                <option key={filter} value={filter}>
                  {customerFilterLabels[filter]}
                </option>
              ))}
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="customer-from">Signed up from</Label>
            <Input
              id="customer-from"
              type="date"
              value={search.from}
              onChange={(event) => set({ from: event.target.value })}
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="customer-to">Signed up to</Label>
            <Input
              id="customer-to"
              type="date"
              value={search.to}
              onChange={(event) => set({ to: event.target.value })}
            />
          </div>
        </div>
      </div>
      <QueryState query={query} label="the customers">
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState title="No customers found">
              {!(search.q || search.filter || search.from || search.to)
                ? 'Nobody has signed up yet.'
                : 'No customer matches this search and these filters.'}
            </EmptyState>
          ) : (
            <>
              <DataTable
                label="Customers"
                caption="Customers, newest sign-up first"
                columns={[
                  { label: 'Customer' },
                  { label: 'Phone' },
                  { label: 'Company' },
                  { label: 'Signed up' },
                ]}
              >
                {data.items.map((customer) => (
                  <tr key={customer.id}>
                    <th scope="row" className={rowHeading}>
                      <Link
                        href={adminCustomerPath(customer.id)}
                        className="text-brand-700 underline underline-offset-2"
                      >
                        {customer.name}
                      </Link>
                      <span className="block text-xs font-normal [overflow-wrap:anywhere] text-muted">
                        {customer.email}
                        {!customer.emailVerified && ' (not confirmed)'}
                      </span>
                    </th>
                    <td className={cn(cell, 'whitespace-nowrap')}>{customer.phone ?? '—'}</td>
                    <td className={cell}>{customer.company ?? '—'}</td>
                    <td className={cn(cell, 'whitespace-nowrap')}>
                      {formatDate(customer.createdAt)}
                    </td>
                  </tr>
                ))}
              </DataTable>
              <Pager
                page={data.page}
                pageSize={data.pageSize}
                total={data.total}
                onPage={(page) => setSearch((s) => ({ ...s, page }))}
              />
            </>
          )
        }
      </QueryState>
    </>
  );
}

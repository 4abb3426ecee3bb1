import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useCustomer } from '../api/get-customer.ts';
import { useCustomers } from '../api/get-customers.ts';

export interface CustomerPickerProps {
  id: string;
  /** The chosen customer's id, or '' before one is chosen. */
  value: string;
  onChange: (customerId: string) => void;
  error?: string | undefined;
}

function Chosen({ id, onChange }: { id: string; onChange: (customerId: string) => void }) {
  const query = useCustomer(id);
  if (query.isPending) return <Spinner label="Loading the customer" />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        We could not load this customer: {query.error.message}{' '}
        <Button variant="link" size="inline" onClick={() => onChange('')}>
          Choose another
        </Button>
      </p>
    );
  const { customer } = query.data;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-line bg-white p-3 text-sm">
      <p className="min-w-0 [overflow-wrap:anywhere]">
        <span className="font-semibold text-ink">{customer.company ?? customer.name}</span>
        {customer.company && <span className="text-muted"> ({customer.name})</span>}
        <span className="block text-muted">{customer.email}</span>
      </p>
      <Button variant="outline" size="sm" onClick={() => onChange('')}>
        Change customer
      </Button>
    </div>
  );
}

/** Finds a customer by name, e-mail, phone, company or reference, and picks one. */
export function CustomerPicker({ id, value, onChange, error }: CustomerPickerProps) {
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const found = useCustomers({ q, filter: '', from: '', to: '', page: 1 });
  if (value) return <Chosen id={value} onChange={onChange} />;
  const find = () => setQ(typed.trim());
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Find the customer</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          type="search"
          autoComplete="off"
          placeholder="Name, e-mail, phone or company"
          value={typed}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(event) => setTyped(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              find();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={find}>
          Find
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {q &&
        (found.isPending ? (
          <Spinner label="Finding customers" />
        ) : found.isError ? (
          <p role="alert" className="text-sm">
            We could not search: {found.error.message}
          </p>
        ) : found.data.items.length === 0 ? (
          <p className="text-sm text-muted">No customer matches “{q}”.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Customers found">
            {found.data.items.slice(0, 8).map((customer) => (
              <li key={customer.id}>
                <button
                  type="button"
                  onClick={() => onChange(customer.id)}
                  className="w-full rounded-lg border border-line bg-white p-2 text-left text-sm hover:border-brand-700 focus-visible:outline-2 focus-visible:outline-brand-700"
                >
                  <span className="font-semibold text-ink">{customer.name}</span>
                  {customer.company && <span className="text-muted"> · {customer.company}</span>}
                  <span className="block [overflow-wrap:anywhere] text-muted">
                    {customer.email}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ))}
    </div>
  );
}

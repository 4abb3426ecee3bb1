import { useState, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import {
  invoiceInputSchema,
  quoteInputSchema,
  type BillingLineInput,
} from '#shared/billing.schemas.ts';
import { saToday } from '#shared/dates.ts';
import { centsToRand, formatZAR, randToCents } from '#shared/money.ts';
import { adminQuotePath, paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField, TextareaField } from '../../../components/ui/form-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useCatalogue } from '../../../lib/catalogue.tsx';
import { vat } from '../../../lib/site.ts';
import { useSendInvoice, useSendQuote } from '../api/send-documents.ts';

type Kind = 'invoice' | 'quote';
type Line = { description: string; quantity: string; unitPrice: string; packageId: string };
type Errors = Record<string, string>;

/** The picker the customers feature lends this form (composed in back-office-pages.tsx). */
export type CustomerPickerSlot = (props: {
  id: string;
  value: string;
  onChange: (customerId: string) => void;
  error?: string | undefined;
}) => ReactNode;

const emptyLine: Line = { description: '', quantity: '1', unitPrice: '', packageId: '' };
const defaultTerms =
  'Prices are valid until the date above. Work starts once the deposit (if any) is paid; the balance is invoiced when the work is delivered and is due within 7 days. Two rounds of changes are included; further changes are quoted separately.';

const inDays = (days: number) => saToday(new Date(Date.now() + days * 86_400_000));
const lineCents = (line: Line) =>
  (Number.isFinite(Number(line.unitPrice)) ? randToCents(Number(line.unitPrice) || 0) : 0) *
  (Number.parseInt(line.quantity, 10) || 0);

/** The schema's issues by field path ("lines.0.unitPrice"), the first for each. */
function issuesOf(error: { issues: { path: PropertyKey[]; message: string }[] }): Errors {
  const found: Errors = {};
  for (const issue of error.issues) found[issue.path.join('.')] ??= issue.message;
  return found;
}

function LineRow({
  index,
  line,
  errors,
  packages,
  onChange,
  onRemove,
}: {
  index: number;
  line: Line;
  errors: Errors;
  packages: { id: string; label: string; priceCents: number }[];
  onChange: (line: Line) => void;
  onRemove?: () => void;
}) {
  const id = (field: string) => `line-${index}-${field}`;
  return (
    <fieldset className="grid gap-3 rounded-xl border border-line p-3 sm:grid-cols-[minmax(0,1fr)_6rem_9rem] sm:items-start">
      <legend className="px-1 text-sm font-semibold text-ink">Line {index + 1}</legend>
      <div className="grid gap-1.5 sm:col-span-3">
        <Label htmlFor={id('package')}>From the catalogue (optional)</Label>
        <Select
          id={id('package')}
          value={line.packageId}
          onChange={(event) => {
            const picked = packages.find((p) => p.id === event.target.value);
            onChange(
              picked
                ? {
                    ...line,
                    packageId: picked.id,
                    description: picked.label,
                    unitPrice: String(centsToRand(picked.priceCents)),
                  }
                : { ...line, packageId: '' },
            );
          }}
        >
          <option value="">A free line</option>
          {packages.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label} ({formatZAR(p.priceCents)})
            </option>
          ))}
        </Select>
      </div>
      <FormField
        id={id('description')}
        label="Description"
        value={line.description}
        error={errors[`lines.${index}.description`]}
        onChange={(event) => onChange({ ...line, description: event.target.value })}
      />
      <FormField
        id={id('quantity')}
        label="Quantity"
        inputMode="numeric"
        value={line.quantity}
        error={errors[`lines.${index}.quantity`]}
        onChange={(event) => onChange({ ...line, quantity: event.target.value })}
      />
      <FormField
        id={id('price')}
        label={`Unit price, in rand${vat.incl}`}
        inputMode="decimal"
        value={line.unitPrice}
        error={errors[`lines.${index}.unitPrice`]}
        onChange={(event) => onChange({ ...line, unitPrice: event.target.value })}
      />
      {onRemove && (
        <div className="sm:col-span-3">
          <Button type="button" variant="ghost" size="sm" onClick={onRemove}>
            Remove line {index + 1}
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/**
 * A new invoice for custom work, or a quote with or without a deposit, for one customer: lines
 * from the catalogue or free, checked by the same schema as the server's; sent by e-mail.
 */
export function NewInvoicePage({ customerPicker }: { customerPicker: CustomerPickerSlot }) {
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const catalogue = useCatalogue();
  const packages = catalogue.services.flatMap((service) =>
    service.packages
      .filter((p) => p.billing === 'once')
      .map((p) => ({ id: p.id, label: `${service.name}: ${p.name}`, priceCents: p.priceCents })),
  );
  const [kind, setKind] = useState<Kind>(params.get('kind') === 'quote' ? 'quote' : 'invoice');
  const [customerId, setCustomerId] = useState(params.get('customer') ?? '');
  const [lines, setLines] = useState<Line[]>([emptyLine]);
  const [dueOn, setDueOn] = useState(inDays(7));
  const [validUntil, setValidUntil] = useState(inDays(30));
  const [depositKind, setDepositKind] = useState<'none' | 'percent' | 'amount'>('percent');
  const [depositValue, setDepositValue] = useState('50');
  const [terms, setTerms] = useState(defaultTerms);
  const [errors, setErrors] = useState<Errors>({});
  const failed = (title: string) => (error: Error) =>
    toast({ title, description: error.message, variant: 'destructive' });
  const sendInvoice = useSendInvoice({
    onSuccess: (raised) => {
      toast({
        title: 'Invoice sent',
        description: `Order ${raised.orderReference} for ${formatZAR(randToCents(raised.total))} was mailed with its pay link.`,
        variant: 'success',
      });
      navigate(paths.adminInvoices);
    },
    onError: failed('Invoice not sent'),
  });
  const sendQuote = useSendQuote({
    onSuccess: (quote) => {
      toast({
        title: 'Quote sent',
        description: `Quote ${quote.number} was mailed to the customer to accept online.`,
        variant: 'success',
      });
      navigate(adminQuotePath(quote.number));
    },
    onError: failed('Quote not sent'),
  });
  const totalCents = lines.reduce((sum, line) => sum + lineCents(line), 0);
  const pending = sendInvoice.isPending || sendQuote.isPending;
  const payloadLines: BillingLineInput[] = lines.map((line) => ({
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    packageId: line.packageId || null,
  }));

  return (
    <form
      noValidate
      aria-label={kind === 'quote' ? 'New quote' : 'New invoice'}
      className="grid max-w-3xl gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        const common = { customerId, lines: payloadLines };
        const parsed =
          kind === 'quote'
            ? quoteInputSchema.safeParse({
                ...common,
                validUntil,
                depositKind,
                depositValue,
                terms,
              })
            : invoiceInputSchema.safeParse({ ...common, dueOn });
        if (!parsed.success) {
          setErrors(issuesOf(parsed.error));
          return;
        }
        setErrors({});
        if (kind === 'quote') sendQuote.mutate(parsed.data as never);
        else sendInvoice.mutate(parsed.data as never);
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-semibold text-ink">What to send</legend>
        {(['invoice', 'quote'] as const).map((option) => (
          <label key={option} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name="kind"
              className="size-5 accent-brand-700"
              checked={kind === option}
              onChange={() => setKind(option)}
            />
            {option === 'invoice'
              ? 'An invoice, paid by its due day'
              : 'A quote, accepted online, with or without a deposit'}
          </label>
        ))}
      </fieldset>
      <Card>
        {customerPicker({
          id: 'customer',
          value: customerId,
          onChange: setCustomerId,
          error: errors.customerId,
        })}
      </Card>
      <section aria-labelledby="lines-heading" className="grid gap-3">
        <h2 id="lines-heading" className="text-lg font-bold text-ink">
          Lines
        </h2>
        {errors.lines && <p className="text-sm font-medium text-red-700">{errors.lines}</p>}
        {lines.map((line, index) => (
          <LineRow
            key={index}
            index={index}
            line={line}
            errors={errors}
            packages={packages}
            onChange={(changed) =>
              setLines((all) => all.map((l, i) => (i === index ? changed : l)))
            }
            onRemove={
              lines.length > 1
                ? () => setLines((all) => all.filter((_, i) => i !== index))
                : undefined
            }
          />
        ))}
        <div>
          <Button
            type="button"
            variant="outline"
            disabled={lines.length >= 30}
            onClick={() => setLines((all) => [...all, emptyLine])}
          >
            Add a line
          </Button>
        </div>
        <p className="text-right text-lg font-bold text-ink tabular-nums">
          Total {formatZAR(totalCents)}
          <span className="block text-sm font-normal text-muted">{vat.vatIn(totalCents)}</span>
        </p>
      </section>
      {kind === 'invoice' ? (
        <div className="max-w-xs">
          <FormField
            id="due-on"
            label="Due on"
            type="date"
            value={dueOn}
            error={errors.dueOn}
            onChange={(event) => setDueOn(event.target.value)}
          />
        </div>
      ) : (
        <section aria-labelledby="quote-heading" className="grid gap-4">
          <h2 id="quote-heading" className="text-lg font-bold text-ink">
            Quote
          </h2>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField
              id="valid-until"
              label="Valid until"
              type="date"
              value={validUntil}
              error={errors.validUntil}
              onChange={(event) => setValidUntil(event.target.value)}
            />
            <div className="grid gap-1.5">
              <Label htmlFor="deposit-kind">Deposit on acceptance</Label>
              <Select
                id="deposit-kind"
                value={depositKind}
                onChange={(event) => setDepositKind(event.target.value as typeof depositKind)}
              >
                <option value="none">No deposit: paid in full</option>
                <option value="percent">A percentage</option>
                <option value="amount">An amount</option>
              </Select>
            </div>
            {depositKind !== 'none' && (
              <FormField
                id="deposit-value"
                label={depositKind === 'percent' ? 'Deposit (%)' : 'Deposit (R)'}
                inputMode="decimal"
                value={depositValue}
                error={errors.depositValue}
                onChange={(event) => setDepositValue(event.target.value)}
              />
            )}
          </div>
          <TextareaField
            id="terms"
            label="Terms the customer accepts"
            rows={4}
            maxLength={4000}
            value={terms}
            error={errors.terms}
            onChange={(event) => setTerms(event.target.value)}
          />
        </section>
      )}
      <div>
        <Button type="submit" size="lg" disabled={pending}>
          {pending ? 'Sending…' : kind === 'quote' ? 'Send the quote' : 'Send the invoice'}
        </Button>
      </div>
    </form>
  );
}

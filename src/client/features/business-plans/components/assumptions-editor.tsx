import {
  funderKinds,
  funderLabels,
  paymentTermsDays,
  taxStatuses,
  taxStatusLabels,
  type PlanAssumptions,
  type PlanFunding,
  type PlanProduct,
} from '#shared/business-plans.schemas.ts';
import { SMALL_BUSINESS_CORPORATION_TABLE } from '#shared/business-plan-tax.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { AmountInput, NumberInput } from './amount-input.tsx';

const newProduct: PlanProduct = {
  name: '',
  unitPriceCents: 0,
  unitsPerMonth: 0,
  monthlyGrowthPercent: 0,
  costOfSalesPercent: 0,
};

/** A numeric answer of the funder section: its key, the input's id and its label. */
type NumberField = [
  { [K in keyof PlanFunding]: PlanFunding[K] extends number ? K : never }[keyof PlanFunding],
  string,
  string,
];

const shares: NumberField[] = [
  ['blackOwnershipBeforePercent', 'black-ownership-before', 'Black ownership before funding'],
  ['blackOwnershipAfterPercent', 'black-ownership-after', 'Black ownership after funding'],
  ['blackWomenOwnershipAfterPercent', 'black-women-ownership-after', 'Black women ownership after'],
];
const headcounts: NumberField[] = [
  ['jobsNow', 'jobs-now', 'Jobs today'],
  ['jobsCreated', 'jobs-created', 'Jobs created in three years'],
];

/**
 * What a funder asks beyond the figures (issue 33 §4): the plan's PDF and Word file gain a
 * "Funding application" section once a funder is chosen.
 */
function FunderFields({
  value,
  onChange,
}: {
  value: PlanFunding;
  onChange: (next: PlanFunding) => void;
}) {
  const set = <K extends keyof PlanFunding>(key: K, v: PlanFunding[K]) =>
    onChange({ ...value, [key]: v });
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="mb-2 text-lg font-bold text-ink">Funding application</legend>
      <div className="grid content-start gap-1.5 sm:col-span-2 lg:col-span-3">
        <Label htmlFor="funder">Who you are asking</Label>
        <Select
          id="funder"
          value={value.funder}
          onChange={(e) => set('funder', e.target.value as PlanFunding['funder'])}
        >
          {funderKinds.map((kind) => (
            <option key={kind} value={kind}>
              {funderLabels[kind]}
            </option>
          ))}
        </Select>
      </div>
      {value.funder !== 'none' && (
        <>
          {shares.map(([key, id, label]) => (
            <NumberInput
              key={key}
              id={id}
              label={label}
              suffix="%"
              value={value[key]}
              onChange={(n) => set(key, Math.min(100, Math.max(0, n)))}
            />
          ))}
          {headcounts.map(([key, id, label]) => (
            <NumberInput
              key={key}
              id={id}
              label={label}
              value={value[key]}
              onChange={(n) => set(key, Math.max(0, Math.round(n)))}
            />
          ))}
          <div className="grid content-start gap-1.5 sm:col-span-2 lg:col-span-3">
            <Label htmlFor="tax-status">Tax status</Label>
            <Select
              id="tax-status"
              value={value.taxStatus}
              onChange={(e) => set('taxStatus', e.target.value as PlanFunding['taxStatus'])}
            >
              {taxStatuses.map((status) => (
                <option key={status} value={status}>
                  {taxStatusLabels[status]}
                </option>
              ))}
            </Select>
          </div>
        </>
      )}
    </fieldset>
  );
}

/** The financial assumptions step: what is sold, what it costs, funding, VAT and tax. */
export function AssumptionsEditor({
  value,
  onChange,
}: {
  value: PlanAssumptions;
  onChange: (next: PlanAssumptions) => void;
}) {
  const set = <K extends keyof PlanAssumptions>(key: K, v: PlanAssumptions[K]) =>
    onChange({ ...value, [key]: v });
  const setProduct = (index: number, change: Partial<PlanProduct>) =>
    set(
      'products',
      value.products.map((p, i) => (i === index ? { ...p, ...change } : p)),
    );
  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-4">
        <legend className="text-lg font-bold text-ink">What you sell</legend>
        {value.products.length === 0 && (
          <p className="text-sm text-muted">
            Add each product or service with its price excluding VAT.
          </p>
        )}
        {value.products.map((product, i) => (
          <div
            key={i}
            className="grid gap-3 rounded-2xl border border-line p-4 sm:grid-cols-2 lg:grid-cols-3"
          >
            <div className="grid gap-1.5">
              <Label htmlFor={`product-${i}-name`}>Product or service</Label>
              <Input
                id={`product-${i}-name`}
                value={product.name}
                maxLength={80}
                onChange={(e) => setProduct(i, { name: e.target.value })}
              />
            </div>
            <AmountInput
              id={`product-${i}-price`}
              label="Price of one, excl. VAT"
              cents={product.unitPriceCents}
              onChange={(cents) => setProduct(i, { unitPriceCents: cents })}
            />
            <NumberInput
              id={`product-${i}-units`}
              label="Sold in month 1"
              value={product.unitsPerMonth}
              onChange={(n) => setProduct(i, { unitsPerMonth: Math.max(0, Math.round(n)) })}
            />
            <NumberInput
              id={`product-${i}-growth`}
              label="Growth a month"
              suffix="%"
              step={0.5}
              value={product.monthlyGrowthPercent}
              onChange={(n) => setProduct(i, { monthlyGrowthPercent: n })}
            />
            <NumberInput
              id={`product-${i}-cos`}
              label="Cost of sales (share of price)"
              suffix="%"
              value={product.costOfSalesPercent}
              onChange={(n) => setProduct(i, { costOfSalesPercent: n })}
            />
            <div className="self-end">
              <Button
                type="button"
                variant="ghost"
                size="sm"
                onClick={() =>
                  set(
                    'products',
                    value.products.filter((_, j) => j !== i),
                  )
                }
              >
                Remove {product.name || `product ${i + 1}`}
              </Button>
            </div>
          </div>
        ))}
        {value.products.length < 10 && (
          <div>
            <Button
              type="button"
              variant="outline"
              onClick={() => set('products', [...value.products, newProduct])}
            >
              Add a product or service
            </Button>
          </div>
        )}
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 text-lg font-bold text-ink">Monthly costs, excl. VAT</legend>
        <AmountInput
          id="salaries"
          label="Salaries (all staff)"
          cents={value.salariesCents}
          onChange={(c) => set('salariesCents', c)}
        />
        <AmountInput
          id="rent"
          label="Rent"
          cents={value.rentCents}
          onChange={(c) => set('rentCents', c)}
        />
        <AmountInput
          id="other-costs"
          label="Other costs (data, fuel, insurance…)"
          cents={value.otherCostsCents}
          onChange={(c) => set('otherCostsCents', c)}
        />
        <NumberInput
          id="escalation"
          label="Yearly increase"
          suffix="%"
          step={0.5}
          value={value.costEscalationPercent}
          onChange={(n) => set('costEscalationPercent', n)}
        />
        <AmountInput
          id="startup"
          label="Once-off start-up costs"
          cents={value.startupCostsCents}
          onChange={(c) => set('startupCostsCents', c)}
        />
      </fieldset>

      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 text-lg font-bold text-ink">Funding</legend>
        <AmountInput
          id="owner-funding"
          label="Your own money"
          cents={value.ownerFundingCents}
          onChange={(c) => set('ownerFundingCents', c)}
        />
        <AmountInput
          id="loan"
          label="Loan"
          cents={value.loanCents}
          onChange={(c) => set('loanCents', c)}
        />
        <NumberInput
          id="loan-interest"
          label="Loan interest a year"
          suffix="%"
          step={0.25}
          value={value.loanInterestPercent}
          onChange={(n) => set('loanInterestPercent', n)}
        />
        <NumberInput
          id="loan-term"
          label="Loan term"
          suffix="months"
          value={value.loanTermMonths}
          onChange={(n) => set('loanTermMonths', Math.min(120, Math.max(1, Math.round(n))))}
        />
      </fieldset>

      <FunderFields value={value.funding} onChange={(funding) => set('funding', funding)} />

      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-bold text-ink">VAT, payment terms and tax</legend>
        <div className="grid content-start gap-1.5">
          <Label htmlFor="payment-days">Customers pay</Label>
          <Select
            id="payment-days"
            value={String(value.customerPaymentDays)}
            onChange={(e) =>
              set(
                'customerPaymentDays',
                Number(e.target.value) as PlanAssumptions['customerPaymentDays'],
              )
            }
          >
            {paymentTermsDays.map((d) => (
              <option key={d} value={d}>
                {d === 0 ? 'At the time of sale' : `After ${d} days`}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid content-start gap-3">
          <label className="flex items-start gap-2 text-sm text-ink">
            <input
              type="checkbox"
              className="mt-1 size-4 accent-brand-700"
              checked={value.vatRegistered}
              onChange={(e) => set('vatRegistered', e.target.checked)}
            />
            <span>Registered for VAT (compulsory above R2,3 million of sales a year)</span>
          </label>
          <label className="flex items-start gap-2 text-sm text-ink">
            <input
              type="checkbox"
              className="mt-1 size-4 accent-brand-700"
              checked={value.smallBusinessCorporation}
              onChange={(e) => set('smallBusinessCorporation', e.target.checked)}
            />
            <span>
              Qualifies as a small business corporation (natural-person owners, turnover up to R20
              million): taxed on the {SMALL_BUSINESS_CORPORATION_TABLE.label}; otherwise 27%.
            </span>
          </label>
        </div>
      </fieldset>
    </div>
  );
}

import { useState } from 'react';
import { useLocation } from 'wouter';
import {
  annualReturnFilingPackageId,
  careItemKinds,
  complianceCarePackageId,
  vatCategoryLabels,
  type ComplianceCompany,
  type ComplianceItem,
} from '#shared/compliance.schemas.ts';
import { formatDate, saToday } from '#shared/dates.ts';
import { formatZAR } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { addToCart } from '../../../lib/cart.ts';
import { useShownChoice } from '../../../lib/use-shown-choice.ts';
import { useCatalogue } from '../../../lib/catalogue.tsx';
import {
  useMarkItem,
  useRecordOwnershipChange,
  useRemoveCompany,
  useSetCareRenewal,
} from '../api/change-compliance.ts';

const failed = (error: Error) =>
  toast({ title: 'Something went wrong', description: error.message, variant: 'destructive' });

/** A package of the compliance service bought for one company: its cart line names the company. */
function BuyForCompany({
  company,
  type,
  packageId,
  label,
  variant = 'outline',
}: {
  company: ComplianceCompany;
  type: 'compliance-filing' | 'compliance-care';
  packageId: string;
  label: (price: string) => string;
  variant?: 'outline' | 'default';
}) {
  const [, navigate] = useLocation();
  const pkg = useCatalogue()
    .services.flatMap((service) => service.packages)
    .find(({ id }) => id === packageId);
  if (!pkg) return null;
  return (
    <Button
      size="sm"
      variant={variant}
      onClick={() => {
        addToCart({
          id: `${type}:${company.id}`,
          type,
          packageId: pkg.id,
          companyId: company.id,
          title: `${pkg.name}: ${company.name} (${company.registrationNumber})`,
          price: pkg.priceCents / 100,
        });
        navigate(paths.checkout);
      }}
    >
      {label(formatZAR(pkg.priceCents))}
    </Button>
  );
}

const careStatusWords = {
  active: 'Active',
  suspended: 'Suspended: renewal unpaid',
  lapsed: 'Ended: renewal not paid',
  cancelled: 'Ended',
} as const;

/**
 * Compliance care for this company (issue 34 §3): offered when it has none (or it ended); else
 * what it covers until when, and the renewal switch.
 */
function CareBox({ company }: { company: ComplianceCompany }) {
  const renewal = useSetCareRenewal({
    onSuccess: (_calendar, { autoRenew }) =>
      toast({
        title: autoRenew ? 'Renewal switched on' : 'Renewal switched off',
        description: autoRenew
          ? 'We send the renewal invoice 30 days before the year ends.'
          : 'Compliance care ends with the year you paid for.',
      }),
    onError: failed,
  });
  const care = company.care;
  const renews = useShownChoice(care?.autoRenew ?? false);
  const live = care && (care.status === 'active' || care.status === 'suspended');
  if (!live)
    return (
      <div className="mt-4 grid gap-2 rounded-xl bg-surface p-4">
        <p className="text-sm text-ink">
          <strong>Compliance care:</strong> we file this company’s annual return and
          beneficial-ownership updates every year, before they are due.
          {care ? ` ${careStatusWords[care.status]} on ${formatDate(care.coveredUntil)}.` : ''}
        </p>
        <div>
          <BuyForCompany
            company={company}
            type="compliance-care"
            packageId={complianceCarePackageId}
            variant="default"
            label={(price) => `Add compliance care, ${price} a year`}
          />
        </div>
      </div>
    );
  return (
    <div className="mt-4 grid gap-2 rounded-xl bg-surface p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="text-sm text-ink">
          <strong>Compliance care</strong> until {formatDate(care.coveredUntil)}: we file the annual
          return and beneficial-ownership updates.
        </p>
        <StatusBadge status={care.status === 'active' ? 'completed' : 'overdue'}>
          {careStatusWords[care.status]}
        </StatusBadge>
      </div>
      <label className="flex items-center gap-2 text-sm text-ink">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          // The box shows the choice at once; the server's answer then replaces the calendar.
          checked={renews.value}
          disabled={renewal.isPending}
          onChange={(event) => {
            renews.show(event.target.checked);
            renewal.mutate(
              { companyId: company.id, autoRenew: event.target.checked },
              { onSettled: renews.settle },
            );
          }}
        />
        Renew every year (invoiced 30 days before {formatDate(care.coveredUntil)})
      </label>
    </div>
  );
}

const underCare = (company: ComplianceCompany) => company.care?.status === 'active';

function ItemRow({ company, item }: { company: ComplianceCompany; item: ComplianceItem }) {
  const mark = useMarkItem({ onError: failed });
  const overdue = !item.done && item.dueOn < saToday();
  return (
    <li className="grid gap-2 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="min-w-0 font-semibold text-ink">{item.title}</span>
        <StatusBadge status={item.done ? 'completed' : overdue ? 'overdue' : 'pending'}>
          {item.done ? 'Done' : overdue ? 'Overdue' : `Due ${formatDate(item.dueOn)}`}
        </StatusBadge>
      </div>
      <p className="text-sm text-muted">
        {item.opensOn ? `Opens ${formatDate(item.opensOn)} · ` : ''}
        Due by {formatDate(item.dueOn)}. {item.rule}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant={item.done ? 'ghost' : 'default'}
          disabled={mark.isPending}
          aria-label={`${item.done ? 'Open again' : 'Mark done'}: ${item.title}`}
          onClick={() => mark.mutate({ companyId: company.id, key: item.key, done: !item.done })}
        >
          {item.done ? 'Open again' : 'Mark done'}
        </Button>
        {underCare(company) && (careItemKinds as readonly string[]).includes(item.kind)
          ? !item.done && (
              <span className="self-center text-sm text-muted">We file this for you</span>
            )
          : item.kind === 'annual-return' &&
            !item.done && (
              <BuyForCompany
                company={company}
                type="compliance-filing"
                packageId={annualReturnFilingPackageId}
                label={(price) => `We file it for you, ${price}`}
              />
            )}
      </div>
    </li>
  );
}

function OwnershipChangeForm({ company }: { company: ComplianceCompany }) {
  const [changedOn, setChangedOn] = useState('');
  const record = useRecordOwnershipChange({
    onSuccess: () => {
      setChangedOn('');
      toast({ title: 'Change recorded', description: 'Its update is on the calendar.' });
    },
    onError: failed,
  });
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (changedOn) record.mutate({ companyId: company.id, changedOn, note: '' });
      }}
    >
      <div className="min-w-48 flex-1">
        <FormField
          id={`change-${company.id}`}
          label="Directors or shareholding changed on"
          type="date"
          value={changedOn}
          max={saToday()}
          required
          onChange={(event) => setChangedOn(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={record.isPending || !changedOn}>
        Record the change
      </Button>
    </form>
  );
}

/** One company: its facts, every item of the coming year with its rule, and its actions. */
export function CompanyCalendar({ company }: { company: ComplianceCompany }) {
  const remove = useRemoveCompany({ onError: failed });
  const yearEnd = new Intl.DateTimeFormat('en-ZA', { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2026, company.yearEndMonth - 1, 1)),
  );
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-xl font-bold [overflow-wrap:anywhere] text-ink">{company.name}</h2>
          <p className="text-sm text-muted">
            <span className="font-mono">{company.registrationNumber}</span> · registered{' '}
            {formatDate(company.registeredOn)} · year-end {yearEnd}
          </p>
          <p className="text-sm text-muted">
            {company.vatCategory
              ? `VAT201: ${vatCategoryLabels[company.vatCategory]}`
              : 'Not registered for VAT'}
            {company.bbbeeAffidavitOn
              ? ` · B-BBEE affidavit signed ${formatDate(company.bbbeeAffidavitOn)}`
              : ''}
          </p>
        </div>
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="ghost">
              Remove
            </Button>
          }
          title={`Remove ${company.name}?`}
          confirmLabel="Remove the company"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(company.id)}
        >
          Its dates and reminders stop. You can add it again at any time.
        </ConfirmDialog>
      </div>
      <CareBox company={company} />
      {company.items.length === 0 ? (
        <p className="mt-4 text-sm text-muted">Nothing falls due in the coming year.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line" aria-label={`Dates of ${company.name}`}>
          {company.items.map((item) => (
            <ItemRow key={item.key} company={company} item={item} />
          ))}
        </ul>
      )}
      <div className="mt-4 border-t border-line pt-4">
        <OwnershipChangeForm company={company} />
      </div>
    </Card>
  );
}

import { useState } from 'react';
import { Plus } from 'lucide-react';
import { couponStatusLabels, type Coupon } from '#shared/coupons.schemas.ts';
import { formatDate } from '#shared/dates.ts';
import { formatRand } from '#shared/money.ts';
import { formatNumber } from '#shared/numbers.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { DataTable, cell, numberCell, rowHeading } from '../../../components/data-table.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAdminStatus } from '../../../lib/current-admin.ts';
import { cn } from '../../../lib/cn.ts';
import { useCoupons } from '../api/get-coupons.ts';
import { useEndCoupon } from '../api/end-coupon.ts';
import { CouponForm } from '../components/coupon-form.tsx';

/** When a coupon can be used, in words. */
function validity(coupon: Coupon): string {
  if (coupon.startsOn && coupon.endsOn) {
    return `${formatDate(coupon.startsOn)} to ${formatDate(coupon.endsOn)}`;
  }
  if (coupon.startsOn) return `From ${formatDate(coupon.startsOn)}`;
  if (coupon.endsOn) return `Until ${formatDate(coupon.endsOn)}`;
  return 'Any day';
}

/** How often it was used, and what is left of its limits. */
function usesText(coupon: Coupon): string {
  const left = coupon.remaining === null ? 'no limit' : `${formatNumber(coupon.remaining)} left`;
  const perCustomer = coupon.firstOrderOnly ? 1 : coupon.perCustomerLimit;
  return `${formatNumber(coupon.uses)} (${left}${perCustomer ? `, ${formatNumber(perCustomer)} per customer` : ''})`;
}

function EndButton({ coupon }: { coupon: Coupon }) {
  const end = useEndCoupon({
    onSuccess: (ended) =>
      toast({
        title: 'Coupon ended',
        description: `${ended.code} can no longer be used.`,
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: 'Coupon not ended', description: error.message, variant: 'destructive' }),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={`End ${coupon.code}`}
          disabled={end.isPending}
        >
          End
        </Button>
      }
      title={`End coupon ${coupon.code}?`}
      confirmLabel="End the coupon"
      pending={end.isPending}
      onConfirm={() => end.mutate(coupon.id)}
    >
      No new order can use it from now on. Orders that already used it keep their discount.
    </ConfirmDialog>
  );
}

/**
 * The back office's coupons (issue 29 §3): every administrator sees each one, its terms, its uses
 * and what it took off paid orders; owners create, change and end them.
 */
export function CouponsPage() {
  const query = useCoupons();
  const owner = useAdminStatus().admin?.role === 'owner';
  // The coupon being changed, `null` for a new one; undefined while no form is open.
  const [editing, setEditing] = useState<Coupon | null | undefined>(undefined);
  return (
    <QueryState query={query} label="the coupons">
      {(data) => (
        <div className="grid gap-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="max-w-2xl text-sm text-muted">
              Customers type a code at checkout; the discount is its own line on the order and the
              invoice. A use counts from the order until it is paid, and comes back if the order is
              cancelled unpaid.
              {!owner && ' Only an owner can create, change or end a coupon.'}
            </p>
            {owner && editing === undefined && (
              <Button onClick={() => setEditing(null)}>
                <Plus aria-hidden="true" />
                New coupon
              </Button>
            )}
          </div>
          {owner && editing !== undefined && (
            <div className="rounded-2xl border border-line bg-white p-4 sm:p-6">
              <CouponForm
                key={editing?.id ?? 'new'}
                coupon={editing}
                options={data}
                onDone={() => setEditing(undefined)}
              />
            </div>
          )}
          {data.coupons.length === 0 ? (
            <EmptyState title="No coupons yet">
              {owner ? 'Create one with New coupon.' : 'An owner creates them here.'}
            </EmptyState>
          ) : (
            <DataTable
              label="Coupons"
              caption="Coupons, newest first: what each takes off, when, its uses, and what it has given on paid orders"
              columns={[
                { label: 'Code' },
                { label: 'Discount' },
                { label: 'When' },
                { label: 'Uses' },
                { label: 'Given', align: 'right' },
                { label: 'Status' },
                ...(owner ? [{ label: 'Actions' }] : []),
              ]}
            >
              {data.coupons.map((coupon) => (
                <tr key={coupon.id}>
                  <th scope="row" className={cn(rowHeading, 'whitespace-nowrap')}>
                    {coupon.code}
                    {coupon.description && (
                      <span className="block text-xs font-normal text-muted">
                        {coupon.description}
                      </span>
                    )}
                  </th>
                  <td className={cn(cell, 'min-w-44')}>
                    {coupon.summary}
                    <span className="block text-xs text-muted">
                      {[
                        coupon.firstOrderOnly && 'First order only',
                        coupon.floorPercent > 0 &&
                          `No line below ${coupon.floorPercent}% of its price`,
                      ]
                        .filter(Boolean)
                        .join('. ')}
                    </span>
                  </td>
                  <td className={cn(cell, 'min-w-32')}>{validity(coupon)}</td>
                  <td className={cn(cell, 'min-w-32')}>{usesText(coupon)}</td>
                  <td className={numberCell}>{formatRand(coupon.discountGiven)}</td>
                  <td className={cell}>
                    <StatusBadge status={coupon.status}>
                      {couponStatusLabels[coupon.status]}
                    </StatusBadge>
                  </td>
                  {owner && (
                    <td className={cell}>
                      <div className="flex flex-wrap gap-2">
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`Change ${coupon.code}`}
                          onClick={() => setEditing(coupon)}
                        >
                          Change
                        </Button>
                        {coupon.status !== 'ended' && <EndButton coupon={coupon} />}
                      </div>
                    </td>
                  )}
                </tr>
              ))}
            </DataTable>
          )}
        </div>
      )}
    </QueryState>
  );
}

import { useMutation } from '@tanstack/react-query';
import { Eye } from 'lucide-react';
import { adminCustomerPath, paths } from '#shared/routes.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/use-toast.ts';
import { endViewAs } from '../../lib/api/end-view-as.ts';

/**
 * Across the customer area while a team member views it as the customer (decision 024): whose it
 * is, that nothing can be changed, and the way back to the customer's page in the back office.
 */
export function ViewAsBanner({ customerName }: { customerName: string }) {
  const exit = useMutation({
    mutationFn: endViewAs,
    // A full load: the whole app then reads who is signed in afresh.
    onSuccess: ({ customerId }) =>
      window.location.assign(customerId ? adminCustomerPath(customerId) : paths.adminCustomers),
    onError: (error) =>
      toast({ title: 'Still viewing', description: error.message, variant: 'destructive' }),
  });
  return (
    <section
      aria-label="Viewing as the customer"
      className="border-b border-accent-400 bg-accent-100"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <p className="flex min-w-0 items-center gap-2 text-sm font-semibold text-ink">
          <Eye className="size-4 shrink-0" aria-hidden="true" />
          <span className="[overflow-wrap:anywhere]">
            Viewing as {customerName} — <span className="whitespace-nowrap">read-only</span>
          </span>
        </p>
        <Button size="sm" disabled={exit.isPending} onClick={() => exit.mutate()}>
          Exit
        </Button>
      </div>
    </section>
  );
}

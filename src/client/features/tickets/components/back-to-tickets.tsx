import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';
import { cn } from '../../../lib/cn.ts';

/** The back office's way back from a desk page to the ticket list. */
export function BackToTickets({ className }: { className?: string }) {
  return (
    <Link
      href={paths.adminSupportTickets}
      className={cn('text-sm font-semibold text-brand-700 hover:underline', className)}
    >
      ← All tickets
    </Link>
  );
}

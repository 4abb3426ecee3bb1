import { AdminShell } from '../components/admin-shell.tsx';
import { EmptyState } from '../components/query-state.tsx';

const sections: Record<string, { title: string; empty: string; detail: string }> = {
  '/admin/profit-analytics': {
    title: 'Profit analytics',
    empty: 'No sales to analyse yet',
    detail: 'Revenue, VAT and registrar costs per month appear here once payments come in.',
  },
};

/** Sections whose records arrive with later features: a real empty state until then. */
export function UpcomingSectionPage({ path }: { path: string }) {
  const section = sections[path] ?? { title: 'Back office', empty: 'Nothing here yet', detail: '' };
  return (
    <AdminShell title={section.title}>
      <EmptyState title={section.empty}>{section.detail}</EmptyState>
    </AdminShell>
  );
}

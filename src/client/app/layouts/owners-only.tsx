import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';

/** In place of an owner's page for staff (the server refuses them its data the same way). */
export function OwnersOnly() {
  return (
    <div role="alert" className="grid max-w-xl justify-items-start gap-3">
      <h2 className="text-xl font-bold text-ink">This page is for owners</h2>
      <p className="text-muted">
        Administrators, refunds, the catalogue, profit figures, reports, the audit log and the
        database are managed by an owner of the business. Ask an owner if you need something here.
      </p>
      <Link href={paths.adminDashboard} className="font-semibold text-brand-700 underline">
        Back to the dashboard
      </Link>
    </div>
  );
}

import { formatDateTime } from '#shared/dates.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTeamViews } from '../api/get-team-views.ts';
import { SettingsSection } from './settings-section.tsx';

/** Each time someone from the team looked at the account as the customer (never hidden). */
export function TeamViewsSection() {
  const views = useTeamViews();
  return (
    <SettingsSection
      id="team-views"
      title="When our team viewed your account"
      description="To help you, someone from our team may look at your account as you see it. They can only look: nothing can be changed that way."
    >
      {views.isPending ? (
        <Spinner label="Loading" />
      ) : views.isError ? (
        <p role="alert" className="text-sm">
          We could not load this list: {views.error.message}
        </p>
      ) : views.data.views.length === 0 ? (
        <p className="text-sm text-ink">Nobody from our team has viewed your account as you.</p>
      ) : (
        <ul className="grid gap-2 text-sm text-ink">
          {views.data.views.map((view) => (
            <li key={view.at}>
              Our team viewed your account as you on {formatDateTime(view.at)} ({view.by})
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

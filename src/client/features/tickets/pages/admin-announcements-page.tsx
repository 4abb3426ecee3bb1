import { useState } from 'react';
import { Link } from 'wouter';
import { Plus } from 'lucide-react';
import { announcementKindLabels, type Announcement } from '#shared/announcements.schemas.ts';
import { paths } from '#shared/routes.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useAdminAnnouncements } from '../api/get-admin-announcements.ts';
import { useDeleteAnnouncement } from '../api/delete-announcement.ts';
import { AnnouncementBody } from '../components/announcement-body.tsx';
import { AnnouncementForm } from '../components/announcement-form.tsx';
import { announcementPeriod } from '../components/announcement-period.ts';

/** Whether it shows at `now` (when the list was read, by this browser's clock), is to come or is over. */
function showing(announcement: Announcement, now: number): { status: string; label: string } {
  if (Date.parse(announcement.startsAt) > now) return { status: 'pending', label: 'Scheduled' };
  if (announcement.endsAt && Date.parse(announcement.endsAt) <= now) {
    return { status: 'ended', label: 'Ended' };
  }
  return { status: 'active', label: 'Showing now' };
}

function mailingText({ mailing }: Announcement): string {
  switch (mailing.state) {
    case 'off':
      return 'Not mailed';
    case 'scheduled':
      return 'Mailed at its start';
    case 'mailing':
      return `Mailing… (${mailing.mailed} so far)`;
    case 'mailed':
      return `Mailed to ${mailing.mailed} ${mailing.mailed === 1 ? 'customer' : 'customers'}`;
  }
}

function DeleteButton({ announcement }: { announcement: Announcement }) {
  const remove = useDeleteAnnouncement({
    onSuccess: (deleted) =>
      toast({ title: 'Announcement deleted', description: deleted.title, variant: 'success' }),
    onError: (error) =>
      toast({ title: 'Not deleted', description: error.message, variant: 'destructive' }),
  });
  return (
    <ConfirmDialog
      trigger={
        <Button
          variant="outline"
          size="sm"
          aria-label={`Delete ${announcement.title}`}
          disabled={remove.isPending}
        >
          Delete
        </Button>
      }
      title={`Delete “${announcement.title}”?`}
      confirmLabel="Delete the announcement"
      pending={remove.isPending}
      onConfirm={() => remove.mutate(announcement.id)}
    >
      It disappears from the dashboard and the announcements page, and what is left of its mailing
      is not sent. Mail already sent stays sent.
    </ConfirmDialog>
  );
}

/**
 * /admin/announcements: news for customers, shown on their dashboard and at /help/announcements
 * between its dates, and mailed to them when asked. Owners and staff write them.
 */
export function AdminAnnouncementsPage() {
  const query = useAdminAnnouncements();
  // The announcement being changed, `null` for a new one; undefined while no form is open.
  const [editing, setEditing] = useState<Announcement | null | undefined>(undefined);
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-muted">
          Customers see an announcement on their dashboard and on the{' '}
          <Link href={paths.helpAnnouncements} className="font-semibold text-brand-700 underline">
            announcements page
          </Link>{' '}
          from its start until its end.
        </p>
        {editing === undefined && (
          <Button onClick={() => setEditing(null)}>
            <Plus aria-hidden="true" />
            New announcement
          </Button>
        )}
      </div>
      {editing !== undefined && (
        <Card padding="tight" className="sm:p-6">
          <AnnouncementForm
            key={editing?.id ?? 'new'}
            announcement={editing}
            onDone={() => setEditing(undefined)}
          />
        </Card>
      )}
      <QueryState query={query} label="the announcements">
        {(announcements) =>
          announcements.length === 0 ? (
            <EmptyState title="No announcements yet">Create one with New announcement.</EmptyState>
          ) : (
            <ul aria-label="Announcements" className="grid gap-4">
              {announcements.map((announcement) => {
                const state = showing(announcement, query.dataUpdatedAt);
                return (
                  <li key={announcement.id}>
                    <Card padding="tight" className="grid gap-3 sm:p-5">
                      <div className="flex flex-wrap items-start justify-between gap-3">
                        <div className="grid min-w-0 gap-1">
                          <h2 className="font-bold [overflow-wrap:anywhere] text-ink">
                            {announcement.title}
                          </h2>
                          <div className="flex flex-wrap items-center gap-2 text-sm text-muted">
                            <StatusBadge status={state.status}>{state.label}</StatusBadge>
                            <span>{announcementKindLabels[announcement.kind]}</span>
                            <span aria-hidden="true">·</span>
                            <span>{announcementPeriod(announcement, { withTime: true })}</span>
                            <span aria-hidden="true">·</span>
                            <span>{mailingText(announcement)}</span>
                          </div>
                        </div>
                        <div className="flex flex-wrap gap-2">
                          <Button
                            variant="outline"
                            size="sm"
                            aria-label={`Change ${announcement.title}`}
                            onClick={() => setEditing(announcement)}
                          >
                            Change
                          </Button>
                          <DeleteButton announcement={announcement} />
                        </div>
                      </div>
                      <AnnouncementBody
                        html={announcement.bodyHtml}
                        className="max-h-32 overflow-hidden text-sm"
                      />
                    </Card>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryState>
    </div>
  );
}

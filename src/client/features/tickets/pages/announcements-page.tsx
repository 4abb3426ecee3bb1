import { Link } from 'wouter';
import { announcementKindLabels } from '#shared/announcements.schemas.ts';
import { paths } from '#shared/routes.ts';
import { PageHeader, Section } from '../../../components/page.tsx';
import { EmptyState, QueryState } from '../../../components/query-state.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useAnnouncements } from '../api/get-announcements.ts';
import { AnnouncementBody } from '../components/announcement-body.tsx';
import { announcementPeriod } from '../components/announcement-period.ts';

/** /help/announcements: what the team announces now (maintenance, changes, offers), newest first. */
export function AnnouncementsPage() {
  const announcements = useAnnouncements();
  return (
    <>
      <PageHeader
        eyebrow="Help centre"
        title="Announcements"
        lead="Planned maintenance, changes to our services and prices, and news for our customers."
      />
      <Section className="pt-2">
        <QueryState query={announcements} label="the announcements">
          {(list) =>
            list.length === 0 ? (
              <EmptyState title="No announcements right now.">
                Everything is running as usual. Need help?{' '}
                <Link href={paths.contact} className="font-semibold text-brand-700 underline">
                  Contact us
                </Link>
                .
              </EmptyState>
            ) : (
              <ul aria-label="Current announcements" className="grid max-w-3xl gap-6">
                {list.map((announcement) => (
                  <li key={announcement.id}>
                    <Card>
                      <article aria-labelledby={`announcement-${announcement.id}`}>
                        <p className="text-sm font-semibold text-brand-700">
                          {announcementKindLabels[announcement.kind]}
                        </p>
                        <h2
                          id={`announcement-${announcement.id}`}
                          className="mt-1 text-xl font-bold [overflow-wrap:anywhere] text-ink"
                        >
                          {announcement.title}
                        </h2>
                        <p className="mt-1 text-sm text-muted">
                          {announcementPeriod(announcement)}
                        </p>
                        <AnnouncementBody html={announcement.bodyHtml} className="mt-4" />
                      </article>
                    </Card>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </Section>
    </>
  );
}

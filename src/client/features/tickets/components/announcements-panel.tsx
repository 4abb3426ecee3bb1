import { useState } from 'react';
import { Link } from 'wouter';
import { Megaphone, X } from 'lucide-react';
import { formatDate } from '#shared/dates.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { useAnnouncements } from '../api/get-announcements.ts';
import { AnnouncementBody } from './announcement-body.tsx';

const dismissedKey = 'sebenza.dismissed-announcements';

const readDismissed = (): string[] => {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(dismissedKey) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id) => typeof id === 'string') : [];
  } catch {
    return [];
  }
};

/**
 * The dashboard's announcements: what is announced now, each one dismissable in this browser.
 * Nothing at all while there is none (or while they load, or if they cannot be loaded): the
 * dashboard's own panels matter more.
 */
export function AnnouncementsPanel() {
  const announcements = useAnnouncements();
  const [dismissed, setDismissed] = useState(readDismissed);
  const shown = (announcements.data ?? []).filter((a) => !dismissed.includes(a.id));
  if (shown.length === 0) return null;

  const dismiss = (id: string) => {
    // Only ids still announced are kept, so the list does not grow for ever.
    const next = [...dismissed, id].filter((kept) =>
      announcements.data?.some((announcement) => announcement.id === kept),
    );
    setDismissed(next);
    window.localStorage.setItem(dismissedKey, JSON.stringify(next));
  };

  return (
    <section aria-labelledby="announcements-panel-title" className="grid gap-3">
      <h2 id="announcements-panel-title" className="sr-only">
        Announcements
      </h2>
      {shown.map((announcement) => (
        <article
          key={announcement.id}
          aria-labelledby={`announcement-${announcement.id}`}
          className="flex gap-3 rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-5"
        >
          <Megaphone aria-hidden="true" className="mt-1 size-5 shrink-0 text-brand-700" />
          <div className="grid min-w-0 flex-1 gap-2">
            <div>
              <h3
                id={`announcement-${announcement.id}`}
                className="font-bold [overflow-wrap:anywhere] text-ink"
              >
                {announcement.title}
              </h3>
              <p className="text-sm text-muted">{formatDate(announcement.startsAt)}</p>
            </div>
            <AnnouncementBody html={announcement.bodyHtml} className="text-sm" />
            <Link
              href={paths.helpAnnouncements}
              className="text-sm font-semibold text-brand-700 underline"
            >
              All announcements
            </Link>
          </div>
          <Button
            variant="ghost"
            size="icon"
            className="-mt-2 -mr-2"
            aria-label={`Dismiss “${announcement.title}”`}
            onClick={() => dismiss(announcement.id)}
          >
            <X aria-hidden="true" />
          </Button>
        </article>
      ))}
    </section>
  );
}

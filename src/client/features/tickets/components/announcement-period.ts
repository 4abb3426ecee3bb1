import type { PublicAnnouncement } from '#shared/announcements.schemas.ts';
import { formatDate, formatDateTime } from '#shared/dates.ts';

/** "Since 3 March 2027", "3 March 2027 – 5 March 2027 at 17:00": when it is announced for. */
export function announcementPeriod(
  announcement: Pick<PublicAnnouncement, 'startsAt' | 'endsAt'>,
  { withTime = false }: { withTime?: boolean } = {},
): string {
  const format = withTime ? formatDateTime : formatDate;
  return announcement.endsAt
    ? `${format(announcement.startsAt)} – ${format(announcement.endsAt)}`
    : `From ${format(announcement.startsAt)}`;
}

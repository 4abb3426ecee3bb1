import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card.tsx';

/** One titled block of the settings page. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <Card>
        <h2 id={id} className="text-lg font-bold text-ink">
          {title}
        </h2>
        <div className="mt-1 text-sm text-muted">{description}</div>
        <div className="mt-5">{children}</div>
      </Card>
    </section>
  );
}

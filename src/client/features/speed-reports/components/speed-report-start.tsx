import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Input } from '../../../components/ui/input.tsx';
import { cn } from '../../../lib/cn.ts';
import { site } from '../../../lib/site.ts';
import { useCreateSpeedReport } from '../api/create-speed-report.ts';

/**
 * The address box that starts a free speed report (home page card, speed-optimisation page).
 * It sits on the home page, so the app loads it after the page, and the schema when the form is
 * sent.
 */
export function SpeedReportStart({
  className,
  size = 'default',
}: {
  className?: string;
  size?: 'default' | 'lg';
}) {
  const [error, setError] = useState<string | null>(null);
  const start = useCreateSpeedReport();
  const [, navigate] = useLocation();
  const id = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    // Read from the form, not from state: what was typed before the box's code arrived (it loads
    // after the home page) stays in the input and is what gets sent.
    const url = String(new FormData(event.currentTarget).get('url') ?? '');
    try {
      const { speedReportRequestSchema } = await import('#shared/speed-reports.schemas.ts');
      const parsed = speedReportRequestSchema.safeParse({ url });
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message ?? 'Enter a website address');
        return;
      }
      const created = await start.mutateAsync(parsed.data);
      navigate(paths.speedReport.replace(':id', encodeURIComponent(created.id)));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : 'The test could not be started');
    }
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className={cn('@container flex flex-col gap-2', className)}
    >
      <label htmlFor={id} className="text-sm font-semibold text-ink">
        Your website address
      </label>
      {/* Side by side where there is room (the speed page), stacked in the home card. */}
      <div className="flex flex-col gap-2 @md:flex-row">
        <Input
          id={id}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder={site.exampleHost}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={cn('@md:flex-1', size === 'lg' && 'h-12')}
        />
        <Button type="submit" size={size} disabled={start.isPending}>
          {start.isPending ? 'Starting…' : 'Test my website'}
        </Button>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </form>
  );
}

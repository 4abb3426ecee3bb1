import { Spinner } from '../../../components/ui/spinner.tsx';
import { useShownChoice } from '../../../lib/use-shown-choice.ts';
import { toast } from '../../../components/ui/use-toast.ts';
import { useMarketingMail, useSetMarketingMail } from '../api/marketing-mail.ts';
import { SettingsSection } from './settings-section.tsx';

/** Whether the customer gets our news and offers by e-mail; each change is saved at once. */
export function MarketingMailSection() {
  const marketing = useMarketingMail();
  const change = useSetMarketingMail({
    onSuccess: ({ subscribed }) =>
      toast({
        title: subscribed ? 'You will get our news and offers' : 'You are unsubscribed',
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: 'Not changed', description: error.message, variant: 'destructive' }),
  });
  const subscribed = useShownChoice(marketing.data?.subscribed ?? false);
  return (
    <SettingsSection
      id="marketing-mail"
      title="News and offers"
      description="Mail about your orders, invoices, domains and support tickets always reaches you, as does notice of maintenance that affects your services."
    >
      {marketing.isPending ? (
        <Spinner label="Loading" />
      ) : marketing.isError ? (
        <p role="alert" className="text-sm">
          We could not load this setting: {marketing.error.message}
        </p>
      ) : (
        <label className="flex items-start gap-2 text-sm font-semibold text-ink">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-700"
            // The box shows the choice at once; the saved one when the answer comes (or fails).
            checked={subscribed.value}
            disabled={change.isPending}
            onChange={(event) => {
              subscribed.show(event.target.checked);
              change.mutate(event.target.checked, { onSettled: subscribed.settle });
            }}
          />
          <span>Send me news and offers by e-mail</span>
        </label>
      )}
    </SettingsSection>
  );
}

import { MailWarning } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useResendVerification } from '../api/resend-verification.ts';

/** Shown on the dashboard until the customer has confirmed their e-mail address. */
export function VerificationBanner({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <div
      role="region"
      aria-label="E-mail verification"
      className="flex flex-col gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center"
    >
      <MailWarning className="size-6 shrink-0 text-amber-800" aria-hidden="true" />
      <p className="text-sm text-ink [overflow-wrap:anywhere] sm:flex-1">
        <strong>Please confirm your e-mail address.</strong> We sent a link to {email}. Until you
        confirm it we cannot send you invoices or order updates.
      </p>
      <Button
        size="sm"
        variant="outline"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: ({ message }) =>
              toast({
                title: 'Verification e-mail sent',
                description: message,
                variant: 'success',
              }),
            onError: (error) =>
              toast({
                title: 'Could not send the e-mail',
                description: error.message,
                variant: 'destructive',
              }),
          })
        }
      >
        Send a new link
      </Button>
    </div>
  );
}

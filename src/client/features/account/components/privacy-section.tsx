import { useState } from 'react';
import { useLocation } from 'wouter';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { deleteAccountSchema, type DeleteAccountInput } from '#shared/auth.schemas.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { downloadMyData } from '../api/download-my-data.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { SettingsSection } from './settings-section.tsx';

/** POPIA: a copy of everything we hold, and deletion of the account. */
export function PrivacySection() {
  const [downloading, setDownloading] = useState(false);
  const [, navigate] = useLocation();
  const remove = useDeleteAccount();
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '' },
  });

  async function download() {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch (error) {
      toast({
        title: 'Download failed',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  }

  return (
    <SettingsSection
      id="privacy-heading"
      title="Your data"
      description="Under POPIA you may have a copy of the personal information we hold about you, and ask us to delete it."
    >
      <div className="flex flex-wrap gap-3">
        <Button variant="outline" onClick={() => void download()} disabled={downloading}>
          {downloading ? 'Preparing…' : 'Download my data'}
        </Button>
        <Dialog onOpenChange={(open) => !open && form.reset()}>
          <DialogTrigger asChild>
            <Button variant="destructive">Delete my account</Button>
          </DialogTrigger>
          <DialogContent>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription className="mt-2">
              Your name, e-mail address, phone, company, address and sign-in details are erased and
              you are signed out everywhere. Orders and invoices are kept, without your details,
              because the law requires us to keep financial records. This cannot be undone.
            </DialogDescription>
            <form
              noValidate
              className="mt-5 grid gap-4"
              onSubmit={form.handleSubmit((input) =>
                remove.mutate(input, {
                  onSuccess: ({ message }) => {
                    toast({ title: 'Account deleted', description: message, variant: 'success' });
                    navigate(paths.home);
                  },
                  onError: (error) => showFieldIssues(error, form.setError, 'Account not deleted'),
                }),
              )}
            >
              <FormField
                id="delete-password"
                label="Your password"
                type="password"
                autoComplete="current-password"
                error={form.formState.errors.password?.message}
                {...form.register('password')}
              />
              <Button type="submit" variant="destructive" disabled={remove.isPending}>
                {remove.isPending ? 'Deleting…' : 'Delete my account for good'}
              </Button>
            </form>
          </DialogContent>
        </Dialog>
      </div>
    </SettingsSection>
  );
}

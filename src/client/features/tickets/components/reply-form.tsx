import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ticketReplySchema, type TicketReplyInput } from '#shared/tickets.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { TextareaField } from '../../../components/ui/form-field.tsx';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';

/** The customer's reply under a conversation; `send` resolves once the reply is stored. */
export function ReplyForm({
  send,
  busy,
}: {
  send: (message: string) => Promise<unknown>;
  busy: boolean;
}) {
  const form = useForm<TicketReplyInput>({
    resolver: zodResolver(ticketReplySchema),
    defaultValues: { message: '' },
  });
  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={form.handleSubmit(async ({ message }) => {
        try {
          await send(message);
          form.reset({ message: '' });
        } catch (error) {
          showFieldIssues(error as Error, form.setError, 'Reply not sent');
        }
      })}
    >
      <TextareaField
        id="ticket-reply"
        label="Your reply"
        rows={5}
        error={form.formState.errors.message?.message}
        {...form.register('message')}
      />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Sending…' : 'Send reply'}
        </Button>
      </div>
    </form>
  );
}

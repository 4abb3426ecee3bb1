import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  newTicketSchema,
  ticketCategories,
  ticketCategoryLabels,
  type NewTicketInput,
  type Ticket,
} from '#shared/tickets.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField, TextareaField } from '../../../components/ui/form-field.tsx';
import { FieldError, Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useCreateTicket } from '../api/create-ticket.ts';

/** Opens a ticket (POST /api/tickets): subject, category and the first message. */
export function NewTicketForm({ onCreated }: { onCreated: (ticket: Ticket) => void }) {
  const form = useForm<NewTicketInput>({
    resolver: zodResolver(newTicketSchema),
    defaultValues: { subject: '', category: 'other', message: '' },
  });
  const create = useCreateTicket({
    onSuccess: onCreated,
    onError: (error) => showFieldIssues(error, form.setError, 'Ticket not opened'),
  });
  const { errors } = form.formState;
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((input) => create.mutate(input))}
    >
      <FormField
        id="ticket-subject"
        label="Subject"
        error={errors.subject?.message}
        {...form.register('subject')}
      />
      <div className="grid gap-1.5">
        <Label htmlFor="ticket-category">Category</Label>
        <Select
          id="ticket-category"
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? 'ticket-category-error' : undefined}
          {...form.register('category')}
        >
          {ticketCategories.map((category) => (
            <option key={category} value={category}>
              {ticketCategoryLabels[category]}
            </option>
          ))}
        </Select>
        <FieldError id="ticket-category-error" message={errors.category?.message} />
      </div>
      <TextareaField
        id="ticket-message"
        label="How can we help?"
        rows={6}
        error={errors.message?.message}
        {...form.register('message')}
      />
      <div>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Opening…' : 'Open ticket'}
        </Button>
      </div>
    </form>
  );
}

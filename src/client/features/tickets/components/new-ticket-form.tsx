import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
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
import { HelpArticleSuggestions } from './help-article-suggestions.tsx';
import { encodeFile, pickedFilesProblem, TicketFilePicker } from './ticket-file-picker.tsx';

/** Opens a ticket (POST /api/tickets): subject, category, the first message and its files. */
export function NewTicketForm({ onCreated }: { onCreated: (ticket: Ticket) => void }) {
  const form = useForm<NewTicketInput>({
    resolver: zodResolver(newTicketSchema),
    defaultValues: { subject: '', category: 'other', message: '', files: [] },
  });
  const [files, setFiles] = useState<File[]>([]);
  const [reading, setReading] = useState(false);
  const create = useCreateTicket({
    onSuccess: onCreated,
    onError: (error) => showFieldIssues(error, form.setError, 'Ticket not opened'),
  });
  const { errors } = form.formState;
  const subject = useWatch({ control: form.control, name: 'subject' });
  return (
    <form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit(async (input) => {
        const problem = pickedFilesProblem(files);
        if (problem) return form.setError('files', { message: problem });
        setReading(true);
        try {
          create.mutate({ ...input, files: await Promise.all(files.map(encodeFile)) });
        } finally {
          setReading(false);
        }
      })}
    >
      <FormField
        id="ticket-subject"
        label="Subject"
        error={errors.subject?.message}
        {...form.register('subject')}
      />
      <HelpArticleSuggestions subject={subject} />
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
      <TicketFilePicker
        id="ticket-files"
        files={files}
        error={errors.files?.message}
        onChange={(picked) => {
          form.clearErrors('files');
          setFiles(picked);
          const problem = pickedFilesProblem(picked);
          if (problem) form.setError('files', { message: problem });
        }}
      />
      <div>
        <Button type="submit" disabled={create.isPending || reading}>
          {create.isPending || reading ? 'Opening…' : 'Open ticket'}
        </Button>
      </div>
    </form>
  );
}

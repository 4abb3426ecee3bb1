import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import { CircleCheck } from 'lucide-react';
import type { ContactInput } from '#shared/requests.schemas.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField, TextareaField } from '../../../components/ui/form-field.tsx';
import { lazyZodResolver } from '../../../lib/lazy-zod-resolver.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useSendContactMessage } from '../api/send-contact-message.ts';

const resolver = lazyZodResolver(() =>
  import('#shared/requests.schemas.ts').then((schemas) => schemas.contactSchema),
);

/** The contact form (POST /api/contact), with a hidden field that only bots fill in. */
export function ContactForm() {
  const done = useRef<HTMLDivElement>(null);
  const form = useForm<ContactInput>({
    resolver,
    defaultValues: { name: '', email: '', phone: '', subject: '', message: '', website: '' },
  });
  const send = useSendContactMessage({
    onSuccess: () => setTimeout(() => done.current?.focus(), 0),
    onError: (error) => showFieldIssues(error, form.setError, 'Message not sent'),
  });
  const { errors } = form.formState;
  return (
    <Card id="message" className="scroll-mt-24">
      <h2 className="text-2xl font-bold text-ink">Send us a message</h2>
      {send.isSuccess ? (
        <div ref={done} tabIndex={-1} role="status" className="mt-4 grid gap-3 outline-none">
          <CircleCheck className="size-8 text-green-700" aria-hidden="true" />
          <h3 className="text-lg font-bold text-ink">Message sent</h3>
          <p className="text-muted">{send.data.message}</p>
        </div>
      ) : (
        <form
          noValidate
          className="mt-4 grid gap-4 sm:grid-cols-2"
          onFocus={resolver.preload}
          onSubmit={form.handleSubmit((input) => send.mutate(input))}
        >
          <FormField
            id="contact-name"
            label="Your name"
            autoComplete="name"
            error={errors.name?.message}
            {...form.register('name')}
          />
          <FormField
            id="contact-email"
            label="E-mail"
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <FormField
            id="contact-phone"
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <FormField
            id="contact-subject"
            label="Subject"
            error={errors.subject?.message}
            {...form.register('subject')}
          />
          <div className="sm:col-span-2">
            <TextareaField
              id="contact-message"
              label="Message"
              rows={6}
              error={errors.message?.message}
              {...form.register('message')}
            />
          </div>
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="contact-website">Leave this field empty</label>
            <input
              id="contact-website"
              tabIndex={-1}
              autoComplete="off"
              {...form.register('website')}
            />
          </div>
          <div className="sm:col-span-2">
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send message'}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

import { describe, expect, it } from 'vitest';
import {
  cannedReplyInputSchema,
  fillPlaceholders,
  firstNameOf,
  ticketPlaceholderValues,
  unknownPlaceholders,
} from './canned-replies.schemas.ts';

const values = ticketPlaceholderValues({
  ticket: { name: ' Thandi  Nkosi ', reference: 'T-ABC123', subject: 'Invoice {total} wrong' },
  staffName: 'Sipho Dlamini',
  companyName: 'Sebenza Digital',
});

describe('fillPlaceholders', () => {
  it('fills every placeholder from the ticket, the administrator and the company', () => {
    const body =
      'Hi {customer_first_name} ({customer_name}),\nabout {ticket_reference} "{ticket_subject}":\n' +
      'done. {customer_first_name}, {staff_name} at {company_name}';
    expect(fillPlaceholders(body, values)).toBe(
      'Hi Thandi (Thandi Nkosi),\nabout T-ABC123 "Invoice {total} wrong":\n' +
        'done. Thandi, Sipho Dlamini at Sebenza Digital',
    );
  });

  it('leaves what is not a placeholder as written, and never fills a value a second time', () => {
    expect(fillPlaceholders('{ticket_subject} {unknown} { staff_name } {}', values)).toBe(
      'Invoice {total} wrong {unknown} { staff_name } {}',
    );
    // A subject that reads like a placeholder stays text.
    const tricky = { ...values, ticket_subject: '{staff_name}' };
    expect(fillPlaceholders('Re: {ticket_subject}', tricky)).toBe('Re: {staff_name}');
  });

  it('takes the first word of the name as the first name', () => {
    expect(firstNameOf('Thandi Nkosi')).toBe('Thandi');
    expect(firstNameOf('  Sipho ')).toBe('Sipho');
    expect(firstNameOf('')).toBe('');
  });
});

describe('the canned reply schema', () => {
  it('accepts the listed placeholders and names each unknown one once', () => {
    expect(unknownPlaceholders('{customer_name} {foo} {Staff_Name} {foo}')).toEqual([
      'foo',
      'Staff_Name',
    ]);
    const ok = cannedReplyInputSchema.safeParse({
      title: 'Thanks',
      body: 'Thanks {customer_first_name}, {staff_name}',
    });
    expect(ok.success && ok.data.departmentId).toBeUndefined();
    const bad = cannedReplyInputSchema.safeParse({ title: 'Thanks', body: 'Dear {name}' });
    expect(bad.error?.issues.map((issue) => issue.message)).toEqual([
      'Unknown placeholder {name}: use {customer_first_name}, {customer_name}, {ticket_reference}, {ticket_subject}, {staff_name} or {company_name}',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { placeholdersIn } from '#shared/placeholders.ts';
import { mailTemplateKeys, mailTemplates, variablesOf } from './registry.ts';
import { fillTemplateText, templateTextProblem } from './template-mail.ts';

describe('the mail template registry', () => {
  it.each(mailTemplateKeys)('ships %s in words its own rules accept', (key) => {
    const definition = mailTemplates[key];
    expect(templateTextProblem(key, definition)).toBeNull();
    const known = Object.keys(variablesOf(key));
    for (const text of [definition.action ?? '', definition.footnote ?? '']) {
      expect(placeholdersIn(text).filter((name) => !known.includes(name))).toEqual([]);
    }
    // Every variable is described for the editor.
    for (const [name, variable] of Object.entries(definition.variables)) {
      expect(variable.description, name).not.toBe('');
    }
  });

  it('reads the first block as the greeting and keeps line breaks inside a paragraph', () => {
    expect(
      fillTemplateText(
        { subject: 'Order {ref}\nBcc: x', body: 'Hi {name},\r\n\r\n{lines}\n  \nBye.\n\n\n' },
        { ref: 'SD-1', name: 'Thandi', lines: 'One: R 1\nTwo: R 2' },
      ),
    ).toEqual({
      subject: 'Order SD-1 Bcc: x',
      greeting: 'Hi Thandi,',
      paragraphs: ['One: R 1\nTwo: R 2', 'Bye.'],
    });
  });

  it('refuses a placeholder of another mail and names what a required one protects', () => {
    expect(
      templateTextProblem('verify-email', {
        subject: 'Welcome',
        body: 'Hi {customer_first_name},\n\nYour ticket {ticket_reference}.',
      }),
    ).toMatch(/^Unknown placeholder \{ticket_reference\}: use \{customer_first_name\}, /);
    expect(
      templateTextProblem('bank-transfer-instructions', {
        subject: 'Pay us',
        body: 'Hi {customer_first_name},\n\nPay {amount} with {order_reference}.',
      }),
    ).toBe('Keep {bank_details} in the body: The customer pays into the account it names.');
  });
});

import { describe, expect, it } from 'vitest';
import { replaceCardUrl } from './payfast-method.ts';

describe('PayFast card-update page', () => {
  const token = '2afa4575-5628-051a-d0ed-4e071b56a7b0';
  const back = 'https://www.example.co.za/user/payments';

  it('is /eng/recurring/update/{token} on the payment page’s host, with the return address', () => {
    expect(replaceCardUrl('https://www.payfast.co.za/eng/process', token, back)).toBe(
      `https://www.payfast.co.za/eng/recurring/update/${token}?return=https%3A%2F%2Fwww.example.co.za%2Fuser%2Fpayments`,
    );
    expect(replaceCardUrl('https://sandbox.payfast.co.za/eng/process', token, back)).toMatch(
      /^https:\/\/sandbox\.payfast\.co\.za\/eng\/recurring\/update\//,
    );
    // The simulator's, on whatever host the customer opened the site on.
    expect(replaceCardUrl('/payfast-simulator/eng/process', token, back)).toMatch(
      /^\/payfast-simulator\/eng\/recurring\/update\/2afa4575-/,
    );
  });
});

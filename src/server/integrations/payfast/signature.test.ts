import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { itnSignatureValid, phpUrlencode, signatureString, signRedirectForm } from './signature.ts';

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

describe('phpUrlencode', () => {
  it("encodes like PHP: spaces as +, upper-case escapes, ! ' ( ) * ~ escaped", () => {
    expect(phpUrlencode('Website: Business & more')).toBe('Website%3A+Business+%26+more');
    expect(phpUrlencode("It's (really) *great*! ~ok")).toBe(
      'It%27s+%28really%29+%2Agreat%2A%21+%7Eok',
    );
    expect(phpUrlencode('https://shop.test/return?x=1')).toBe(
      'https%3A%2F%2Fshop.test%2Freturn%3Fx%3D1',
    );
    expect(phpUrlencode('Mthembu-ä')).toBe('Mthembu-%C3%A4');
    expect(phpUrlencode('a.b_c-d')).toBe('a.b_c-d');
  });
});

describe('redirect form signature', () => {
  // Worked by hand from the documented rules: order, empty fields skipped, values trimmed and
  // urlencoded, passphrase appended, MD5 lower-case hex.
  const fields = {
    merchant_id: '10000100',
    merchant_key: '46f0cd694581a',
    return_url: 'https://shop.test/payment/success',
    name_first: ' Thandi ',
    name_last: '',
    m_payment_id: 'PAY-0001',
    amount: '5499.00',
    item_name: 'Order SO-ABC123',
  };
  const expectedString =
    'merchant_id=10000100&merchant_key=46f0cd694581a&return_url=https%3A%2F%2Fshop.test%2Fpayment%2Fsuccess' +
    '&name_first=Thandi&m_payment_id=PAY-0001&amount=5499.00&item_name=Order+SO-ABC123' +
    '&passphrase=jt7NOE43FZPn';

  it('builds the documented string and signs it', () => {
    const signed = signRedirectForm(fields, 'jt7NOE43FZPn');
    expect(signed.map(([k]) => k)).toEqual([
      'merchant_id',
      'merchant_key',
      'return_url',
      'name_first',
      'm_payment_id',
      'amount',
      'item_name',
      'signature',
    ]);
    expect(signatureString(signed.slice(0, -1), 'jt7NOE43FZPn')).toBe(expectedString);
    expect(signed.at(-1)).toEqual(['signature', md5(expectedString)]);
  });

  it('leaves the passphrase out when there is none', () => {
    const signed = signRedirectForm(fields, undefined);
    expect(signed.at(-1)![1]).toBe(md5(expectedString.replace('&passphrase=jt7NOE43FZPn', '')));
  });
});

describe('ITN signature', () => {
  const itn: [string, string][] = [
    ['m_payment_id', 'PAY-0001'],
    ['pf_payment_id', '1089250'],
    ['payment_status', 'COMPLETE'],
    ['item_name', 'Order SO-ABC123'],
    ['item_description', ''],
    ['amount_gross', '5499.00'],
    ['amount_fee', '-177.97'],
    ['amount_net', '5321.03'],
    ['name_first', 'Thandi'],
    ['merchant_id', '10000100'],
  ];
  const signed = (passphrase: string) =>
    [...itn, ['signature', md5(signatureString(itn, passphrase))]] as [string, string][];

  it('accepts the signature PayFast computes over the fields in the order received', () => {
    expect(itnSignatureValid(signed('jt7NOE43FZPn'), 'jt7NOE43FZPn')).toBe(true);
  });

  it('refuses a changed field, a wrong passphrase or a missing signature', () => {
    const tampered = signed('jt7NOE43FZPn').map(([k, v]) =>
      k === 'amount_gross' ? ([k, '1.00'] as [string, string]) : ([k, v] as [string, string]),
    );
    expect(itnSignatureValid(tampered, 'jt7NOE43FZPn')).toBe(false);
    expect(itnSignatureValid(signed('jt7NOE43FZPn'), 'another')).toBe(false);
    expect(itnSignatureValid(itn, 'jt7NOE43FZPn')).toBe(false);
  });
});

import { payfastDocsEftRefundBody } from '../../../../tests/helpers/payfast-vectors.ts';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiSignature } from './api.ts';
import {
  itnParamString,
  itnSignature,
  itnSignatureValid,
  phpUrlencode,
  redirectFormSignatureValid,
  signatureString,
  signRedirectForm,
} from './signature.ts';

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

  it('is checked like PayFast’s payment page: its field order, empty fields left out', () => {
    const posted = Object.fromEntries(signRedirectForm(fields, 'jt7NOE43FZPn'));
    expect(redirectFormSignatureValid(posted, 'jt7NOE43FZPn')).toBe(true);
    expect(redirectFormSignatureValid({ ...posted, name_last: '' }, 'jt7NOE43FZPn')).toBe(true);
    expect(redirectFormSignatureValid({ ...posted, amount: '5498.99' }, 'jt7NOE43FZPn')).toBe(
      false,
    );
    expect(redirectFormSignatureValid(posted, 'another')).toBe(false);
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
  // Written out by hand: every field in the order received, the empty item_description included.
  const itnString =
    'm_payment_id=PAY-0001&pf_payment_id=1089250&payment_status=COMPLETE' +
    '&item_name=Order+SO-ABC123&item_description=&amount_gross=5499.00&amount_fee=-177.97' +
    '&amount_net=5321.03&name_first=Thandi&merchant_id=10000100';
  const signed = (passphrase: string) =>
    [...itn, ['signature', md5(`${itnString}&passphrase=${passphrase}`)]] as [string, string][];

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

/** An ITN body as it comes over the wire, as ordered fields (what the notify route stores). */
const wireFields = (body: string) => [...new URLSearchParams(body)];
const emptyCustomFields =
  '&custom_str1=&custom_str2=&custom_str3=&custom_str4=&custom_str5=' +
  '&custom_int1=&custom_int2=&custom_int3=&custom_int4=&custom_int5=';

describe('ITNs published by PayFast and by PayFast libraries', () => {
  // PayFast's own PHP SDK, github.com/PayFast/payfast-php-sdk,
  // tests/PaymentIntegrations/NotificationTest.php (setUp; no passphrase: testSignatureCheck
  // checks it without one, testServerConfirmationCheck had the sandbox answer VALID to it).
  const sdkItn: [string, string][] = [
    ['m_payment_id', '1234'],
    ['pf_payment_id', '1221576'],
    ['payment_status', 'COMPLETE'],
    ['item_name', 'Order#123'],
    ['item_description', ''],
    ['amount_gross', '10.00'],
    ['amount_fee', '-0.23'],
    ['amount_net', '9.77'],
    ['custom_str1', ''],
    ['custom_str2', ''],
    ['custom_str3', ''],
    ['custom_str4', ''],
    ['custom_str5', ''],
    ['custom_int1', ''],
    ['custom_int2', ''],
    ['custom_int3', ''],
    ['custom_int4', ''],
    ['custom_int5', ''],
    ['name_first', 'First Name'],
    ['name_last', 'Last Name'],
    ['email_address', 'test@test.com'],
    ['merchant_id', '10000100'],
    ['signature', '93db1c63dc397361ab6b05e36fd73125'],
  ];

  it('accepts PayFast’s SDK test ITN, signed over its empty fields too', () => {
    expect(itnParamString(sdkItn)).toBe(
      'm_payment_id=1234&pf_payment_id=1221576&payment_status=COMPLETE&item_name=Order%23123' +
        '&item_description=&amount_gross=10.00&amount_fee=-0.23&amount_net=9.77' +
        emptyCustomFields +
        '&name_first=First+Name&name_last=Last+Name&email_address=test%40test.com' +
        '&merchant_id=10000100',
    );
    expect(itnSignatureValid(sdkItn, undefined)).toBe(true);
    // What the old check did (empty fields left out) cannot match PayFast's signature.
    expect(md5(signatureString(sdkItn.slice(0, -1), undefined))).not.toBe(sdkItn.at(-1)![1]);
  });

  it('refuses PayFast’s SDK test ITN with amount_gross changed (its testInvalidSignatureCheck)', () => {
    const changed = sdkItn.map(([key, value]): [string, string] =>
      key === 'amount_gross' ? [key, '11.00'] : [key, value],
    );
    expect(itnSignatureValid(changed, undefined)).toBe(false);
    expect(itnSignatureValid(sdkItn, 'jt7NOE43FZPn')).toBe(false);
  });

  // Raw ITN bodies of PayFast's sandbox (merchant 10000100, buyer sbtu01@payfast.co.za), with and
  // without the passphrase "passphrase": github.com/activemerchant/offsite_payments,
  // test/unit/integrations/pay_fast/pay_fast_notification_test.rb (http_raw_data_*).
  const sandboxBody = (signature: string) =>
    'm_payment_id=&pf_payment_id=46591&payment_status=COMPLETE&item_name=Name&item_description=' +
    '&amount_gross=123.00&amount_fee=-2.80&amount_net=120.20' +
    emptyCustomFields +
    '&name_first=Test&name_last=User+01&email_address=sbtu01%40payfast.co.za' +
    `&merchant_id=10000100&signature=${signature}`;

  it('accepts sandbox ITN bodies as posted, with and without a passphrase', () => {
    const plain = sandboxBody('bae21e96d4dc7bf36bd1a6bb1a103f5f');
    const salted = sandboxBody('0edb1098953a2de3bba9f4b38684b573');
    expect(itnSignatureValid(wireFields(plain), undefined)).toBe(true);
    expect(itnSignatureValid(wireFields(salted), 'passphrase')).toBe(true);
    expect(itnSignatureValid(wireFields(salted), undefined)).toBe(false);
    expect(itnSignature(wireFields(salted), 'passphrase')).toBe('0edb1098953a2de3bba9f4b38684b573');
    // The string posted back to the validate endpoint is the body as PayFast sent it, up to the
    // signature: nothing dropped, nothing re-encoded differently.
    expect(itnParamString(wireFields(plain))).toBe(plain.slice(0, plain.indexOf('&signature=')));
  });

  // A sandbox ITN for merchant 10000103 with an empty m_payment_id:
  // github.com/thephpleague/omnipay-payfast, tests/Message/CompletePurchaseRequestTest.php.
  it('accepts a sandbox ITN whose first field is empty', () => {
    const body =
      'm_payment_id=&pf_payment_id=61493&payment_status=COMPLETE&item_name=fjdksl' +
      '&item_description=&amount_gross=12.00&amount_fee=-0.27&amount_net=11.73' +
      emptyCustomFields +
      '&name_first=Test&name_last=User+01&email_address=sbtu01%40payfast.co.za' +
      '&merchant_id=10000103&signature=92ac916145511e9050383b008729e162';
    expect(itnSignatureValid(wireFields(body), undefined)).toBe(true);
  });

  it('signs values untouched: spaces around a value count, and so do fields PayFast adds', () => {
    const fields: [string, string][] = [
      ['m_payment_id', 'PAY-0002'],
      ['item_name', ' Order #2 '],
      ['custom_str1', ''],
      ['token', 'dc0521d3-55fe-269b-fa00-b647310d760f'],
      ['billing_date', '2026-01-31'],
    ];
    const expected =
      'm_payment_id=PAY-0002&item_name=+Order+%232+&custom_str1=' +
      '&token=dc0521d3-55fe-269b-fa00-b647310d760f&billing_date=2026-01-31';
    expect(itnParamString(fields)).toBe(expected);
    const posted: [string, string][] = [
      ...fields,
      ['signature', md5(`${expected}&passphrase=jt7NOE43FZPn`)],
    ];
    expect(itnSignatureValid(posted, 'jt7NOE43FZPn')).toBe(true);
    const trimmed = posted.map(([key, value]): [string, string] =>
      key === 'item_name' ? [key, value.trim()] : [key, value],
    );
    expect(itnSignatureValid(trimmed, 'jt7NOE43FZPn')).toBe(false);
  });

  it('stops at the signature, as PayFast’s own check does', () => {
    const posted: [string, string][] = [
      ['m_payment_id', 'PAY-0003'],
      ['signature', md5('m_payment_id=PAY-0003')],
      ['after', 'ignored'],
    ];
    expect(itnParamString(posted)).toBe('m_payment_id=PAY-0003');
    expect(itnSignatureValid(posted, undefined)).toBe(true);
    expect(itnSignatureValid(posted.slice(0, 1), undefined)).toBe(false);
  });
});

describe('REST API signatures as PayFast’s PHP SDK makes them', () => {
  // Recorded from PayFast's own SDK (github.com/Payfast/payfast-php-sdk 1.1.6,
  // lib/Request.php `sendApiRequest` signing with lib/Auth.php `generateApiSignature`), run with
  // testMode on against a recording server: what it sent on the wire. The merchants and
  // passphrases are those of its tests (tests/Services/RefundsTest.php: 10026755 /
  // "test_sandbox", id 1124464; tests/Services/SubscriptionsTest.php: 10018867 / "2uU_k5q_vRS_",
  // token 2afa4575-…); the refund body is PayFast's API docs' "EFT request example"
  // (developers.payfast.co.za/api, Create a refund). The timestamp is the SDK's own
  // (`date("Y-m-d\TH:i:sO")`, SAST).
  const timestamp = '2026-11-26T21:16:15+0200';
  const refundsMerchant = { 'merchant-id': '10026755', version: 'v1', timestamp };
  const recorded = {
    // GET /refunds/query/1124464?testing=true — and the same signature without testing (live).
    query: 'fb16da3bc98055ad6c299cddcff306ac',
    // POST /refunds/1124464?testing=true with the JSON body below.
    eftRefund: '137cb29a764d9d98bcf42cd07536aa70',
    // PUT /subscriptions/2afa4575-5628-051a-d0ed-4e071b56a7b0/cancel?testing=true, no body.
    cancel: '16377a7a08c818bcfdf9b86b471c3946',
    // GET /transactions/history?from=2020-01-01&to=2020-01-31&testing=true (merchant 10018867).
    history: '57f420e6509c6a98d36ed582d75b77f9',
  };
  const eftRefundBody = payfastDocsEftRefundBody;

  it('signs headers and body with the passphrase among them; the sandbox’s testing=true is not signed', () => {
    expect(apiSignature(refundsMerchant, 'test_sandbox')).toBe(recorded.query);
    expect(apiSignature({ ...refundsMerchant, ...eftRefundBody }, 'test_sandbox')).toBe(
      recorded.eftRefund,
    );
    expect(
      apiSignature({ 'merchant-id': '10018867', version: 'v1', timestamp }, '2uU_k5q_vRS_'),
    ).toBe(recorded.cancel);
    // Signing testing=true too (what this shop did before) gives a signature PayFast refuses.
    expect(apiSignature({ ...refundsMerchant, testing: 'true' }, 'test_sandbox')).not.toBe(
      recorded.query,
    );
  });

  it('signs the query parameters a call has, other than testing', () => {
    const fields = { 'merchant-id': '10018867', version: 'v1', timestamp };
    expect(apiSignature({ ...fields, from: '2020-01-01', to: '2020-01-31' }, '2uU_k5q_vRS_')).toBe(
      recorded.history,
    );
    expect(apiSignature(fields, '2uU_k5q_vRS_')).not.toBe(recorded.history);
  });

  it('is the MD5 of the sorted, PHP-urlencoded string, written out by hand', () => {
    expect(
      md5(
        'merchant-id=10026755&passphrase=test_sandbox' +
          '&timestamp=2026-11-26T21%3A16%3A15%2B0200&version=v1',
      ),
    ).toBe(recorded.query);
  });
});

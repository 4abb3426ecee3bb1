import { useState } from 'react';
import { useLocation } from 'wouter';
import { normaliseDomain } from '#shared/domain-name.ts';
import { formatZAR, randToCents } from '#shared/money.ts';
import { paths } from '#shared/routes.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { useTldPrices } from '../api/get-tld-prices.ts';
import { saveSelectedTransfer } from '../selected-domain.ts';
import { vat } from '../../../lib/site.ts';

/**
 * "Transfer a domain you own": the name and the EPP/auth code from its current registrar, priced
 * from the TLD table (the transfer adds a year); the registrant comes next, on the registration
 * page, and the checkout prices the line again.
 */
export function TransferStart() {
  const [, navigate] = useLocation();
  const prices = useTldPrices();
  const [domain, setDomain] = useState('');
  const [authCode, setAuthCode] = useState('');
  const [errors, setErrors] = useState<{ domain?: string; authCode?: string }>({});
  const endings = prices.data?.map((p) => p.tld) ?? [];
  const normalised = domain.trim() && endings.length ? normaliseDomain(domain, endings) : null;
  const price =
    normalised?.ok === true ? prices.data!.find((p) => p.tld === normalised.tld) : undefined;

  const submit = async () => {
    const { domainTransferSchema } = await import('#shared/domain-transfer.schemas.ts');
    const parsed = domainTransferSchema.safeParse({ domain, authCode });
    const issues: typeof errors = {};
    for (const issue of parsed.error?.issues ?? []) {
      issues[issue.path[0] as 'domain' | 'authCode'] ??= issue.message;
    }
    if (normalised && !normalised.ok) issues.domain ??= normalised.error;
    if (!price)
      issues.domain ??= 'Enter the domain with an ending we sell, e.g. yourbusiness.co.za';
    setErrors(issues);
    if (Object.keys(issues).length > 0 || !normalised?.ok || !price || !parsed.success) return;
    saveSelectedTransfer({
      domain: normalised.domain,
      price: price.transfer,
      authCode: parsed.data.authCode,
    });
    navigate(paths.domainRegistration);
  };

  return (
    <form
      noValidate
      className="grid gap-4 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <FormField
        id="transfer-domain"
        label="Domain you own"
        placeholder="yourbusiness.co.za"
        autoComplete="off"
        value={domain}
        error={errors.domain}
        onChange={(event) => setDomain(event.target.value)}
      />
      <FormField
        id="transfer-code"
        label="Auth code (EPP code)"
        autoComplete="off"
        value={authCode}
        error={errors.authCode}
        onChange={(event) => setAuthCode(event.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2">
        <p className="text-sm text-muted">
          {price
            ? `${formatZAR(randToCents(price.transfer))}${vat.incl}, and a year is added to the registration.`
            : 'Ask your current registrar for the auth code and to unlock the domain.'}
        </p>
        <Button type="submit">Transfer to us</Button>
      </div>
    </form>
  );
}

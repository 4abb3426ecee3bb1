import { useState } from 'react';
import {
  dnsTemplates,
  mailTemplateIds,
  type DnsTemplateId,
  type Nameservers,
} from '#shared/dns.schemas.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextareaField } from '../../../components/ui/form-field.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { useApplyDnsTemplate } from '../api/apply-dns-template.ts';
import { useSetNameservers } from '../api/set-nameservers.ts';

/**
 * Where the domain's DNS is served: our name servers (the records on this page apply) or the
 * customer's own, one per line; and the one-click mail set-ups, which need ours.
 */
export function DomainDelegation({
  domain,
  nameservers,
}: {
  domain: string;
  nameservers: Nameservers;
}) {
  const [use, setUse] = useState<'ours' | 'custom'>(nameservers.ours ? 'ours' : 'custom');
  const [own, setOwn] = useState(nameservers.ours ? '' : nameservers.nameservers.join('\n'));
  const [error, setError] = useState<string | undefined>();
  const save = useSetNameservers({
    onSuccess: (answer) => {
      setError(undefined);
      toast({
        title: 'Name servers saved',
        description: `${domain} now uses ${answer.nameservers.join(', ')}. The change can take up to 48 hours to reach everyone.`,
        variant: 'success',
      });
    },
    onError: (failure) => {
      setError(failure.message);
      toast({
        title: 'Name servers not saved',
        description: failure.message,
        variant: 'destructive',
      });
    },
  });
  const template = useApplyDnsTemplate({
    onSuccess: (_records, { template: id }) =>
      toast({
        title: `${dnsTemplates[id].label} set up`,
        description:
          id === 'our-hosting'
            ? `${domain} and www.${domain} now point to the website we host.`
            : `The MX and SPF records of ${domain} now point to it.`,
        variant: 'success',
      }),
    onError: (failure, { template: id }) =>
      toast({
        title: id === 'our-hosting' ? 'Website not set up' : 'Mail not set up',
        description: failure.message,
        variant: 'destructive',
      }),
  });
  const setUp = (templateId: DnsTemplateId, effect: string) => (
    <ConfirmDialog
      key={templateId}
      trigger={
        <Button type="button" size="sm" variant="outline" disabled={template.isPending}>
          Set up {dnsTemplates[templateId].label}
        </Button>
      }
      title={`Set up ${dnsTemplates[templateId].label}?`}
      confirmLabel="Set it up"
      onConfirm={() => template.mutate({ domain, template: templateId })}
      pending={template.isPending}
    >
      {effect}
    </ConfirmDialog>
  );
  const id = (part: string) => `${domain}-${part}`;

  return (
    <div className="grid gap-4">
      <form
        className="grid gap-3"
        aria-labelledby={id('ns-title')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({
            domain,
            input:
              use === 'ours'
                ? { use: 'ours' }
                : {
                    use: 'custom',
                    nameservers: own
                      .split(/[\s,]+/)
                      .map((host) => host.trim())
                      .filter(Boolean),
                  },
          });
        }}
      >
        <h3 id={id('ns-title')} className="font-bold text-ink">
          Name servers
        </h3>
        <p className="text-sm text-muted">
          Now:{' '}
          <span className="font-mono break-all text-ink">{nameservers.nameservers.join(', ')}</span>
          {nameservers.ours ? ' (ours: the DNS records below apply)' : ' (your own)'}
        </p>
        <div className="grid gap-2" role="radiogroup" aria-label="Name servers to use">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={id('ns-use')}
              className="size-4 accent-brand-700"
              checked={use === 'ours'}
              onChange={() => setUse('ours')}
            />
            Ours: we serve the DNS records on this page
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={id('ns-use')}
              className="size-4 accent-brand-700"
              checked={use === 'custom'}
              onChange={() => setUse('custom')}
            />
            My own (another host serves the DNS)
          </label>
        </div>
        {use === 'custom' && (
          <TextareaField
            id={id('ns-list')}
            label="Your name servers, one per line"
            hint="At least two, e.g. ns1.example.net"
            rows={3}
            value={own}
            error={error}
            onChange={(event) => setOwn(event.target.value)}
          />
        )}
        <div>
          <Button type="submit" size="sm" disabled={save.isPending}>
            Save name servers
          </Button>
        </div>
      </form>
      {nameservers.ours && nameservers.websiteHosting && (
        <div className="grid gap-2">
          <h3 className="font-bold text-ink">Website</h3>
          <p className="text-sm text-muted">
            Point {domain} and www.{domain} to the website we host for you: its address records and
            www replace the ones there now.
          </p>
          <div className="flex flex-wrap gap-2">
            {setUp(
              'our-hosting',
              `Visitors to ${domain} and www.${domain} will reach the website we host: the address records and www there now are replaced.`,
            )}
          </div>
        </div>
      )}
      {nameservers.ours && (
        <div className="grid gap-2">
          <h3 className="font-bold text-ink">Business e-mail</h3>
          <p className="text-sm text-muted">
            Point {domain}&apos;s mail to your provider in one step: its MX and SPF records replace
            the ones there now.
          </p>
          <div className="flex flex-wrap gap-2">
            {mailTemplateIds.map((templateId) =>
              setUp(
                templateId,
                `Mail to ${domain} will go to ${dnsTemplates[templateId].label.replace(' mail', '')}: its MX and SPF records replace the domain's current ones.`,
              ),
            )}
          </div>
        </div>
      )}
    </div>
  );
}

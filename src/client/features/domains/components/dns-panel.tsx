import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import {
  dnsRecordInputSchema,
  dnsRecordTypes,
  type DnsRecord,
  type DnsRecordInput,
  type DnsRecordValues,
} from '#shared/dns.schemas.ts';
import { Select } from '../../../components/ui/select.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { showFieldIssues } from '../../../lib/show-field-issues.ts';
import { useCreateDnsRecord } from '../api/create-dns-record.ts';
import { useDeleteDnsRecord } from '../api/delete-dns-record.ts';
import { useDnsRecords } from '../api/get-dns-records.ts';
import { useNameservers } from '../api/get-nameservers.ts';
import { useUpdateDnsRecord } from '../api/update-dns-record.ts';
import { DomainDelegation } from './domain-delegation.tsx';

const emptyRecord: DnsRecordInput = { type: 'A', name: '', content: '', ttl: 3600 };

const placeholders: Record<string, string> = {
  A: '196.22.132.10',
  AAAA: '2c0f:f4c0::1',
  CNAME: 'shops.example.com',
  MX: 'mail.example.co.za',
  TXT: 'v=spf1 include:_spf.example.com ~all',
};

/** The DNS records of one active domain: list, add, delete. */
export function DnsPanel({ domain }: { domain: string }) {
  const records = useDnsRecords(domain);
  const nameservers = useNameservers(domain);
  const [editing, setEditing] = useState<DnsRecord | null>(null);
  const form = useForm<DnsRecordInput, unknown, DnsRecordValues>({
    resolver: zodResolver(dnsRecordInputSchema),
    defaultValues: emptyRecord,
  });
  const type = useWatch({ control: form.control, name: 'type' });
  const saved = (title: string) => ({
    onSuccess: (record: DnsRecord) => {
      setEditing(null);
      form.reset({ type: record.type as DnsRecordInput['type'], name: '', content: '', ttl: 3600 });
      toast({
        title,
        description: `${record.type} ${record.name || '@'} → ${record.content}`,
        variant: 'success',
      });
    },
    onError: (error: Error) => showFieldIssues(error, form.setError, 'Record not saved'),
  });
  const create = useCreateDnsRecord(saved('Record added'));
  const update = useUpdateDnsRecord(saved('Record saved'));
  const save = (record: DnsRecordValues) =>
    editing ? update.mutate({ domain, id: editing.id, record }) : create.mutate({ domain, record });
  const remove = useDeleteDnsRecord({
    onSuccess: () =>
      toast({
        title: 'Record deleted',
        description: `The change reaches the internet within the record's TTL.`,
        variant: 'success',
      }),
    onError: (error) =>
      toast({ title: 'Record not deleted', description: error.message, variant: 'destructive' }),
  });
  const { errors } = form.formState;

  return (
    <section
      aria-label={`DNS records of ${domain}`}
      className="mt-4 grid gap-4 border-t border-line pt-4"
    >
      {nameservers.data && <DomainDelegation domain={domain} nameservers={nameservers.data} />}
      <h3 className="font-bold text-ink">DNS records</h3>
      {records.isPending ? (
        <Spinner label="Loading DNS records" />
      ) : records.isError ? (
        <p role="alert">{records.error.message}</p>
      ) : records.data.length === 0 ? (
        <p className="text-sm text-muted">
          No records yet. Add an A record to point the domain at your website.
        </p>
      ) : (
        <div
          className="overflow-x-auto"
          role="region"
          aria-label={`Records of ${domain}`}
          tabIndex={0}
          data-scrolls
        >
          <table className="w-full text-left text-sm">
            <thead className="text-muted">
              <tr>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Type
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Name
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  Value
                </th>
                <th scope="col" className="py-1 pr-3 font-semibold">
                  TTL
                </th>
                <th scope="col" className="py-1">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {records.data.map((record) => (
                <tr key={record.id}>
                  <td className="py-1 pr-3 font-mono">{record.type}</td>
                  <td className="py-1 pr-3 font-mono">{record.name || '@'}</td>
                  <td className="py-1 pr-3 font-mono break-all">
                    {record.priority !== null ? `${record.priority} ` : ''}
                    {record.content}
                  </td>
                  <td className="py-1 pr-3 tabular-nums">{record.ttl}</td>
                  <td className="py-1 text-right whitespace-nowrap">
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Edit ${record.type} ${record.name || '@'}`}
                      onClick={() => {
                        setEditing(record);
                        form.reset({
                          type: record.type as DnsRecordInput['type'],
                          name: record.name,
                          content: record.content,
                          ttl: record.ttl,
                          priority: record.priority ?? undefined,
                        });
                      }}
                    >
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${record.type} ${record.name || '@'}`}
                      disabled={remove.isPending}
                      onClick={() => remove.mutate({ domain, id: record.id })}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <form
        noValidate
        className="grid gap-3 sm:grid-cols-[7rem_1fr_2fr_6rem] sm:items-start"
        onSubmit={form.handleSubmit(save)}
        aria-label={editing ? `Edit a DNS record of ${domain}` : `Add a DNS record to ${domain}`}
      >
        <div className="grid gap-1.5">
          <Label htmlFor={`${domain}-type`}>Type</Label>
          <Select id={`${domain}-type`} {...form.register('type')}>
            {dnsRecordTypes.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </Select>
        </div>
        <FormField
          id={`${domain}-name`}
          label="Name"
          placeholder="@ or www"
          error={errors.name?.message}
          {...form.register('name')}
        />
        <FormField
          id={`${domain}-content`}
          label="Value"
          placeholder={placeholders[type] ?? ''}
          error={errors.content?.message}
          {...form.register('content')}
        />
        {type === 'MX' ? (
          <FormField
            key="priority"
            id={`${domain}-priority`}
            label="Priority"
            inputMode="numeric"
            placeholder="10"
            error={errors.priority?.message}
            {...form.register('priority')}
          />
        ) : (
          <FormField
            key="ttl"
            id={`${domain}-ttl`}
            label="TTL (s)"
            inputMode="numeric"
            error={errors.ttl?.message}
            {...form.register('ttl')}
          />
        )}
        <div className="flex gap-2 sm:col-span-4">
          <Button type="submit" size="sm" disabled={create.isPending || update.isPending}>
            {editing ? 'Save record' : 'Add record'}
          </Button>
          {editing && (
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() => {
                setEditing(null);
                form.reset(emptyRecord);
              }}
            >
              Cancel
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}

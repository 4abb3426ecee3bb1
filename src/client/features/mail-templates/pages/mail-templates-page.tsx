import { Link } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import { adminMailTemplatePath } from '#shared/routes.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useMailTemplates } from '../api/get-mail-templates.ts';
import { useMailLayout } from '../api/mail-layout.ts';
import { MailLayoutForm } from '../components/mail-layout-form.tsx';

/**
 * /admin/mail-templates (owners): the mails whose words the owner may change, and the one look
 * every mail shares.
 */
export function MailTemplatesPage() {
  const templates = useMailTemplates();
  const layout = useMailLayout();
  return (
    <div className="grid gap-8">
      <p className="max-w-3xl text-sm text-muted">
        Reword the mails customers get most, preview them with sample values and send yourself a
        test. A change is used from the next mail on; what the law and the site need stays in (the
        ticket number in a ticket mail’s subject, the invoice in a receipt).
      </p>
      <section aria-labelledby="mail-templates-title" className="grid gap-4">
        <h2 id="mail-templates-title" className="text-lg font-bold text-ink">
          Mails you can reword
        </h2>
        <QueryState query={templates} label="the mail templates">
          {(list) => (
            <ul className="grid gap-3 md:grid-cols-2">
              {list.map((template) => (
                <li key={template.key}>
                  <Card padding="tight" className="grid h-full gap-2 sm:p-5">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <Link
                        href={adminMailTemplatePath(template.key)}
                        className="font-bold text-brand-700 hover:underline"
                      >
                        {template.name}
                      </Link>
                      <StatusBadge status={template.edited ? 'active' : 'shipped'}>
                        {template.edited && template.updatedAt
                          ? `Edited ${formatDate(template.updatedAt)}`
                          : 'Shipped text'}
                      </StatusBadge>
                    </div>
                    <p className="text-sm text-muted">
                      To {template.audience === 'customer' ? 'the customer' : 'the team'}.{' '}
                      {template.sentWhen}
                    </p>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </section>
      <Card padding="tight" className="sm:p-6">
        <QueryState query={layout} label="the mail layout">
          {(current) => <MailLayoutForm layout={current} />}
        </QueryState>
      </Card>
    </div>
  );
}

import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import {
  customerDocumentPurposes,
  registrationStageLabels,
  registrationStageNotes,
  type RegistrationCase,
} from '#shared/registrations.schemas.ts';
import { paths } from '#shared/routes.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import {
  registrationFileUrl,
  useMyRegistration,
  useUploadRegistrationDocument,
} from '../api/my-registrations.ts';
import { DocumentUpload, RegistrationDocuments } from '../components/registration-documents.tsx';
import { RegistrationBadge, RegistrationStages } from '../components/registration-stages.tsx';

/** What the team asks for, and what the customer sent (deleted once the case is complete). */
function DocumentsAsked({ registration }: { registration: RegistrationCase }) {
  const [error, setError] = useState<string | undefined>();
  const upload = useUploadRegistrationDocument({
    onSuccess: (_saved, { file }) => {
      setError(undefined);
      toast({ title: 'Document uploaded', description: file.name, variant: 'success' });
    },
    onError: (failure) => setError(failure.message),
  });
  const sent = registration.files.filter((file) => file.uploadedBy === 'customer');
  return (
    <Card className="grid gap-3">
      <h2 className="text-lg font-bold text-ink">Documents we need</h2>
      {registration.completedAt ? (
        <p className="text-sm text-muted">
          Your registration is complete. As our privacy policy says, the ID copies and proof of
          address you sent were deleted once we no longer needed them.
        </p>
      ) : (
        <>
          <ul className="list-disc pl-5 text-sm text-ink">
            <li>A certified copy of each director’s ID (certified in the last 3 months).</li>
            <li>
              A proof of address for the company’s registered office, not older than 3 months.
            </li>
          </ul>
          <p className="text-sm text-muted">
            We keep them only until your registration is complete, then delete them.
          </p>
          <RegistrationDocuments
            files={sent}
            hrefOf={(file) => registrationFileUrl(registration.reference, file.id)}
          />
          <DocumentUpload
            id="registration-document"
            purposes={customerDocumentPurposes}
            pending={upload.isPending}
            error={error}
            accept=".pdf,.png,.jpg,.jpeg"
            types="PDF documents or PNG and JPEG images"
            onUpload={(purpose, file) =>
              upload.mutate({ reference: registration.reference, purpose, file })
            }
          />
        </>
      )}
    </Card>
  );
}

/** /user/registrations/{reference}: one of the customer's company registrations. */
export function RegistrationPage() {
  const { reference = '' } = useParams<{ reference: string }>();
  const query = useMyRegistration(reference);
  return (
    <>
      <Link
        href={paths.userRegistrations}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← All registrations
      </Link>
      <div className="mt-4">
        <QueryState query={query} label={`registration ${reference}`}>
          {(registration) => {
            const issued = registration.files.filter((file) => file.uploadedBy === 'staff');
            const last = [...registration.stages].reverse().find((s) => registration.done[s]);
            return (
              <div className="grid gap-6">
                <div>
                  <h1 className="text-3xl font-extrabold [overflow-wrap:anywhere] text-ink">
                    {registration.companyName}
                  </h1>
                  <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
                    <span className="font-mono font-semibold text-ink">
                      {registration.reference}
                    </span>
                    ·<span>{registration.title}</span>·
                    <span>started {formatDate(registration.createdAt)}</span>
                    <RegistrationBadge registration={registration} />
                  </p>
                </div>
                <section aria-labelledby="stage-heading" className="grid gap-3">
                  <h2 id="stage-heading" className="text-lg font-bold text-ink">
                    {registration.stage
                      ? `Now: ${registrationStageLabels[registration.stage]}`
                      : 'Your company is registered'}
                  </h2>
                  {last && <p className="text-sm text-ink">{registrationStageNotes[last]}</p>}
                  <RegistrationStages registration={registration} />
                </section>
                <div className="grid items-start gap-6 lg:grid-cols-2">
                  <Card className="grid content-start gap-3">
                    <h2 className="text-lg font-bold text-ink">From CIPC and SARS</h2>
                    {issued.length === 0 ? (
                      <p className="text-sm text-muted">
                        The registration certificate and the documents CIPC and SARS issue appear
                        here; we e-mail you when one arrives.
                      </p>
                    ) : (
                      <RegistrationDocuments
                        files={issued}
                        hrefOf={(file) => registrationFileUrl(registration.reference, file.id)}
                      />
                    )}
                    <h3 className="font-bold text-ink">Names</h3>
                    <ol className="list-decimal pl-5 text-sm text-ink">
                      {registration.proposedNames.map((name) => (
                        <li key={name} className="[overflow-wrap:anywhere]">
                          {name}
                          {name === registration.approvedName && (
                            <span className="font-semibold text-green-900">
                              {' '}
                              · approved by CIPC
                            </span>
                          )}
                        </li>
                      ))}
                    </ol>
                    {registration.approvedName &&
                      !registration.proposedNames.includes(registration.approvedName) && (
                        <p className="text-sm [overflow-wrap:anywhere] text-ink">
                          <span className="font-semibold text-green-900">Approved by CIPC:</span>{' '}
                          {registration.approvedName}, a variant of the names you proposed.
                        </p>
                      )}
                  </Card>
                  <DocumentsAsked registration={registration} />
                </div>
              </div>
            );
          }}
        </QueryState>
      </div>
    </>
  );
}

import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { formatDate } from '#shared/dates.ts';
import {
  registrationChecklists,
  registrationStageLabels,
  teamDocumentPurposes,
  type AdminRegistrationCase,
  type RegistrationStage,
} from '#shared/registrations.schemas.ts';
import { paths } from '#shared/routes.ts';
import { QueryState } from '../../../components/query-state.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormField } from '../../../components/ui/form-field.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import {
  adminRegistrationFileUrl,
  useAdminRegistration,
  useCompleteRegistrationStage,
  useDeliverRegistrationDocument,
  useSetRegistrationChecklist,
} from '../api/admin-registrations.ts';
import { DocumentUpload, RegistrationDocuments } from '../components/registration-documents.tsx';
import { RegistrationBadge, RegistrationStages } from '../components/registration-stages.tsx';

const failed = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' });

/** The select's value for "a name the customer did not propose". */
const variantChoice = '\u0000variant';

/** The current stage's checklist (saved at each tick) and its "done" button. */
function StageChecklist({
  registration,
  stage,
}: {
  registration: AdminRegistrationCase;
  stage: RegistrationStage;
}) {
  const ticked = registration.checklist[stage] ?? [];
  const items = registrationChecklists[stage];
  const [approvedName, setApprovedName] = useState(registration.proposedNames[0] ?? '');
  // CIPC may approve a variant of the proposed names: the team types it instead.
  const [variant, setVariant] = useState('');
  const isVariant = approvedName === variantChoice;
  const [registrationNumber, setRegistrationNumber] = useState('');
  const tick = useSetRegistrationChecklist({ onError: failed('Checklist not saved') });
  const complete = useCompleteRegistrationStage({
    onSuccess: () =>
      toast({
        title: `${registrationStageLabels[stage]} done`,
        description: 'The customer is e-mailed.',
        variant: 'success',
      }),
    onError: failed('Stage not done'),
  });
  const ready = ticked.length === items.length;
  return (
    <Card className="grid gap-3">
      <h3 className="font-bold text-ink">Checklist: {registrationStageLabels[stage]}</h3>
      <ul className="grid gap-2">
        {items.map((item) => (
          <li key={item}>
            <label className="flex items-start gap-2 text-sm text-ink">
              <input
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-700"
                checked={ticked.includes(item)}
                disabled={tick.isPending}
                onChange={(event) =>
                  tick.mutate({
                    reference: registration.reference,
                    stage,
                    items: event.target.checked
                      ? [...ticked, item]
                      : ticked.filter((other) => other !== item),
                  })
                }
              />
              <span>{item}</span>
            </label>
          </li>
        ))}
      </ul>
      {stage === 'name_reservation' && (
        <div className="grid gap-1.5">
          <Label htmlFor="approved-name">Name CIPC approved</Label>
          <Select
            id="approved-name"
            value={approvedName}
            onChange={(event) => setApprovedName(event.target.value)}
          >
            {registration.proposedNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            <option value={variantChoice}>Another name: a variant CIPC approved</option>
          </Select>
          {isVariant && (
            <FormField
              id="approved-variant"
              label="The name as CIPC approved it"
              hint="As it appears on CIPC's name reservation, e.g. with a word changed or left out."
              maxLength={100}
              value={variant}
              onChange={(event) => setVariant(event.target.value)}
            />
          )}
        </div>
      )}
      {stage === 'certificate' && (
        <FormField
          id="registration-number"
          label="Registration number on CIPC's certificate"
          hint="YYYY/NNNNNN/NN. The company joins the customer's compliance calendar."
          value={registrationNumber}
          onChange={(event) => setRegistrationNumber(event.target.value)}
        />
      )}
      <div>
        <Button
          disabled={!ready || complete.isPending}
          onClick={() =>
            complete.mutate({
              reference: registration.reference,
              stage,
              ...(stage === 'name_reservation'
                ? isVariant
                  ? { approvedName: variant, approvedVariant: true }
                  : { approvedName }
                : {}),
              ...(stage === 'certificate' ? { registrationNumber } : {}),
            })
          }
        >
          {complete.isPending ? 'Saving…' : `Mark ${registrationStageLabels[stage]} done`}
        </Button>
        {!ready && (
          <p className="mt-1 text-sm text-muted">Tick every item to mark the stage done.</p>
        )}
      </div>
    </Card>
  );
}

/** A document CIPC or SARS issued, for the customer's area (they are e-mailed). */
function DeliverDocument({ registration }: { registration: AdminRegistrationCase }) {
  const [error, setError] = useState<string | undefined>();
  const deliver = useDeliverRegistrationDocument({
    onSuccess: (_saved, { file }) => {
      setError(undefined);
      toast({ title: 'Delivered to the customer', description: file.name, variant: 'success' });
    },
    onError: (failure) => setError(failure.message),
  });
  return (
    <Card className="grid gap-3">
      <h3 className="font-bold text-ink">Deliver a document</h3>
      <DocumentUpload
        id="delivery-file"
        purposes={teamDocumentPurposes}
        pending={deliver.isPending}
        error={error}
        onUpload={(purpose, file) =>
          deliver.mutate({ reference: registration.reference, purpose, file })
        }
      />
    </Card>
  );
}

/** /admin/registrations/{reference}: a case's stages, checklist and documents. */
export function AdminRegistrationPage() {
  const { reference = '' } = useParams<{ reference: string }>();
  const query = useAdminRegistration(reference);
  return (
    <>
      <Link
        href={paths.adminRegistrations}
        className="text-sm font-semibold text-brand-700 hover:underline"
      >
        ← All registrations
      </Link>
      <div className="mt-4">
        <QueryState query={query} label={`registration ${reference}`}>
          {(registration) => (
            <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
              <div className="grid min-w-0 content-start gap-6">
                <div>
                  <h2 className="text-2xl font-bold [overflow-wrap:anywhere] text-ink">
                    {registration.companyName}
                  </h2>
                  <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted">
                    <span className="font-mono font-semibold text-ink">
                      {registration.reference}
                    </span>
                    ·<span>{registration.title}</span>·
                    <span>started {formatDate(registration.createdAt)}</span>
                    <RegistrationBadge registration={registration} />
                  </p>
                </div>
                <RegistrationStages registration={registration} />
                {registration.stage && (
                  <StageChecklist
                    key={registration.stage}
                    registration={registration}
                    stage={registration.stage}
                  />
                )}
                <Card className="grid gap-2">
                  <h3 className="font-bold text-ink">Documents</h3>
                  {registration.files.length === 0 ? (
                    <p className="text-sm text-muted">None yet.</p>
                  ) : (
                    <RegistrationDocuments
                      files={registration.files}
                      hrefOf={(file) => adminRegistrationFileUrl(registration.reference, file.id)}
                    />
                  )}
                </Card>
              </div>
              <aside aria-label="Registration details" className="grid content-start gap-4">
                <Card>
                  <h3 className="font-bold text-ink">Customer</h3>
                  <p className="mt-2 text-sm font-semibold [overflow-wrap:anywhere] text-ink">
                    {registration.name}
                  </p>
                  <p className="text-sm [overflow-wrap:anywhere]">{registration.email}</p>
                  {registration.orderReference && (
                    <p className="mt-1 text-sm text-muted">
                      Order <span className="font-mono">{registration.orderReference}</span>
                    </p>
                  )}
                  <h3 className="mt-3 font-bold text-ink">Proposed names</h3>
                  <ol className="mt-1 list-decimal pl-5 text-sm">
                    {registration.proposedNames.map((name) => (
                      <li key={name} className="[overflow-wrap:anywhere]">
                        {name}
                        {name === registration.approvedName && ' (approved)'}
                      </li>
                    ))}
                  </ol>
                </Card>
                <DeliverDocument registration={registration} />
              </aside>
            </div>
          )}
        </QueryState>
      </div>
    </>
  );
}

import { registrationDocumentLabels } from '#shared/registrations.schemas.ts';
import type { Upload } from '#shared/uploads.schemas.ts';
import { useState } from 'react';
import { FileLinks, FileUpload } from '../../../components/file-upload.tsx';
import { Label } from '../../../components/ui/label.tsx';
import { Select } from '../../../components/ui/select.tsx';

const labelOf = (purpose: string) =>
  registrationDocumentLabels[purpose as keyof typeof registrationDocumentLabels] ?? purpose;

/** A case's documents under what each is (certificate, certified ID copy…), as downloads. */
export function RegistrationDocuments({
  files,
  hrefOf,
}: {
  files: Upload[];
  hrefOf: (file: Upload) => string;
}) {
  const purposes = [...new Set(files.map((file) => file.purpose))];
  return (
    <div className="grid gap-3">
      {purposes.map((purpose) => (
        <div key={purpose} className="grid gap-1">
          <p className="text-sm font-semibold text-ink">{labelOf(purpose)}</p>
          <FileLinks
            files={files.filter((file) => file.purpose === purpose)}
            label={labelOf(purpose)}
            hrefOf={hrefOf}
          />
        </div>
      ))}
    </div>
  );
}

/**
 * Sends a document of a case, saying first what it is (the customer's ID copy, CIPC's
 * certificate…): the choice of `purposes`, then the file.
 */
export function DocumentUpload<Purpose extends keyof typeof registrationDocumentLabels>({
  id,
  purposes,
  pending,
  error,
  onUpload,
  ...fileTypes
}: {
  id: string;
  purposes: readonly Purpose[];
  pending: boolean;
  error: string | undefined;
  onUpload: (purpose: Purpose, file: File) => void;
  accept?: string;
  types?: string;
}) {
  const [purpose, setPurpose] = useState<Purpose>(purposes[0]!);
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-purpose`}>The document is</Label>
        <Select
          id={`${id}-purpose`}
          value={purpose}
          onChange={(event) => setPurpose(event.target.value as Purpose)}
        >
          {purposes.map((option) => (
            <option key={option} value={option}>
              {registrationDocumentLabels[option]}
            </option>
          ))}
        </Select>
      </div>
      <FileUpload
        id={id}
        label="File"
        pending={pending}
        error={error}
        onUpload={(file) => onUpload(purpose, file)}
        {...fileTypes}
      />
    </>
  );
}

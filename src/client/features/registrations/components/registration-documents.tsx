import { registrationDocumentLabels } from '#shared/registrations.schemas.ts';
import type { Upload } from '#shared/uploads.schemas.ts';
import { FileLinks } from '../../../components/file-upload.tsx';

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

import { useState } from 'react';
import type { BankTransfer } from '#shared/bank-transfers.schemas.ts';
import { FileLinks, FileUpload } from '../../../components/file-upload.tsx';
import { toast } from '../../../components/ui/use-toast.ts';
import { proofOfPaymentUrl, useUploadProofOfPayment } from '../api/upload-proof-of-payment.ts';

const proofAccept = '.pdf,.png,.jpg,.jpeg,.gif,.webp';
const proofTypes = 'A PDF from your bank, or a PNG, JPEG, GIF or WebP screenshot';

/** The customer's proofs of payment for an order, and (while it is unpaid) one more. */
export function ProofOfPayment({ transfer }: { transfer: BankTransfer }) {
  const [error, setError] = useState<string | undefined>();
  const upload = useUploadProofOfPayment({
    onSuccess: (_transfer, { file }) => {
      setError(undefined);
      toast({
        title: 'Proof of payment sent',
        description: `${file.name}: we match it as soon as the money shows in our account.`,
        variant: 'success',
      });
    },
    onError: (failure) => setError(failure.message),
  });
  const open = transfer.orderStatus === 'pending_payment';
  return (
    <div className="grid gap-3">
      <p className="text-sm text-muted">
        {open
          ? 'Paid already? Send us your bank’s proof of payment so we can look out for it. This is optional: we match payments by their reference.'
          : 'The proof you sent for this order.'}
      </p>
      {transfer.proofs.length > 0 ? (
        <FileLinks
          label="Proofs of payment sent"
          files={transfer.proofs}
          hrefOf={(file) => proofOfPaymentUrl(transfer.orderReference, file.id)}
        />
      ) : (
        !open && <p className="text-sm text-muted">No proof was sent.</p>
      )}
      {open && (
        <FileUpload
          id="proof-of-payment"
          label="Add a proof of payment"
          accept={proofAccept}
          types={proofTypes}
          pending={upload.isPending}
          error={error}
          onUpload={(file) => upload.mutate({ orderReference: transfer.orderReference, file })}
        />
      )}
    </div>
  );
}

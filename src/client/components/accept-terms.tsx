import { Link } from 'wouter';
import { paths } from '#shared/routes.ts';

/** The terms checkbox every way of paying asks for before PayFast. */
export function AcceptTerms({
  accepted,
  onChange,
}: {
  accepted: boolean;
  onChange: (accepted: boolean) => void;
}) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-0.5 size-4 accent-brand-700"
        checked={accepted}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        I accept the{' '}
        <Link href={paths.terms} className="font-semibold text-brand-700 underline">
          Terms of Service
        </Link>
        .
      </span>
    </label>
  );
}

import { Spinner } from '../../../components/ui/spinner.tsx';
import { useProfile } from '../api/get-profile.ts';
import { ProfileForm } from './profile-form.tsx';

/** The checkout's customer details: the account's own, prefilled and editable in place. */
export function CheckoutDetails() {
  const profile = useProfile();
  if (profile.isPending) return <Spinner label="Loading your details" />;
  if (profile.isError) {
    return <p role="alert">We could not load your details: {profile.error.message}</p>;
  }
  return (
    <ProfileForm
      profile={profile.data}
      title="Details for your invoice"
      description="Filled in from your account. What you change here is saved to your account when you pay."
      savedWithPay
    />
  );
}

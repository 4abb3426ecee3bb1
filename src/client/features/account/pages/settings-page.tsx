import { Button } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useProfile } from '../api/get-profile.ts';
import { EmailForm } from '../components/email-form.tsx';
import { MarketingMailSection } from '../components/marketing-mail-section.tsx';
import { PasswordForm } from '../components/password-form.tsx';
import { PrivacySection } from '../components/privacy-section.tsx';
import { ProfileForm } from '../components/profile-form.tsx';
import { TeamViewsSection } from '../components/team-views-section.tsx';

/**
 * /user/settings: details, e-mail, password, news and offers by e-mail, the team's views of the
 * account, POPIA rights.
 */
export function SettingsPage() {
  const profile = useProfile();
  return (
    <>
      <h1 className="text-3xl font-extrabold text-ink">Settings</h1>
      {profile.isPending ? (
        <div className="mt-8">
          <Spinner label="Loading your details" />
        </div>
      ) : profile.isError ? (
        <div role="alert" className="mt-8 grid justify-items-start gap-3">
          <p>We could not load your details: {profile.error.message}</p>
          <Button variant="outline" onClick={() => void profile.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="mt-8 grid gap-6">
          <ProfileForm profile={profile.data} />
          <EmailForm profile={profile.data} />
          <PasswordForm />
          <MarketingMailSection />
          <TeamViewsSection />
          <PrivacySection />
        </div>
      )}
    </>
  );
}

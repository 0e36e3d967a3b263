import { useEffect } from "react";
import { brand } from "../../shared/brand";
import { RequireAuth } from "../components/require-auth";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import {
  ChangeEmailForm,
  ChangePasswordForm,
  ChangePhoneForm,
  EditProfileForm,
} from "../features/profile/account-forms";
import { useProfile } from "../features/profile/api";
import { DangerZone } from "../features/profile/danger-zone";
import { AnswersCard, ProfileHeader, ProgressCard } from "../features/profile/profile-summary";

function ProfileScreen() {
  const query = useProfile();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const profile = query.data;
  // Forms take their starting values from the profile; a new version (another save) re-creates them.
  const version = `${profile.displayName}|${profile.username}|${profile.email}|${profile.phoneNumber}`;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <ProfileHeader profile={profile} />
      <div className="grid gap-4 md:grid-cols-2">
        <ProgressCard profile={profile} />
        <AnswersCard profile={profile} />
      </div>
      <h2 className="pt-2 text-lg font-bold text-stone-900">Account settings</h2>
      <EditProfileForm key={`name-${version}`} profile={profile} />
      <ChangeEmailForm profile={profile} />
      <ChangePhoneForm key={`phone-${profile.phoneNumber}`} profile={profile} />
      <ChangePasswordForm profile={profile} />
      <DangerZone profile={profile} />
    </div>
  );
}

/** /profile: who you are, your progress and answers, and your account settings. */
export default function ProfilePage() {
  useEffect(() => {
    document.title = `My profile · ${brand.name}`;
  }, []);
  return (
    <RequireAuth>
      <ProfileScreen />
    </RequireAuth>
  );
}

import { Crown, Trophy } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { RequireAuth } from "../components/require-auth";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
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
import { PreferencesCard } from "../features/profile/preferences-card";
import { AnswersCard, ProfileHeader, ProgressCard } from "../features/profile/profile-summary";
import { InviteCard } from "../features/referrals/invite-card";
import { useAuth } from "../lib/auth";

/** Anigye+ at a glance, with the way to the subscription page (status, receipts) and to buying it. */
function PlusCard() {
  const { user } = useAuth();
  const isPlus = user?.isPlus ?? false;
  return (
    <Card title={brand.plusName} icon={<Crown className="size-5" aria-hidden />} testId="profile-plus">
      <p className="text-sm text-stone-700">
        {isPlus
          ? `You're a ${brand.plusName} member: premium ads and the monthly competitions are yours.`
          : `Premium ads from local brands and monthly competitions, paid by mobile money.`}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={paths.subscription} className={buttonClass("secondary", "text-sm")}>
          Subscription and receipts
        </Link>
        {!isPlus && (
          <Link to={paths.plus} className={buttonClass("primary", "text-sm")}>
            Get {brand.plusName}
          </Link>
        )}
      </div>
    </Card>
  );
}

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
      <PlusCard />
      <InviteCard />
      <Link to={paths.leaderboard} className={buttonClass("secondary", "w-full text-sm")}>
        <Trophy className="size-4" aria-hidden />
        See the leaderboard
      </Link>
      <PreferencesCard profile={profile} />
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

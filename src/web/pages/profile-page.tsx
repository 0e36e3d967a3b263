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
import { useT } from "../lib/i18n";

/** Anigye+ at a glance, with the way to the subscription page (status, receipts) and to buying it. */
function PlusCard() {
  const { user } = useAuth();
  const t = useT();
  const isPlus = user?.isPlus ?? false;
  return (
    <Card title={brand.plusName} icon={<Crown className="size-5" aria-hidden />} testId="profile-plus">
      <p className="text-sm text-stone-700">
        {isPlus ? t("profile.plus.member", { plus: brand.plusName }) : t("profile.plus.pitch")}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link to={paths.subscription} className={buttonClass("secondary", "text-sm")}>
          {t("profile.plus.subscription")}
        </Link>
        {!isPlus && (
          <Link to={paths.plus} className={buttonClass("primary", "text-sm")}>
            {t("profile.plus.get", { plus: brand.plusName })}
          </Link>
        )}
      </div>
    </Card>
  );
}

function ProfileScreen() {
  const t = useT();
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
        {t("profile.leaderboard")}
      </Link>
      <PreferencesCard profile={profile} />
      <h2 className="pt-2 text-lg font-bold text-stone-900">{t("profile.accountSettings")}</h2>
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
  const t = useT();
  useEffect(() => {
    document.title = t("profile.docTitle", { brand: brand.name });
  }, [t]);
  return (
    <RequireAuth>
      <ProfileScreen />
    </RequireAuth>
  );
}

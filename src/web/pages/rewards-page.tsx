import { Gift, Trophy } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { tierLabel } from "../../shared/tiers";
import { paths } from "../app/paths";
import { RequireAuth } from "../components/require-auth";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { ProgressBar } from "../components/ui/progress-bar";
import { useProfile } from "../features/profile/api";
import { tierProgress } from "../features/profile/profile-summary";

const numberFormat = new Intl.NumberFormat("en-GH");

function RewardsScreen() {
  const query = useProfile();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const profile = query.data;
  const progress = tierProgress(profile.tier, profile.lifetimeXp);
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <header>
        <h1 className="text-3xl font-extrabold text-stone-900">My Rewards</h1>
        <p className="mt-1 text-stone-600">Your XP, your tier and the rewards you've earned.</p>
      </header>

      <Card title="Your progress" icon={<Trophy className="size-5" aria-hidden />} testId="rewards-progress">
        <dl className="grid grid-cols-2 gap-3">
          <div className="rounded-xl bg-stone-50 p-3">
            <dt className="text-xs uppercase tracking-wide text-stone-500">XP</dt>
            <dd className="text-2xl font-extrabold tabular-nums text-stone-900" data-testid="rewards-xp">
              {numberFormat.format(profile.xpPoints)}
            </dd>
          </div>
          <div className="rounded-xl bg-stone-50 p-3">
            <dt className="text-xs uppercase tracking-wide text-stone-500">Tier</dt>
            <dd className="text-2xl font-extrabold text-amber-700" data-testid="rewards-tier">
              {tierLabel(profile.tier)}
            </dd>
          </div>
        </dl>
        <div className="mt-4 space-y-1.5">
          {progress ? (
            <>
              <p className="text-sm text-stone-700">
                {numberFormat.format(progress.remaining)} XP to {tierLabel(progress.next)}
              </p>
              <ProgressBar
                label={`Progress to ${tierLabel(progress.next)}`}
                value={progress.earned}
                max={progress.span}
                valueText={`${numberFormat.format(progress.earned)} of ${numberFormat.format(progress.span)} XP`}
              />
            </>
          ) : (
            <p className="text-sm font-medium text-stone-700">You've reached the top tier. Well done!</p>
          )}
        </div>
      </Card>

      <Card title="Your rewards" icon={<Gift className="size-5" aria-hidden />}>
        <div data-testid="rewards-empty" className="py-6 text-center">
          <p className="text-lg font-bold text-stone-900">No rewards yet</p>
          <p className="mt-1 text-stone-600">
            Watch ads on Discover to earn discounts, XP and prize entries.
          </p>
          <Link to={paths.home} className={buttonClass("primary", "mt-4")}>
            Go to Discover
          </Link>
        </div>
      </Card>
    </div>
  );
}

/** /rewards: XP, tier and progress now; the rewards list arrives with the watch-and-earn work. */
export default function RewardsPage() {
  useEffect(() => {
    document.title = `My Rewards · ${brand.name}`;
  }, []);
  return (
    <RequireAuth>
      <RewardsScreen />
    </RequireAuth>
  );
}

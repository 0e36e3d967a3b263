import { Gift, Medal, Trophy } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { RequireAuth } from "../components/require-auth";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { XpAndTier } from "../components/xp-and-tier";
import { useProfile } from "../features/profile/api";
import { useMyRewards, useRewardsCollection } from "../features/rewards/api";
import { BadgeShelf, DrawCard } from "../features/rewards/collection";
import { RewardList } from "../features/rewards/reward-list";

function RewardsScreen() {
  const query = useProfile();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const profile = query.data;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <header>
        <h1 className="text-3xl font-extrabold text-stone-900">My Rewards</h1>
        <p className="mt-1 text-stone-600">Your XP, your tier, the rewards and badges you've earned.</p>
      </header>

      <Card title="Your progress" icon={<Trophy className="size-5" aria-hidden />} testId="rewards-progress">
        <XpAndTier
          xpPoints={profile.xpPoints}
          lifetimeXp={profile.lifetimeXp}
          tier={profile.tier}
          testIdPrefix="rewards"
        />
      </Card>

      <DrawStandingCard />

      <Card title="Your rewards" icon={<Gift className="size-5" aria-hidden />}>
        <Rewards />
      </Card>

      <Card title="Badges" icon={<Medal className="size-5" aria-hidden />} testId="rewards-badges">
        <Badges />
      </Card>
    </div>
  );
}

function Rewards() {
  const query = useMyRewards();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const rewards = query.data ?? [];
  if (rewards.length > 0) return <RewardList rewards={rewards} />;
  return (
    <div data-testid="rewards-empty" className="py-6 text-center">
      <p className="text-lg font-bold text-stone-900">No rewards yet</p>
      <p className="mt-1 text-stone-600">Watch ads on Discover to earn discounts, XP and prize entries.</p>
      <Link to={paths.home} className={buttonClass("primary", "mt-4")}>
        Go to Discover
      </Link>
    </div>
  );
}

/** Shown only once the member has an entry in this month's draw. */
function DrawStandingCard() {
  const query = useRewardsCollection();
  return query.data?.draw ? <DrawCard draw={query.data.draw} /> : null;
}

function Badges() {
  const query = useRewardsCollection();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return <BadgeShelf badges={query.data.badges} />;
}

/** /rewards (My Rewards): XP and tier progress, then the rewards earned by watching. */
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

import { Gift, Medal, QrCode, Trophy } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { RequireAuth } from "../components/require-auth";
import { Button, buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { LoadError } from "../components/ui/load-error";
import { OfflineNotice } from "../components/ui/offline-notice";
import { PageSpinner } from "../components/ui/page-spinner";
import { XpAndTier } from "../components/xp-and-tier";
import { useMyCashback } from "../features/cashback/api";
import { CashbackCard } from "../features/cashback/cashback-card";
import { useMyDrawEntries } from "../features/draws/api";
import { CompetitionsPanel, MyDrawPanel } from "../features/draws/my-draw-panel";
import { useProfile } from "../features/profile/api";
import { useMyRewards, useRewardsCollection, useRewardsProgress } from "../features/rewards/api";
import { BadgeShelf } from "../features/rewards/collection";
import { RewardList } from "../features/rewards/reward-list";
import { useMyShareProofs } from "../features/share-proofs/api";
import { ShareProofAction } from "../features/share-proofs/share-proof-action";
import { formatAccraMoment } from "../lib/dates";
import { useAnsweredOrLate } from "../lib/first-answers";
import { useT } from "../lib/i18n";
import { useStillTrueAfter } from "../lib/kept-query";
import { isConnectionFailure, useIsOnline } from "../lib/network-status";
import { useShownFromNextTask } from "../lib/next-task";

/** How long a read may take on a weak signal before the page says the rewards shown are an older copy. */
const slowReadMs = 2_000;

/**
 * Says when the rewards on screen are a copy kept on this phone rather than the server's answer just
 * now: offline, after a failed read, or while a read drags on. A status region, so it is announced.
 */
function RewardsFreshness() {
  const rewards = useMyRewards();
  const collection = useRewardsCollection();
  const online = useIsOnline();
  const [openedAt] = useState(() => Date.now());
  const stillReading = useStillTrueAfter(rewards.isFetching, slowReadMs);
  const t = useT();

  const shown = [rewards, collection].filter((query) => query.data !== undefined);
  const readFailed = shown.some((query) => query.isError || query.failureCount > 0);
  const olderCopy = shown.some((query) => query.dataUpdatedAt < openedAt);
  const savedAt = Math.min(...shown.map((query) => query.dataUpdatedAt));
  const time = shown.length > 0 ? formatAccraMoment(savedAt) : null;

  let text: string | null = null;
  if (time && !online) text = t("rewards.freshness.offline", { time });
  else if (time && readFailed) text = t("rewards.freshness.unreachable", { brand: brand.name, time });
  else if (time && olderCopy && stillReading) text = t("rewards.freshness.updating", { time });

  return (
    <div role="status" data-testid="rewards-freshness" className={text ? "" : "sr-only"}>
      {text && (
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-xl bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200">
          <span className="flex-1">{text}</span>
          {online && readFailed && (
            <Button
              variant="ghost"
              className="min-h-11 px-3 py-1"
              onClick={() => {
                void rewards.refetch();
                void collection.refetch();
              }}
            >
              {t("rewards.tryAgain")}
            </Button>
          )}
        </p>
      )}
    </div>
  );
}

/** The longest My Rewards waits to show its sections together (docs/product-rules.md#app-first-screens). */
const firstAnswersWaitMs = 1_000;

function RewardsScreen() {
  const t = useT();
  // The first screen's sections, and each reward's proof status (a reward card grows by its button).
  const answered = useAnsweredOrLate(
    [useProfile(), useMyCashback(), useMyDrawEntries(), useMyRewards(), useMyShareProofs()],
    firstAnswersWaitMs,
  );
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold text-stone-900">{t("rewards.heading")}</h1>
          <p className="mt-1 text-stone-600">{t("rewards.intro")}</p>
        </div>
        <Link to={paths.loyaltyDashboard} className={buttonClass("secondary", "min-h-11 px-4")}>
          <QrCode className="size-5" aria-hidden /> {t("rewards.loyaltyCard")}
        </Link>
      </header>

      <RewardsFreshness />

      {answered ? <RewardsSections /> : <PageSpinner label={t("rewards.loading")} />}
    </div>
  );
}

function RewardsSections() {
  const t = useT();
  // The competitions and badges sit below the first screen of a phone.
  const belowTheFold = useShownFromNextTask();
  return (
    <>
      <Card
        title={t("rewards.progress")}
        icon={<Trophy className="size-5" aria-hidden />}
        testId="rewards-progress"
      >
        <Progress />
      </Card>

      <CashbackCard />

      <MyDrawPanel />

      <Card title={t("rewards.yourRewards")} icon={<Gift className="size-5" aria-hidden />}>
        <Rewards />
      </Card>

      {belowTheFold && (
        <>
          <CompetitionsPanel />

          <Card
            title={t("rewards.badgesTitle")}
            icon={<Medal className="size-5" aria-hidden />}
            testId="rewards-badges"
          >
            <Badges />
          </Card>
        </>
      )}
    </>
  );
}

/** The profile's XP and tier, or the numbers kept from the last visit when the profile can't be read. */
function Progress() {
  const query = useProfile();
  const progress = useRewardsProgress(query.data);
  const online = useIsOnline();
  const t = useT();
  if (progress) {
    return (
      <XpAndTier
        xpPoints={progress.xpPoints}
        lifetimeXp={progress.lifetimeXp}
        tier={progress.tier}
        testIdPrefix="rewards"
      />
    );
  }
  if (!online || (query.isError && isConnectionFailure(query.error))) {
    return <p className="text-stone-600">{t("rewards.progressOffline")}</p>;
  }
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return <PageSpinner label={t("rewards.loading")} />;
}

function Rewards() {
  const query = useMyRewards();
  const online = useIsOnline();
  const t = useT();
  const rewards = query.data;
  if (rewards === undefined) {
    if (!online || (query.isError && isConnectionFailure(query.error))) {
      return (
        <OfflineNotice
          needsConnectionTo={t("rewards.needsConnection")}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      );
    }
    if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
    return <PageSpinner label={t("rewards.loading")} />;
  }
  if (rewards.length > 0) {
    return (
      <RewardList
        rewards={rewards}
        renderExtra={(reward) => <ShareProofAction rewardId={reward.id} title={reward.adTitle} />}
      />
    );
  }
  return (
    <div data-testid="rewards-empty" className="py-6 text-center">
      <p className="text-lg font-bold text-stone-900">{t("rewards.emptyTitle")}</p>
      <p className="mt-1 text-stone-600">{t("rewards.emptyText")}</p>
      <Link to={paths.home} className={buttonClass("primary", "mt-4")}>
        {t("rewards.goToDiscover")}
      </Link>
    </div>
  );
}

function Badges() {
  const query = useRewardsCollection();
  const online = useIsOnline();
  const t = useT();
  if (query.data) return <BadgeShelf badges={query.data.badges} />;
  if (!online || (query.isError && isConnectionFailure(query.error))) {
    return <p className="text-stone-600">{t("rewards.badgesOffline")}</p>;
  }
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return <PageSpinner label={t("rewards.loading")} />;
}

/** /rewards (My Rewards): XP and tier progress, cashback, then the rewards earned by watching. */
export default function RewardsPage() {
  const t = useT();
  useEffect(() => {
    document.title = t("rewards.docTitle", { brand: brand.name });
  }, [t]);
  return (
    <RequireAuth>
      <RewardsScreen />
    </RequireAuth>
  );
}

import { Coins, Gift, Stamp } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { RequireAuth } from "../components/require-auth";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { LoadError } from "../components/ui/load-error";
import { OfflineNotice } from "../components/ui/offline-notice";
import { PageSpinner } from "../components/ui/page-spinner";
import { useLoyaltyCards } from "../features/loyalty/api";
import { MemberQrPanel } from "../features/loyalty/member-qr-panel";
import { PointsSummary, StampCardList } from "../features/loyalty/stamp-cards";
import { formatAccraMoment } from "../lib/dates";
import { useT } from "../lib/i18n";
import { isConnectionFailure, useIsOnline } from "../lib/network-status";

type CardsQuery = ReturnType<typeof useLoyaltyCards>;

/** Says when the cards shown are the copy kept on this phone, not the server's answer just now. */
function CardsFreshness({ query }: { query: CardsQuery }) {
  const online = useIsOnline();
  const t = useT();
  if (query.data === undefined) return null;
  const failed = query.isError || query.failureCount > 0;
  if (online && !failed) return null;
  const time = formatAccraMoment(query.dataUpdatedAt);
  return (
    <p
      role="status"
      className="rounded-xl bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
    >
      {online
        ? t("loyalty.freshness.unreachable", { brand: brand.name, time })
        : t("loyalty.freshness.offline", { time })}
    </p>
  );
}

function Points({ query }: { query: CardsQuery }) {
  const t = useT();
  if (query.data) return <PointsSummary points={query.data} />;
  return (
    <p className="text-stone-600">{query.isError ? t("loyalty.pointsUnreachable") : t("loyalty.loading")}</p>
  );
}

function Cards({ query }: { query: CardsQuery }) {
  const online = useIsOnline();
  const t = useT();
  if (query.data) return <StampCardList cards={query.data.cards} />;
  if (!online || (query.isError && isConnectionFailure(query.error))) {
    return (
      <OfflineNotice
        needsConnectionTo={t("loyalty.needsConnection")}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return <PageSpinner label={t("loyalty.loadingCards")} />;
}

function LoyaltyScreen() {
  // One reader for the cards and points, so the page polls once.
  const cards = useLoyaltyCards();
  const t = useT();
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <header>
        <h1 className="text-3xl font-extrabold text-stone-900">{t("loyalty.heading")}</h1>
        <p className="mt-1 text-stone-700">{t("loyalty.intro")}</p>
      </header>

      <section
        aria-label={t("loyalty.qrSection")}
        className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200"
      >
        <MemberQrPanel />
      </section>

      <CardsFreshness query={cards} />

      <Card
        title={t("loyalty.stampCards")}
        icon={<Stamp className="size-5" aria-hidden />}
        testId="loyalty-cards"
      >
        <Cards query={cards} />
      </Card>

      <Card
        title={t("loyalty.pointsTitle")}
        icon={<Coins className="size-5" aria-hidden />}
        testId="loyalty-points"
      >
        <Points query={cards} />
      </Card>

      <Link to={paths.rewards} className={buttonClass("secondary", "min-h-11 w-full")}>
        <Gift className="size-4" aria-hidden /> {t("loyalty.myRewards")}
      </Link>
    </div>
  );
}

/** /loyalty-dashboard: the member's rotating QR for the counter, their stamp cards and points. */
export default function LoyaltyDashboardPage() {
  const t = useT();
  useEffect(() => {
    document.title = t("loyalty.docTitle", { brand: brand.name });
  }, [t]);
  return (
    <RequireAuth>
      <LoyaltyScreen />
    </RequireAuth>
  );
}

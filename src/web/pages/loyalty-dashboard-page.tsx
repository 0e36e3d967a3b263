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
import { isConnectionFailure, useIsOnline } from "../lib/network-status";

type CardsQuery = ReturnType<typeof useLoyaltyCards>;

/** Says when the cards shown are the copy kept on this phone, not the server's answer just now. */
function CardsFreshness({ query }: { query: CardsQuery }) {
  const online = useIsOnline();
  if (query.data === undefined) return null;
  const failed = query.isError || query.failureCount > 0;
  if (online && !failed) return null;
  const asOf = `Showing your cards and points as of ${formatAccraMoment(query.dataUpdatedAt)}.`;
  return (
    <p
      role="status"
      className="rounded-xl bg-amber-50 px-4 py-2 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
    >
      {online ? `We couldn't reach ${brand.name}. ${asOf}` : `You're offline. ${asOf}`}
    </p>
  );
}

function Points({ query }: { query: CardsQuery }) {
  if (query.data) return <PointsSummary points={query.data} />;
  return (
    <p className="text-stone-600">
      {query.isError ? "Your points show here once we can reach you." : "Loading…"}
    </p>
  );
}

function Cards({ query }: { query: CardsQuery }) {
  const online = useIsOnline();
  if (query.data) return <StampCardList cards={query.data.cards} />;
  if (!online || (query.isError && isConnectionFailure(query.error))) {
    return (
      <OfflineNotice
        needsConnectionTo="see your stamp cards"
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  return <PageSpinner label="Loading your stamp cards" />;
}

function LoyaltyScreen() {
  // One reader for the cards and points, so the page polls once.
  const cards = useLoyaltyCards();
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <header>
        <h1 className="text-3xl font-extrabold text-stone-900">My loyalty card</h1>
        <p className="mt-1 text-stone-700">
          Show this QR at a partner shop's counter to collect stamps and points.
        </p>
      </header>

      <section aria-label="Your QR code" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-stone-200">
        <MemberQrPanel />
      </section>

      <CardsFreshness query={cards} />

      <Card title="Stamp cards" icon={<Stamp className="size-5" aria-hidden />} testId="loyalty-cards">
        <Cards query={cards} />
      </Card>

      <Card title="Points" icon={<Coins className="size-5" aria-hidden />} testId="loyalty-points">
        <Points query={cards} />
      </Card>

      <Link to={paths.rewards} className={buttonClass("secondary", "min-h-11 w-full")}>
        <Gift className="size-4" aria-hidden /> My Rewards
      </Link>
    </div>
  );
}

/** /loyalty-dashboard: the member's rotating QR for the counter, their stamp cards and points. */
export default function LoyaltyDashboardPage() {
  useEffect(() => {
    document.title = `My loyalty card · ${brand.name}`;
  }, []);
  return (
    <RequireAuth>
      <LoyaltyScreen />
    </RequireAuth>
  );
}

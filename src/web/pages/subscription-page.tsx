import { Crown } from "lucide-react";
import { useEffect } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import { paths } from "../app/paths";
import { RequireAuth } from "../components/require-auth";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { useMySubscription } from "../features/payments/api";
import { PaymentHistory } from "../features/payments/payment-history";
import { formatAccraDate } from "../lib/dates";

function SubscriptionScreen() {
  const query = useMySubscription();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const { isPlus, plusExpiresAt, plusSince, payments } = query.data;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-extrabold text-stone-900">Your subscription</h1>
      <Card
        title={brand.plusName}
        icon={<Crown className="size-5" aria-hidden />}
        testId="subscription-status"
      >
        {isPlus && plusExpiresAt ? (
          <div className="space-y-1 text-stone-700">
            <p>
              <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-bold text-green-800">
                Active
              </span>
            </p>
            <p>
              Your {brand.plusName} runs until{" "}
              <strong data-testid="plus-expires">{formatAccraDate(plusExpiresAt)}</strong>.
            </p>
            {plusSince && (
              <p className="text-sm text-stone-500">Member since {formatAccraDate(plusSince)}.</p>
            )}
          </div>
        ) : (
          <p className="text-stone-700">
            You're not on {brand.plusName}. Premium ads from local brands and the monthly competitions come
            with it.
          </p>
        )}
        <Link to={paths.plus} className={buttonClass("primary", "mt-4")}>
          {isPlus ? `Renew ${brand.plusName}` : `Get ${brand.plusName}`}
        </Link>
      </Card>
      <Card title="Payments and receipts" testId="subscription-payments">
        <PaymentHistory payments={payments} emptyText={`No ${brand.plusName} payments yet.`} />
      </Card>
    </div>
  );
}

/** `/subscription`: the member's Anigye+ status, its end date, their payments and receipts. */
export default function SubscriptionPage() {
  useEffect(() => {
    document.title = `Your subscription · ${brand.name}`;
  }, []);
  return (
    <RequireAuth>
      <SubscriptionScreen />
    </RequireAuth>
  );
}

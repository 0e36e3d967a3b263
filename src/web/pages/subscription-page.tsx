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
import { OpenPayments } from "../features/payments/open-payments";
import { PaymentHistory } from "../features/payments/payment-history";
import { formatAccraDate } from "../lib/dates";
import { useT } from "../lib/i18n";
import { slotMark, withSlots } from "../lib/rich-text";

function SubscriptionScreen() {
  const t = useT();
  const query = useMySubscription();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const { isPlus, plusExpiresAt, plusSince, payments } = query.data;
  const plus = brand.plusName;
  return (
    <div className="mx-auto max-w-2xl space-y-4 px-4 py-6">
      <h1 className="text-2xl font-extrabold text-stone-900">{t("subscription.title")}</h1>
      <Card title={plus} icon={<Crown className="size-5" aria-hidden />} testId="subscription-status">
        {isPlus && plusExpiresAt ? (
          <div className="space-y-1 text-stone-700">
            <p>
              <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-bold text-green-800">
                {t("subscription.active")}
              </span>
            </p>
            <p>
              {withSlots(t("subscription.runsUntil", { plus, date: slotMark("date") }), {
                date: <strong data-testid="plus-expires">{formatAccraDate(plusExpiresAt)}</strong>,
              })}
            </p>
            {plusSince && (
              <p className="text-sm text-stone-500">
                {t("subscription.memberSince", { date: formatAccraDate(plusSince) })}
              </p>
            )}
          </div>
        ) : (
          <p className="text-stone-700">{t("subscription.notPlus", { plus })}</p>
        )}
        <Link to={paths.plus} className={buttonClass("primary", "mt-4")}>
          {t(isPlus ? "plus.renew" : "plus.get", { plus })}
        </Link>
      </Card>
      <OpenPayments payments={payments} />
      <Card title={t("subscription.payments")} testId="subscription-payments">
        <PaymentHistory payments={payments} emptyText={t("subscription.noPayments", { plus })} />
      </Card>
    </div>
  );
}

/** `/subscription`: the member's Anigye+ status, its end date, their payments and receipts. */
export default function SubscriptionPage() {
  const t = useT();
  const title = t("subscription.docTitle", { brand: brand.name });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <RequireAuth>
      <SubscriptionScreen />
    </RequireAuth>
  );
}

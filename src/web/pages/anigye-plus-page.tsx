import { useQueryClient } from "@tanstack/react-query";
import { Check, Crown } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { brand } from "../../shared/brand";
import type { PlansResponse } from "../../shared/contracts/payments";
import { formatCedis } from "../../shared/money";
import { paths } from "../app/paths";
import { buttonClass } from "../components/ui/button";
import { Card } from "../components/ui/card";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { toast } from "../components/ui/use-toast";
import { useMySubscription, usePlans } from "../features/payments/api";
import { OpenPayments } from "../features/payments/open-payments";
import { PayPanel } from "../features/payments/pay-panel";
import { isDiscoveryKey } from "../features/watch/api";
import { useAuth } from "../lib/auth";
import { formatAccraDate } from "../lib/dates";
import { useT } from "../lib/i18n";
import { queryKeys } from "../lib/query-keys";
import { rememberReturnTo } from "../lib/return-to";
import { slotMark, withSlots } from "../lib/rich-text";

function SignInPrompt() {
  const t = useT();
  return (
    <Card title={t("plus.signIn.title", { plus: brand.plusName })} testId="plus-sign-in">
      <p className="text-sm text-stone-700">
        {t("plus.signIn.text", { plus: brand.plusName, brand: brand.name })}
      </p>
      <div className="mt-4 flex flex-wrap gap-2">
        <Link
          to={paths.login}
          onClick={() => rememberReturnTo(paths.plus)}
          className={buttonClass("primary")}
        >
          {t("plus.signIn.signIn")}
        </Link>
        <Link
          to={paths.register}
          onClick={() => rememberReturnTo(paths.plus)}
          className={buttonClass("secondary")}
        >
          {t("plus.signIn.join", { brand: brand.name })}
        </Link>
      </div>
    </Card>
  );
}

function Checkout({ offers }: { offers: PlansResponse }) {
  const t = useT();
  const subscription = useMySubscription();
  const { refreshUser } = useAuth();
  const queryClient = useQueryClient();
  const [inPanel, setInPanel] = useState<number | null>(null);

  if (subscription.isPending) return <PageSpinner label={t("plus.loadingSubscription")} />;
  if (subscription.isError) return <LoadError onRetry={() => void subscription.refetch()} />;
  const { isPlus, plusExpiresAt } = subscription.data;

  const paid = () => {
    // The session (isPlus) and Discover change with it: premium ads show from now on.
    void refreshUser();
    void queryClient.invalidateQueries({ queryKey: queryKeys.ads.all });
    void queryClient.invalidateQueries({ predicate: (query) => isDiscoveryKey(query.queryKey) });
    toast({ title: t("plus.welcome", { plus: brand.plusName }), description: t("plus.welcomeText") });
  };

  return (
    <div className="space-y-4">
      {isPlus && plusExpiresAt && (
        <p
          className="rounded-2xl bg-green-50 p-4 text-sm text-green-900 ring-1 ring-green-200"
          data-testid="plus-status"
        >
          {withSlots(
            t("plus.status", { plus: slotMark("plus"), until: slotMark("until"), days: offers.periodDays }),
            {
              plus: <strong>{brand.plusName}</strong>,
              until: <strong>{formatAccraDate(plusExpiresAt)}</strong>,
            },
          )}
        </p>
      )}
      <OpenPayments payments={subscription.data.payments} except={inPanel} onSucceeded={paid} />
      <Card
        title={t(isPlus ? "plus.renew" : "plus.get", { plus: brand.plusName })}
        description={t("plus.checkout", {
          price: formatCedis(offers.plus.pricePesewas),
          days: offers.periodDays,
        })}
        testId="plus-checkout"
      >
        <PayPanel
          order={{ purpose: "plus" }}
          amountPesewas={offers.plus.pricePesewas}
          options={offers}
          onSucceeded={paid}
          onShowing={setInPanel}
        />
      </Card>
      <Link to={paths.subscription} className="inline-block text-sm font-semibold text-amber-800 underline">
        {t("plus.subscriptionLink")}
      </Link>
    </div>
  );
}

/** `/anigye-plus`: what Anigye+ gives, its price, the member's status, and paying for it. */
export default function AnigyePlusPage() {
  const t = useT();
  const { user } = useAuth();
  const offers = usePlans();

  useEffect(() => {
    document.title = `${brand.plusName} · ${brand.name}`;
  }, []);

  if (offers.isPending) return <PageSpinner />;
  if (offers.isError) return <LoadError onRetry={() => void offers.refetch()} />;
  const { plus, periodDays } = offers.data;

  return (
    <div className="mx-auto max-w-2xl space-y-5 px-4 py-6">
      <header className="rounded-2xl bg-gradient-to-br from-amber-600 via-amber-700 to-orange-800 p-6 text-white">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-amber-100">
          <Crown className="size-4" aria-hidden /> {t("plus.membership")}
        </p>
        <h1 className="mt-1 text-3xl font-extrabold">{brand.plusName}</h1>
        <p className="mt-2 text-lg">
          {withSlots(t("plus.price", { price: slotMark("price"), days: periodDays }), {
            price: <strong data-testid="plus-price">{formatCedis(plus.pricePesewas)}</strong>,
          })}
        </p>
      </header>
      <Card title={t("plus.benefitsTitle", { plus: brand.plusName })}>
        <ul className="space-y-2 text-stone-700" data-testid="plus-benefits">
          {plus.benefits.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <Check className="mt-0.5 size-5 shrink-0 text-green-600" aria-hidden />
              {benefit}
            </li>
          ))}
        </ul>
      </Card>
      {user ? <Checkout offers={offers.data} /> : <SignInPrompt />}
    </div>
  );
}

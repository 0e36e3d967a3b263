import { Banknote } from "lucide-react";
import { lazy, Suspense } from "react";
import type { MyCashback } from "../../../shared/contracts/cashback";
import { formatCedis } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { Skeleton } from "../../components/ui/skeleton";
import { useT } from "../../lib/i18n";
import { useIsOnline } from "../../lib/network-status";
import { useMyCashback } from "./api";
import { CashbackHistory } from "./cashback-history";

// Fetched only for a member who has cashback: the wallet and withdraw forms bring the form library with
// them, and most members opening My Rewards have none to withdraw.
const PayoutAccountSection = lazy(() =>
  import("./payout-account-section").then((module) => ({ default: module.PayoutAccountSection })),
);
const WithdrawSection = lazy(() =>
  import("./withdraw-section").then((module) => ({ default: module.WithdrawSection })),
);

/** A member who never had cashback sees only how to get some, not an empty wallet and a locked form. */
function hasAnyCashback(cashback: MyCashback): boolean {
  return (
    cashback.balancePesewas > 0 ||
    cashback.pendingPesewas > 0 ||
    cashback.entries.length > 0 ||
    cashback.payoutAccount !== null
  );
}

function CashbackTotals({ cashback }: { cashback: MyCashback }) {
  const t = useT();
  return (
    <div>
      <p className="text-sm font-medium text-stone-600">{t("cashback.balance")}</p>
      <p className="text-3xl font-extrabold text-stone-900 tabular-nums" data-testid="cashback-balance">
        {formatCedis(cashback.balancePesewas)}
      </p>
      {cashback.pendingPesewas > 0 && (
        <p className="text-sm text-stone-600" data-testid="cashback-pending">
          {t("cashback.pending", { amount: formatCedis(cashback.pendingPesewas) })}
        </p>
      )}
    </div>
  );
}

function CashbackBody({ cashback }: { cashback: MyCashback }) {
  const t = useT();
  if (!hasAnyCashback(cashback)) {
    return (
      <p className="text-sm text-stone-600" data-testid="cashback-empty">
        {t("cashback.historyEmpty")}
      </p>
    );
  }
  return (
    <div className="space-y-5">
      <CashbackTotals cashback={cashback} />
      <Suspense fallback={<Skeleton className="h-24" />}>
        <PayoutAccountSection account={cashback.payoutAccount} />
        <WithdrawSection cashback={cashback} />
      </Suspense>
      {cashback.entries.length > 0 && <CashbackHistory entries={cashback.entries} />}
    </div>
  );
}

/** Offline it says what shows once connected (the reconnect reads it again); otherwise a retry. */
function CashbackUnavailable({ onRetry }: { onRetry(): void }) {
  const t = useT();
  const online = useIsOnline();
  if (!online) {
    return (
      <p role="status" className="text-stone-700">
        {t("cashback.offline")}
      </p>
    );
  }
  return (
    <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-stone-700">
      <p>{t("cashback.loadFailed")}</p>
      <Button variant="secondary" className="min-h-11" onClick={onRetry}>
        {t("rewards.tryAgain")}
      </Button>
    </div>
  );
}

/**
 * My Rewards' "Cashback": what is hers to withdraw, what waits in unused rewards, her payout wallet,
 * the withdraw form and the history.
 */
export function CashbackCard() {
  const query = useMyCashback();
  const online = useIsOnline();
  const t = useT();
  let body = (
    <div className="space-y-2" role="status" aria-label={t("cashback.loading")}>
      <Skeleton className="h-9 w-40" />
      <Skeleton className="h-4 w-2/3" />
    </div>
  );
  if (query.data) body = <CashbackBody cashback={query.data} />;
  else if (query.isError || !online) body = <CashbackUnavailable onRetry={() => void query.refetch()} />;
  return (
    <Card
      title={t("cashback.title")}
      description={t("cashback.intro")}
      icon={<Banknote className="size-5" aria-hidden />}
      testId="cashback-card"
    >
      {body}
    </Card>
  );
}

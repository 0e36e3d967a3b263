import { CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import type { Redemption } from "../../../shared/contracts/counter";
import type { MyReward } from "../../../shared/contracts/rewards";
import { formatCedis } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { useT } from "../../lib/i18n";
import { useRefreshCashback } from "./api";

/** The success screen closes by itself after this long. */
const closeAfterDoneMs = 6_000;

/**
 * The success screen: where, a cashback's amount now in her cashback, and, when known, which redemption
 * and which staff member confirmed it.
 */
export function Redeemed({
  reward,
  redemption,
  onClose,
}: {
  reward: MyReward;
  redemption: Redemption | null;
  onClose(): void;
}) {
  const t = useT();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  useEffect(() => {
    const timer = setTimeout(() => onCloseRef.current(), closeAfterDoneMs);
    return () => clearTimeout(timer);
  }, []);
  const isCashback = reward.rewardType === "cashback";
  const refreshCashback = useRefreshCashback();
  useEffect(() => {
    if (isCashback) refreshCashback();
  }, [isCashback, refreshCashback]);
  return (
    <div className="py-2 text-center">
      <CircleCheck className="mx-auto size-16 text-green-700" aria-hidden />
      <p role="status" className="mt-2 text-2xl font-extrabold text-stone-900">
        {t("rewards.redeem.redeemedAt", { company: reward.company.name })}
      </p>
      {isCashback && reward.cashbackPesewas !== null && (
        <p className="mt-1 font-semibold text-green-800" data-testid="redeemed-cashback">
          {t("rewards.redeem.cashbackAdded", { amount: formatCedis(reward.cashbackPesewas) })}
        </p>
      )}
      {redemption && (
        <p className="mt-1 text-sm text-stone-700">
          {redemption.staffName
            ? t("rewards.redeem.redemptionConfirmed", {
                number: redemption.redemptionNumber,
                staff: redemption.staffName,
              })
            : t("rewards.redeem.redemption", { number: redemption.redemptionNumber })}
        </p>
      )}
      <Button className="mt-5 min-h-12 w-full" onClick={onClose}>
        {t("rewards.redeem.done")}
      </Button>
    </div>
  );
}

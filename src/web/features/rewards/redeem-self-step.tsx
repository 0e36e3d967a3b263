import { useState } from "react";
import type { Redemption } from "../../../shared/contracts/counter";
import type { MyReward } from "../../../shared/contracts/rewards";
import { Button } from "../../components/ui/button";
import { FormAlert } from "../../components/ui/form-alert";
import { useT } from "../../lib/i18n";
import { useRedeemReward } from "./api";
import { Sentence, slot } from "./redeem-parts";
import { redeemFailureMessage } from "./redeem-rules";

/** A reward with a code for the company's own website or app: the member marks it used there. */
export function MarkUsedStep({
  reward,
  onDone,
  onBack,
}: {
  reward: MyReward;
  onDone(redemption: Redemption): void;
  onBack(): void;
}) {
  const redeem = useRedeemReward();
  const [refusal, setRefusal] = useState<string>();
  const t = useT();
  const markUsed = () => {
    setRefusal(undefined);
    redeem.mutate(
      { rewardId: reward.id, method: "self" },
      {
        onSuccess: (result) => onDone(result.redemption),
        onError: (failure) => setRefusal(redeemFailureMessage(failure)),
      },
    );
  };
  return (
    <div className="space-y-4">
      <p className="text-lg font-bold text-stone-900">{t("rewards.redeem.markQuestion")}</p>
      {reward.code && (
        <p className="text-stone-700">
          <Sentence
            text={t("rewards.redeem.markText", { code: slot, company: reward.company.name })}
            node={<code className="font-mono font-bold">{reward.code}</code>}
          />
        </p>
      )}
      {refusal && <FormAlert testId="redeem-refusal">{refusal}</FormAlert>}
      <div className="flex flex-col gap-3 min-[380px]:flex-row-reverse">
        <Button
          className="min-h-12 flex-1"
          onClick={markUsed}
          pending={redeem.isPending}
          pendingLabel={t("rewards.redeem.marking")}
        >
          {t("rewards.redeem.markUsed")}
        </Button>
        <Button variant="secondary" className="min-h-12 flex-1" onClick={onBack}>
          {t("rewards.redeem.cancel")}
        </Button>
      </div>
    </div>
  );
}

import { Globe, KeyRound, QrCode } from "lucide-react";
import { type ReactNode, useId } from "react";
import type { MyReward } from "../../../shared/contracts/rewards";
import { useT } from "../../lib/i18n";
import { Sentence, slot } from "./redeem-parts";
import { canMarkUsedYourself } from "./redeem-rules";

/**
 * The ways a member can redeem: the QR for the counter, the staff member's code, or marking an online
 * code used (not for cashback).
 */
export type RedeemMethod = "qr" | "staff" | "self";

function MethodButton({
  icon,
  title,
  description,
  onClick,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  onClick(): void;
}) {
  const id = useId();
  return (
    <button
      type="button"
      onClick={onClick}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="flex min-h-16 w-full items-center gap-3 rounded-xl bg-white p-3 text-left ring-1 ring-stone-300 hover:bg-amber-50 focus-visible:ring-2 focus-visible:ring-amber-500 focus-visible:outline-none"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800">
        {icon}
      </span>
      <span>
        <span id={`${id}-title`} className="block font-bold text-stone-900">
          {title}
        </span>
        <span id={`${id}-description`} className="block text-sm text-stone-600">
          {description}
        </span>
      </span>
    </button>
  );
}

export function ChooseMethod({
  reward,
  offer,
  onChoose,
}: {
  reward: MyReward;
  offer: string;
  onChoose(method: RedeemMethod): void;
}) {
  const t = useT();
  return (
    <div className="space-y-3">
      <p className="text-stone-700">
        <Sentence
          text={t("rewards.redeem.offerAt", { offer: slot, company: reward.company.name })}
          node={<strong className="text-stone-900">{offer}</strong>}
        />
      </p>
      <MethodButton
        icon={<QrCode className="size-5" aria-hidden />}
        title={t("rewards.redeem.showQr")}
        description={t("rewards.redeem.showQrText")}
        onClick={() => onChoose("qr")}
      />
      <MethodButton
        icon={<KeyRound className="size-5" aria-hidden />}
        title={t("rewards.redeem.staffTypes")}
        description={t("rewards.redeem.staffTypesText")}
        onClick={() => onChoose("staff")}
      />
      {canMarkUsedYourself(reward) && (
        <MethodButton
          icon={<Globe className="size-5" aria-hidden />}
          title={t("rewards.redeem.usedOnline")}
          description={t("rewards.redeem.usedOnlineText")}
          onClick={() => onChoose("self")}
        />
      )}
    </div>
  );
}

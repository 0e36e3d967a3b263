import { Copy, MapPin } from "lucide-react";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { createPortal } from "react-dom";
import { rewardHasExpiry, rewardIsUsedAtShop } from "../../../shared/contracts/ad-options";
import type { MyReward } from "../../../shared/contracts/rewards";
import { formatCedis } from "../../../shared/money";
import { Button } from "../../components/ui/button";
import { toast } from "../../components/ui/use-toast";
import { formatAccraDate } from "../../lib/dates";
import { useIsLive } from "../../lib/hydration";
import { useT } from "../../lib/i18n";
import { translate, type UiKey } from "../../lib/language";

// Fetched on the first Redeem tap: the staff-code rules bring the form library with them.
const RedeemDialog = lazy(() =>
  import("./redeem-dialog").then((module) => ({ default: module.RedeemDialog })),
);

type T = ReturnType<typeof useT>;

const statusLabels: Record<MyReward["status"], UiKey> = {
  active: "rewards.status.active",
  used: "rewards.status.used",
  expired: "rewards.status.expired",
};

/** Only an active discount or cashback is redeemed at a counter (other rewards are used by earning them). */
export function canRedeem(reward: Pick<MyReward, "status" | "rewardType">): boolean {
  return reward.status === "active" && rewardIsUsedAtShop(reward.rewardType);
}

function offerOf(reward: MyReward, t: T): string {
  switch (reward.rewardType) {
    case "discount":
      return reward.discountPercent
        ? t("rewards.offer.percentOff", { percent: reward.discountPercent })
        : t("rewards.offer.discount");
    case "xp":
      return t("rewards.offer.xp", { xp: reward.xpAwarded });
    case "badge":
      return reward.badgeName
        ? t("rewards.offer.badgeNamed", { name: reward.badgeName })
        : t("rewards.offer.badge");
    case "experience":
      return t("rewards.offer.experience");
    case "cashback":
      return t("rewards.offer.cashback", { amount: formatCedis(reward.cashbackPesewas ?? 0) });
    default:
      return t("rewards.offer.prizeEntry");
  }
}

async function copyCode(code: string) {
  try {
    await navigator.clipboard.writeText(code);
    toast({ title: translate("rewards.codeCopied"), description: code });
  } catch {
    toast({
      title: translate("rewards.copyFailed"),
      description: translate("rewards.copyFailedText"),
      variant: "destructive",
    });
  }
}

/** How an active reward is used: a cashback at the counter only, a code at the counter or online. */
function howToUse(reward: MyReward, t: T): string {
  if (reward.rewardType === "cashback") return t("rewards.cashbackHowToUse");
  return reward.code ? t("rewards.howToUse") : "";
}

/** When the reward was used, or when it expires or expired (rewards that never expire say nothing). */
function dateLine(reward: MyReward, t: T): string | null {
  if (reward.status === "used" && reward.usedAt) {
    return t("rewards.usedOn", { date: formatAccraDate(reward.usedAt) });
  }
  if (!reward.expiresAt || !rewardHasExpiry(reward.rewardType)) return null;
  const date = formatAccraDate(reward.expiresAt);
  return reward.status === "expired" ? t("rewards.expiredOn", { date }) : t("rewards.expiresOn", { date });
}

function RewardItem({ reward, extra }: { reward: MyReward; extra?: ReactNode }) {
  const usable = reward.status === "active";
  const [redeeming, setRedeeming] = useState(false);
  // On a page the server rendered, the buttons wait for the live app rather than drop a tap.
  const live = useIsLive();
  const t = useT();
  const offer = offerOf(reward, t);
  return (
    <li
      className={`rounded-2xl p-4 ring-1 ${usable ? "bg-white ring-stone-200" : "bg-stone-50 ring-stone-100"}`}
      data-testid="my-reward"
    >
      <div className="flex items-start gap-3">
        {reward.company.logo && (
          <img
            src={reward.company.logo}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="size-10 rounded-xl object-cover"
            onError={(event) => {
              event.currentTarget.hidden = true;
            }}
          />
        )}
        <div className="min-w-0 flex-1">
          <p className="text-sm text-stone-600">{reward.company.name}</p>
          <p className="font-bold text-stone-900">{offer}</p>
          <p className="truncate text-sm text-stone-600">{reward.adTitle}</p>
        </div>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${usable ? "bg-green-100 text-green-800" : "bg-stone-200 text-stone-700"}`}
        >
          {reward.status === "active" && !rewardHasExpiry(reward.rewardType)
            ? t("rewards.status.earned")
            : t(statusLabels[reward.status])}
        </span>
      </div>
      {reward.code && (
        <div className="mt-3 flex items-center gap-2">
          <code
            className="flex-1 rounded-xl bg-stone-100 px-3 py-2 font-mono text-lg font-bold tracking-wider"
            data-testid="my-reward-code"
          >
            {reward.code}
          </code>
          {usable && (
            <button
              type="button"
              disabled={!live}
              onClick={() => void copyCode(reward.code!)}
              className="flex min-h-11 items-center gap-1 rounded-xl px-3 py-2 text-sm font-semibold text-amber-800 ring-1 ring-amber-200"
            >
              <Copy className="size-4" aria-hidden /> {t("rewards.copyCode")}
            </button>
          )}
        </div>
      )}
      {/* The draw's own prize, not what the business's ad said (docs/product-rules.md#ads-prize-entry-shows-the-draws-prize). */}
      {reward.drawPrize && (
        <p className="mt-3 text-sm text-stone-700" data-testid="reward-draw-prize">
          {t("rewards.prizeEntryDetails", { details: reward.drawPrize })}
        </p>
      )}
      {reward.experienceContent && (
        <p className="mt-3 whitespace-pre-line text-sm text-stone-700">{reward.experienceContent}</p>
      )}
      <p className="mt-3 text-xs text-stone-600">
        {usable ? howToUse(reward, t) : ""}
        {dateLine(reward, t)}
      </p>
      {canRedeem(reward) && (
        <Button className="mt-3 min-h-11 w-full" disabled={!live} onClick={() => setRedeeming(true)}>
          {t("rewards.redeemButton")}
        </Button>
      )}
      {/*
        Stays open when the reward turns used (a counter scan), so the dialog can say so. Drawn outside the
        list: a used reward moves down it, and moving an open modal dialog's node would drop it out of the
        top layer.
      */}
      {redeeming &&
        createPortal(
          <Suspense fallback={null}>
            <RedeemDialog reward={reward} offer={offer} open onClose={() => setRedeeming(false)} />
          </Suspense>,
          document.body,
        )}
      {usable && reward.googleMapsLink && (
        <a
          href={reward.googleMapsLink}
          target="_blank"
          rel="noreferrer"
          className="mt-1 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-amber-800"
        >
          <MapPin className="size-4" aria-hidden /> {reward.branchName ?? t("rewards.findShop")}
        </a>
      )}
      {extra}
    </li>
  );
}

/**
 * My Rewards: active ones first, then used and expired. `renderExtra` adds another feature's action to
 * each card (the page composes it; features don't import each other).
 */
export function RewardList({
  rewards,
  renderExtra,
}: {
  rewards: MyReward[];
  renderExtra?(reward: MyReward, offer: string): ReactNode;
}) {
  const t = useT();
  const order = { active: 0, used: 1, expired: 2 } as const;
  const sorted = [...rewards].sort((a, b) => order[a.status] - order[b.status]);
  return (
    <ul className="space-y-3" aria-label={t("rewards.listLabel")}>
      {sorted.map((reward) => (
        <RewardItem key={reward.id} reward={reward} extra={renderExtra?.(reward, offerOf(reward, t))} />
      ))}
    </ul>
  );
}

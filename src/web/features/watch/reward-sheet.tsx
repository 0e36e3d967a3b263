import { Check, Copy, Medal, PartyPopper, Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { rewardHasExpiry } from "../../../shared/contracts/ad-options";
import type { EarnedReward } from "../../../shared/contracts/watch";
import { formatCedis } from "../../../shared/money";
import { tierLabel } from "../../../shared/tiers";
import { paths } from "../../app/paths";
import { Button, buttonClass } from "../../components/ui/button";
import { formatAccraDate } from "../../lib/dates";
import { useT } from "../../lib/i18n";
import type { WatchOutcome } from "./use-watch-session";

function CopyCode({ code }: { code: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  const t = useT();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return (
    <div className="mt-3 rounded-2xl bg-stone-100 p-4 text-center">
      <p className="text-xs font-semibold tracking-wide text-stone-600 uppercase">
        {t("viewer.sheet.yourCode")}
      </p>
      <p
        data-testid="reward-code"
        className="mt-1 font-mono text-3xl font-bold tracking-widest break-all text-stone-900"
      >
        {code}
      </p>
      <Button variant="secondary" className="mt-3" onClick={() => void copy()}>
        {state === "copied" ? (
          <Check className="size-4" aria-hidden />
        ) : (
          <Copy className="size-4" aria-hidden />
        )}
        {t("viewer.sheet.copyCode")}
      </Button>
      <p aria-live="polite" className="mt-2 text-sm text-stone-600">
        {state === "copied" && t("viewer.sheet.copied")}
        {state === "failed" && t("viewer.sheet.copyFailed")}
      </p>
    </div>
  );
}

function RewardDetails({ reward }: { reward: EarnedReward }) {
  const t = useT();
  const expiry =
    reward.expiresAt && rewardHasExpiry(reward.rewardType) ? formatAccraDate(reward.expiresAt) : null;
  return (
    <>
      {reward.rewardType === "discount" && reward.discountPercent !== null && (
        <p className="text-lg font-semibold text-stone-800">
          {t("viewer.sheet.percentOff", { percent: reward.discountPercent })}
        </p>
      )}
      {reward.rewardType === "cashback" && reward.cashbackPesewas !== null && (
        <div className="mt-2" data-testid="reward-cashback">
          <p className="text-lg font-semibold text-stone-800">
            {t("viewer.sheet.cashback", { amount: formatCedis(reward.cashbackPesewas) })}
          </p>
          <p className="text-sm text-stone-600">{t("viewer.sheet.cashbackHowTo")}</p>
        </div>
      )}
      {reward.code && <CopyCode code={reward.code} />}
      {reward.badges.length > 0 && (
        <ul className="mt-3 space-y-2" data-testid="reward-badges">
          {reward.badges.map((badge) => (
            <li
              key={badge.name}
              className="flex items-center gap-3 rounded-2xl bg-blue-50 px-4 py-2 text-left text-stone-800"
            >
              <Medal className="size-6 shrink-0 text-blue-600" aria-hidden />
              <span>
                <span className="block font-bold">{t("viewer.sheet.newBadge", { name: badge.name })}</span>
                {badge.description && (
                  <span className="block text-sm text-stone-600">{badge.description}</span>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
      {reward.experienceContent && (
        <div className="mt-3 rounded-2xl bg-amber-50 p-4 text-left whitespace-pre-line text-stone-800">
          {reward.experienceContent}
        </div>
      )}
      {reward.drawEntries !== null && (
        <p className="mt-3 text-stone-800" data-testid="reward-draw-entries">
          {reward.drawPrize
            ? t("viewer.sheet.drawEntriesFor", { count: reward.drawEntries, prize: reward.drawPrize })
            : t("viewer.sheet.drawEntries", { count: reward.drawEntries })}
        </p>
      )}
      {reward.xpAwarded > 0 && (
        <p className="mt-3 text-lg font-bold text-amber-700">
          {t("viewer.sheet.xp", { xp: reward.xpAwarded })}
        </p>
      )}
      {expiry && <p className="mt-1 text-sm text-stone-600">{t("viewer.sheet.expires", { date: expiry })}</p>}
    </>
  );
}

interface RewardSheetProps {
  outcome: Extract<WatchOutcome, { kind: "reward" } | { kind: "no-code" }>;
  companyName: string;
  onKeepExploring(): void;
  /** The link under a reward: My Rewards, or the demo's call to join. */
  moreLink?: { to: string; label: string };
  /** Shown above the reward, e.g. that it is a demo and nothing was earned. */
  note?: string;
}

/** The sheet that reveals what the view earned, or says plainly that nothing was left to give. */
export function RewardSheet({ outcome, companyName, onKeepExploring, moreLink, note }: RewardSheetProps) {
  const t = useT();
  const more = moreLink ?? { to: paths.rewards, label: t("viewer.sheet.seeMyRewards") };
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // Escape closes the sheet the way "Keep exploring" does.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") onKeepExploring();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [onKeepExploring]);
  const isReward = outcome.kind === "reward";
  return (
    <div className="absolute inset-0 z-30 flex items-end justify-center bg-stone-950/60">
      <div
        role="dialog"
        aria-modal="true"
        aria-label={isReward ? t("viewer.sheet.rewardUnlocked") : t("viewer.sheet.noCode")}
        className="max-h-[92dvh] w-full max-w-md overflow-y-auto overscroll-contain rounded-t-3xl bg-white px-5 pt-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-center text-stone-900 shadow-2xl"
      >
        {outcome.kind === "reward" ? (
          <>
            <Sparkles className="mx-auto size-8 text-amber-500" aria-hidden />
            <h2 ref={headingRef} tabIndex={-1} className="mt-1 text-xl font-bold focus:outline-none">
              {t("viewer.sheet.rewardUnlocked")}
            </h2>
            <p className="text-sm text-stone-600">{t("viewer.sheet.from", { company: companyName })}</p>
            {note && (
              <p className="mt-2 rounded-xl bg-stone-100 px-3 py-1.5 text-sm font-semibold text-stone-700">
                {note}
              </p>
            )}
            {outcome.response.tierChanged && (
              <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-amber-100 px-4 py-1.5 font-bold text-amber-900">
                <PartyPopper className="size-5" aria-hidden />
                {t("viewer.sheet.reachedTier", { tier: tierLabel(outcome.response.tier) })}
              </p>
            )}
            {outcome.response.reward && <RewardDetails reward={outcome.response.reward} />}
          </>
        ) : (
          <>
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
              {t("viewer.sheet.noCode")}
            </h2>
            <p className="mt-2 text-stone-700">{outcome.message}</p>
          </>
        )}
        <div className="mt-5 flex flex-col gap-2">
          <Button onClick={onKeepExploring}>{t("viewer.sheet.keepExploring")}</Button>
          {isReward && (
            <Link to={more.to} className={buttonClass("ghost")}>
              {more.label}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

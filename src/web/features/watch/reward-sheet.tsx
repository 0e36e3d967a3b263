import { Check, Copy, Medal, PartyPopper, Sparkles } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { rewardHasExpiry } from "../../../shared/contracts/ad-options";
import type { EarnedReward } from "../../../shared/contracts/watch";
import { tierLabel } from "../../../shared/tiers";
import { paths } from "../../app/paths";
import { Button, buttonClass } from "../../components/ui/button";
import { formatAccraDate } from "../../lib/dates";
import type { WatchOutcome } from "./use-watch-session";

function CopyCode({ code }: { code: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
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
      <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">Your code</p>
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
        Copy code
      </Button>
      <p aria-live="polite" className="mt-2 text-sm text-stone-600">
        {state === "copied" && "Copied"}
        {state === "failed" && "Couldn't copy. Write the code down or find it in My Rewards."}
      </p>
    </div>
  );
}

function RewardDetails({ reward }: { reward: EarnedReward }) {
  const expiry =
    reward.expiresAt && rewardHasExpiry(reward.rewardType) ? formatAccraDate(reward.expiresAt) : null;
  return (
    <>
      {reward.rewardType === "discount" && reward.discountPercent !== null && (
        <p className="text-lg font-semibold text-stone-800">{reward.discountPercent}% off</p>
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
                <span className="block font-bold">New badge: {badge.name}</span>
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
        <p className="mt-3 text-stone-800">
          You're entered in this month's prize draw: {reward.drawEntries}{" "}
          {reward.drawEntries === 1 ? "entry" : "entries"} so far.
        </p>
      )}
      {reward.xpAwarded > 0 && (
        <p className="mt-3 text-lg font-bold text-amber-700">+{reward.xpAwarded} XP</p>
      )}
      {expiry && <p className="mt-1 text-sm text-stone-500">Expires {expiry}</p>}
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
export function RewardSheet({
  outcome,
  companyName,
  onKeepExploring,
  moreLink = { to: paths.rewards, label: "See My Rewards" },
  note,
}: RewardSheetProps) {
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
        aria-label={isReward ? "Reward unlocked" : "No code this time"}
        className="max-h-[92dvh] w-full max-w-md overflow-y-auto overscroll-contain rounded-t-3xl bg-white px-5 pt-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] text-center text-stone-900 shadow-2xl"
      >
        {outcome.kind === "reward" ? (
          <>
            <Sparkles className="mx-auto size-8 text-amber-500" aria-hidden />
            <h2 ref={headingRef} tabIndex={-1} className="mt-1 text-xl font-bold focus:outline-none">
              Reward unlocked
            </h2>
            <p className="text-sm text-stone-600">from {companyName}</p>
            {note && (
              <p className="mt-2 rounded-xl bg-stone-100 px-3 py-1.5 text-sm font-semibold text-stone-700">
                {note}
              </p>
            )}
            {outcome.response.tierChanged && (
              <p className="mt-3 inline-flex items-center gap-2 rounded-full bg-amber-100 px-4 py-1.5 font-bold text-amber-900">
                <PartyPopper className="size-5" aria-hidden />
                You reached {tierLabel(outcome.response.tier)}!
              </p>
            )}
            {outcome.response.reward && <RewardDetails reward={outcome.response.reward} />}
          </>
        ) : (
          <>
            <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold focus:outline-none">
              No code this time
            </h2>
            <p className="mt-2 text-stone-700">{outcome.message}</p>
          </>
        )}
        <div className="mt-5 flex flex-col gap-2">
          <Button onClick={onKeepExploring}>Keep exploring</Button>
          {isReward && (
            <Link to={moreLink.to} className={buttonClass("ghost")}>
              {moreLink.label}
            </Link>
          )}
        </div>
      </div>
    </div>
  );
}

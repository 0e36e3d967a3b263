import { type ReactNode, useEffect, useRef } from "react";
import type { MyReward } from "../../../shared/contracts/rewards";
import { QrCodeImage } from "../../components/qr-code-image";
import { Button } from "../../components/ui/button";
import { formatCountdown, localExpiry, secondsUntil, useNow } from "../../lib/countdown";
import { useT } from "../../lib/i18n";
import { usePollWhileVisible } from "../../lib/poll";
import { useCreateRewardQr, useMyRewards } from "./api";
import { BackButton } from "./redeem-parts";
import { redeemFailureMessage } from "./redeem-rules";

/** A reward QR is valid for 2 minutes (contracts/counter.ts). */
const rewardQrLifetimeMs = 2 * 60_000;
/** While the QR is shown, My Rewards is read this often to see the counter's scan. */
const usedPollMs = 3_000;

/** A square the size of the QR, for what shows while there is none. */
function QrBox({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex aspect-square w-[260px] max-w-full flex-col items-center justify-center gap-3 rounded-2xl bg-stone-100 p-5 text-center ring-1 ring-stone-300">
      {children}
    </div>
  );
}

/**
 * The reward's signed, single-use QR for the counter's scanner, with the time it has left. My Rewards
 * is read every few seconds meanwhile; the dialog turns to success once the reward shows as used.
 */
export function RewardQrStep({ reward, onBack }: { reward: MyReward; onBack(): void }) {
  const create = useCreateRewardQr(reward.id);
  const { mutate } = create;
  const rewards = useMyRewards();
  const now = useNow(1_000);
  const t = useT();
  const asked = useRef(false);
  useEffect(() => {
    // Once per opening, even when React runs effects twice: each call makes a new code.
    if (asked.current) return;
    asked.current = true;
    mutate();
  }, [mutate]);
  usePollWhileVisible(() => void rewards.refetch({ cancelRefetch: false }), usedPollMs);

  const qr = create.data;
  const expiresAt = qr ? localExpiry(qr.expiresAt, create.submittedAt, rewardQrLifetimeMs) : null;
  const newQr = (label: string) => (
    <Button className="min-h-11" onClick={() => mutate()}>
      {label}
    </Button>
  );

  let body: ReactNode;
  if (create.isPending) {
    body = (
      <QrBox>
        <span
          aria-hidden
          className="size-8 animate-spin rounded-full border-4 border-stone-300 border-t-stone-700"
        />
        <p role="status" className="font-semibold text-stone-800">
          {t("rewards.redeem.gettingQr")}
        </p>
      </QrBox>
    );
  } else if (create.isError) {
    body = (
      <QrBox>
        <div role="alert">
          <p className="font-bold text-stone-900">{t("rewards.redeem.qrFailed")}</p>
          <p className="mt-1 text-sm text-stone-700">{redeemFailureMessage(create.error)}</p>
        </div>
        {newQr(t("rewards.tryAgain"))}
      </QrBox>
    );
  } else if (qr && expiresAt !== null && now < expiresAt) {
    body = (
      <div className="text-center">
        <div className="mx-auto w-[260px] max-w-full overflow-hidden rounded-2xl bg-white ring-1 ring-stone-300">
          <QrCodeImage
            data={qr.qrData}
            label={t("rewards.redeem.qrLabel")}
            testId="reward-qr"
            className="w-full"
          />
        </div>
        <p className="mt-2 font-semibold text-stone-900">
          {t("rewards.redeem.expiresIn", { time: formatCountdown(secondsUntil(expiresAt, now)) })}
        </p>
        <p className="mt-1 text-sm text-stone-700">
          {t("rewards.redeem.scanOnce", { company: reward.company.name })}
        </p>
        <p className="mt-3 text-sm font-medium text-stone-700">{t("rewards.redeem.typedCodeIntro")}</p>
        <fieldset
          aria-label={t("rewards.redeem.typedCode")}
          data-testid="reward-typed-code"
          className="mt-1 min-w-0 font-mono text-3xl font-extrabold tracking-[0.12em] text-stone-950 select-all"
        >
          {qr.typedCode}
        </fieldset>
      </div>
    );
  } else {
    body = (
      <QrBox>
        <div role="status">
          <p className="font-bold text-stone-900">{t("rewards.redeem.qrExpired")}</p>
          <p className="mt-1 text-sm text-stone-700">{t("rewards.redeem.qrExpiredText")}</p>
        </div>
        {newQr(t("rewards.redeem.newQr"))}
      </QrBox>
    );
  }
  return (
    <div className="space-y-3">
      {body}
      <BackButton onBack={onBack} />
    </div>
  );
}

import { RefreshCw, WifiOff } from "lucide-react";
import type { ReactNode } from "react";
import { QrCodeImage } from "../../components/qr-code-image";
import { Button } from "../../components/ui/button";
import { serverMessage } from "../../lib/api-errors";
import { secondsUntil, useNow } from "../../lib/countdown";
import { useT } from "../../lib/i18n";
import { isConnectionFailure, useIsOnline } from "../../lib/network-status";
import { useMemberQr } from "./api";
import { qrPhaseAt, qrScheduleOf } from "./qr-schedule";

/** The QR's square, the same size whatever it holds, so nothing jumps when a code arrives. */
function QrFrame({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-[260px] max-w-full">{children}</div>;
}

function NoCode({ children }: { children: ReactNode }) {
  return (
    <div className="text-center">
      <QrFrame>
        <div className="flex aspect-square flex-col items-center justify-center gap-3 rounded-2xl bg-stone-100 p-5 text-center ring-1 ring-stone-300">
          {children}
        </div>
      </QrFrame>
      <div aria-hidden className="invisible">
        <CodeLines />
      </div>
    </div>
  );
}

/**
 * The lines under the QR: its status, the short code staff can type, and the brightness tip. Drawn unseen
 * and empty below a square with no code yet, so the stamp cards below stay where they are when the code
 * arrives instead of jumping down under a finger.
 */
function CodeLines({ status, shortCode }: { status?: ReactNode; shortCode?: string }) {
  const t = useT();
  return (
    <>
      <p className="mt-2 flex min-h-6 items-center justify-center gap-1.5 text-sm font-medium text-stone-700">
        {status}
      </p>
      <p className="mt-4 text-sm font-medium text-stone-700">{t("loyalty.qr.typeThis")}</p>
      <fieldset
        aria-label={t("loyalty.qr.shortCode")}
        className="mt-1 min-w-0 font-mono text-4xl font-extrabold tracking-[0.15em] text-stone-950 select-all"
      >
        {shortCode ?? "\u00a0"}
      </fieldset>
      <p className="mt-3 text-xs text-stone-600">{t("loyalty.qr.brightness")}</p>
    </>
  );
}

/**
 * The member's rotating QR, drawn large in black on white, with its short code for staff whose camera
 * fails and a countdown to the next code. A code past its expiry is never on screen.
 */
export function MemberQrPanel() {
  const qr = useMemberQr();
  const online = useIsOnline();
  const now = useNow(1_000);
  const t = useT();
  const schedule = qr.data ? qrScheduleOf(qr.data, qr.dataUpdatedAt) : null;
  const phase = qrPhaseAt(schedule, now);
  // The last request failed, or the one under way already failed once and is being retried.
  const failing = qr.isError || qr.failureCount > 0;
  const failure = qr.error ?? qr.failureReason;

  if (qr.data && schedule && (phase === "fresh" || phase === "due")) {
    const secondsLeft = secondsUntil(schedule.expiresAt, now);
    let status: string;
    if (phase === "fresh") status = t("loyalty.qr.newIn", { seconds: secondsUntil(schedule.refreshAt, now) });
    else if (!online) status = t("loyalty.qr.offlineWorks", { seconds: secondsLeft });
    else if (failing) status = t("loyalty.qr.failingWorks", { seconds: secondsLeft });
    else status = t("loyalty.qr.gettingNew");
    return (
      <div className="text-center">
        <QrFrame>
          <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-stone-300">
            <QrCodeImage
              data={qr.data.qrData}
              label={t("loyalty.qr.label")}
              testId="member-qr"
              className="w-full"
            />
          </div>
        </QrFrame>
        <CodeLines
          status={
            <>
              {phase === "due" && online && !failing && (
                <RefreshCw className="size-4 animate-spin" aria-hidden />
              )}
              {status}
            </>
          }
          shortCode={qr.data.shortCode}
        />
      </div>
    );
  }

  // A code that died in the background is replaced at once: "expired" is only said once asking failed.
  if (!failing && (qr.isFetching || online)) {
    return (
      <NoCode>
        <span
          aria-hidden
          className="size-8 animate-spin rounded-full border-4 border-stone-300 border-t-stone-700"
        />
        <p role="status" className="font-semibold text-stone-800">
          {phase === "expired" ? t("loyalty.qr.gettingNew") : t("loyalty.qr.getting")}
        </p>
      </NoCode>
    );
  }

  const retry = (
    <Button
      className="min-h-11"
      onClick={() => void qr.refetch()}
      pending={qr.isFetching && qr.failureCount === 0}
    >
      {t("loyalty.qr.tryAgain")}
    </Button>
  );
  if (!online || isConnectionFailure(failure)) {
    return (
      <NoCode>
        <WifiOff className="size-8 text-amber-700" aria-hidden />
        <div role="alert">
          <p className="font-bold text-stone-900">{t("loyalty.qr.offline")}</p>
          <p className="mt-1 text-sm text-stone-700">{t("loyalty.qr.offlineText")}</p>
        </div>
        {retry}
      </NoCode>
    );
  }
  return (
    <NoCode>
      <div role="alert">
        <p className="font-bold text-stone-900">
          {phase === "expired" ? t("loyalty.qr.expired") : t("loyalty.qr.failed")}
        </p>
        <p className="mt-1 text-sm text-stone-700">{serverMessage(failure) ?? t("loyalty.qr.checkSignal")}</p>
      </div>
      {retry}
    </NoCode>
  );
}

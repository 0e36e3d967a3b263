import { CloudOff, LogIn, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { useT } from "../../lib/i18n";
import { useIsOnline } from "../../lib/network-status";
import { useQueuedScans } from "./api";

interface SyncStatusProps {
  companyId: number;
  needsSignIn: boolean;
  onSyncNow(): void;
}

/** How many of this phone's scans wait to be sent, and what staff can do about it. Says nothing when all is sent. */
export function SyncStatus({ companyId, needsSignIn, onSyncNow }: SyncStatusProps) {
  const t = useT();
  const online = useIsOnline();
  const queued = useQueuedScans(companyId);
  const waiting = (queued.data ?? []).filter((item) => item.status === "waiting").length;

  let body: ReactNode = null;
  if (needsSignIn && waiting > 0) {
    body = (
      <div className="rounded-2xl bg-red-700 p-4 text-white">
        <p className="font-bold">{t("counter.sync.signInToSend", { count: waiting })}</p>
        <Link
          to={paths.merchantLogin}
          className="mt-3 inline-flex min-h-12 items-center gap-2 rounded-xl bg-white px-4 font-extrabold text-red-900"
        >
          <LogIn className="size-5" aria-hidden /> {t("counter.signInAgain")}
        </Link>
      </div>
    );
  } else if (waiting > 0) {
    body = (
      <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-amber-300 p-4 text-stone-950">
        <CloudOff className="size-6 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1 font-bold">
          {t("counter.sync.waiting", { count: waiting })}{" "}
          <span className="font-medium">
            {t(online ? "counter.sync.sendingSoon" : "counter.sync.sendingLater")}
          </span>
        </p>
        {online && (
          <button
            type="button"
            onClick={onSyncNow}
            className="inline-flex min-h-12 items-center gap-2 rounded-xl bg-stone-950 px-4 font-bold text-white"
          >
            <RefreshCw className="size-5" aria-hidden /> {t("counter.sync.sendNow")}
          </button>
        )}
      </div>
    );
  } else if (!online) {
    body = (
      <p className="flex items-center gap-3 rounded-2xl bg-stone-900 p-4 font-semibold text-white">
        <CloudOff className="size-6 shrink-0 text-amber-300" aria-hidden />
        {t("counter.sync.offline")}
      </p>
    );
  }

  return (
    <div role="status" data-testid="counter-sync-status">
      {body}
    </div>
  );
}

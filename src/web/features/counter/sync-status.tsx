import { CloudOff, LogIn, RefreshCw } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { useIsOnline } from "../../lib/network-status";
import { useQueuedScans } from "./api";

interface SyncStatusProps {
  companyId: number;
  needsSignIn: boolean;
  onSyncNow(): void;
}

/** How many of this phone's scans wait to be sent, and what staff can do about it. Says nothing when all is sent. */
export function SyncStatus({ companyId, needsSignIn, onSyncNow }: SyncStatusProps) {
  const online = useIsOnline();
  const queued = useQueuedScans(companyId);
  const waiting = (queued.data ?? []).filter((item) => item.status === "waiting").length;
  const scans = `${waiting} ${waiting === 1 ? "scan" : "scans"}`;

  let body: ReactNode = null;
  if (needsSignIn && waiting > 0) {
    body = (
      <div className="rounded-2xl bg-red-700 p-4 text-white">
        <p className="font-bold">
          Your session has ended. Sign in again to send {scans} waiting to sync; they stay on this phone.
        </p>
        <Link
          to={paths.merchantLogin}
          className="mt-3 inline-flex min-h-12 items-center gap-2 rounded-xl bg-white px-4 font-extrabold text-red-900"
        >
          <LogIn className="size-5" aria-hidden /> Sign in again
        </Link>
      </div>
    );
  } else if (waiting > 0) {
    body = (
      <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-amber-300 p-4 text-stone-950">
        <CloudOff className="size-6 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1 font-bold">
          {scans} waiting to sync.{" "}
          <span className="font-medium">
            {online ? "Sending when the server answers." : "They'll be sent when the connection returns."}
          </span>
        </p>
        {online && (
          <button
            type="button"
            onClick={onSyncNow}
            className="inline-flex min-h-12 items-center gap-2 rounded-xl bg-stone-950 px-4 font-bold text-white"
          >
            <RefreshCw className="size-5" aria-hidden /> Send now
          </button>
        )}
      </div>
    );
  } else if (!online) {
    body = (
      <p className="flex items-center gap-3 rounded-2xl bg-stone-900 p-4 font-semibold text-white">
        <CloudOff className="size-6 shrink-0 text-amber-300" aria-hidden />
        You're offline. Stamps, redemptions and points are kept on this phone and sent when the connection
        returns.
      </p>
    );
  }

  return (
    <div role="status" data-testid="counter-sync-status">
      {body}
    </div>
  );
}

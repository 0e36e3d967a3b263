import { Link } from "react-router";
import { paths } from "../../app/paths";
import { OfflineNotice } from "../../components/ui/offline-notice";
import { useT } from "../../lib/i18n";

/** The viewer with no connection: watching needs one, but the member's codes in My Rewards don't. */
export function ViewerOffline({ onRetry, retrying }: { onRetry(): void; retrying: boolean }) {
  const t = useT();
  return (
    <div className="fixed inset-0 flex items-center justify-center bg-stone-950">
      <OfflineNotice
        needsConnectionTo={t("viewer.needsConnection")}
        onRetry={onRetry}
        retrying={retrying}
        dark
        headingLevel={1}
      >
        <Link
          to={paths.rewards}
          className="inline-flex min-h-11 items-center rounded-xl px-5 font-semibold text-amber-300 ring-1 ring-amber-300/60 hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-amber-300 focus-visible:outline-none"
        >
          {t("viewer.myRewards")}
        </Link>
      </OfflineNotice>
    </div>
  );
}

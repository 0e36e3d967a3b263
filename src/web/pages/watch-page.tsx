import { useEffect } from "react";
import { Link, Navigate } from "react-router";
import { brand } from "../../shared/brand";
import { mobileWatchPath, paths } from "../app/paths";
import { RequireAuth } from "../components/require-auth";
import { buttonClass } from "../components/ui/button";
import { LoadError } from "../components/ui/load-error";
import { PageSpinner } from "../components/ui/page-spinner";
import { useDiscovery } from "../features/discover/api";
import { useT } from "../lib/i18n";

/** The Watch tab: straight into the viewer with the first ad not watched yet (Discover's order). */
function NextAd() {
  const query = useDiscovery({ sort: "default" });
  const t = useT();
  if (query.isPending) return <PageSpinner />;
  if (query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  const ads = query.data ?? [];
  const next = ads.find((ad) => !ad.isWatched) ?? ads[0];
  if (next) return <Navigate to={mobileWatchPath(next.id)} replace />;
  return (
    <div className="mx-auto max-w-md px-6 py-16 text-center" data-testid="watch-empty">
      <p className="text-xl font-bold text-stone-900">{t("discover.emptyTitle")}</p>
      <p className="mt-2 text-stone-600">{t("discover.emptyText")}</p>
      <Link to={paths.home} className={buttonClass("primary", "mt-6")}>
        {t("viewer.backToDiscover")}
      </Link>
    </div>
  );
}

export default function WatchPage() {
  const t = useT();
  useEffect(() => {
    document.title = t("viewer.title", { brand: brand.name });
  }, [t]);
  return (
    <RequireAuth>
      <NextAd />
    </RequireAuth>
  );
}

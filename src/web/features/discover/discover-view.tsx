import { Flame, Gift, MapPin, RefreshCw, Search, User, X } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { Link } from "react-router";
import { brand } from "../../../shared/brand";
import { categories } from "../../../shared/categories";
import { discoverFirstCards } from "../../../shared/member-home";
import { tierLabel } from "../../../shared/tiers";
import { paths } from "../../app/paths";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { inputClass, inputStateClass } from "../../components/ui/field-parts";
import { LoadError } from "../../components/ui/load-error";
import { OfflineNotice } from "../../components/ui/offline-notice";
import { useAuth } from "../../lib/auth";
import { categoryNameKey } from "../../lib/category-names";
import { useIsLive } from "../../lib/hydration";
import { useT } from "../../lib/i18n";
import type { UiKey } from "../../lib/language";
import { isConnectionFailure, useIsOnline } from "../../lib/network-status";
import { AdCard } from "./ad-card";
import { type DiscoveryMode, useDiscovery } from "./api";
import { DiscoverSkeletonGrid, masonryClass } from "./discover-skeleton";
import { filterDiscoveryAds } from "./filter";
import { useImpressionTracker } from "./impressions";
import { type FallbackReason, geolocationSupported, locationAlreadyAllowed, useLocate } from "./near-me";

/**
 * The first row on a phone (two columns), all a phone's first screen shows of the grid: its images load
 * first, and the server renders only these cards. The pictures of the rest would share a slow connection
 * with the first row's and hold the first screen back; they come once the app is live, as they scroll
 * into view.
 */
const aboveTheFoldCards = 2;
const fallbackKeys: Record<FallbackReason, UiKey> = {
  denied: "discover.fallbackDenied",
  unavailable: "discover.fallbackUnavailable",
  unsupported: "discover.fallbackUnsupported",
  declined: "discover.fallbackDeclined",
};

function Greeting() {
  const { user } = useAuth();
  const t = useT();
  if (!user) return null;
  return (
    <section
      aria-label={t("discover.progress")}
      className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-gradient-to-r from-amber-700 to-orange-800 px-4 py-3 text-white sm:p-4"
    >
      <div>
        <p className="text-lg font-bold">{t("discover.hi", { name: user.displayName })}</p>
        <p className="text-sm font-medium text-white">
          <span data-testid="discover-xp">{t("discover.xp", { xp: user.xpPoints ?? 0 })}</span> ·{" "}
          <span data-testid="discover-tier">{tierLabel(user.tier ?? "bronze")}</span>
        </p>
      </div>
      {/* On a phone the bottom bar carries both, and the first screen is kept for the first ads. */}
      <div className="hidden gap-2 sm:flex">
        <Link
          to={paths.rewards}
          className="inline-flex items-center gap-1.5 rounded-xl bg-white px-3 py-2 text-sm font-semibold text-amber-800"
        >
          <Gift className="size-4" aria-hidden /> {t("discover.myRewards")}
        </Link>
        <Link
          to={paths.profile}
          className="inline-flex items-center gap-1.5 rounded-xl px-3 py-2 text-sm font-semibold text-white ring-1 ring-white/70"
        >
          <User className="size-4" aria-hidden /> {t("discover.profile")}
        </Link>
      </div>
    </section>
  );
}

function modeText(t: ReturnType<typeof useT>, mode: DiscoveryMode, fallback: FallbackReason | null): string {
  switch (mode.sort) {
    case "default":
      return t("discover.modeDefault");
    case "trending":
      return t("discover.modeTrending");
    case "near":
      if (mode.position) return t("discover.modeNearPosition");
      return fallback
        ? t("discover.modeNearFallback", { reason: t(fallbackKeys[fallback]) })
        : t("discover.modeNearCity");
  }
}

const quickButton = (active: boolean) =>
  `inline-flex items-center gap-1.5 rounded-xl px-3 py-2 text-sm font-semibold transition-colors ${
    active ? "bg-stone-900 text-white" : "bg-white text-stone-800 ring-1 ring-stone-300 hover:bg-stone-50"
  }`;

/**
 * Whether the cards after the first row show: at once on a page the browser renders, and a task after
 * the app goes live on the server's page, so adopting that page stays one short task on a slow phone.
 */
function useRestOfCardsOnceLive(live: boolean): boolean {
  const [shown, setShown] = useState(live);
  useEffect(() => {
    if (!live || shown) return;
    const timer = setTimeout(() => setShown(true));
    return () => clearTimeout(timer);
  }, [live, shown]);
  return shown;
}

/** The signed-in home: greeting, quick buttons, search and the grid. */
export default function DiscoverView() {
  const [mode, setMode] = useState<DiscoveryMode>({ sort: "default" });
  const [fallback, setFallback] = useState<FallbackReason | null>(null);
  const [askLocation, setAskLocation] = useState(false);
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState("");
  const [expanded, setExpanded] = useState(false);
  const { locate, locating } = useLocate();
  const query = useDiscovery(mode);
  const online = useIsOnline();
  // No list and no way to fetch one: nothing to search or filter, so the notice replaces it all, in view.
  const cannotLoad = !query.data && (!online || (query.isError && isConnectionFailure(query.error)));
  const track = useImpressionTracker();
  const searchId = useId();
  const categoryId = useId();
  const t = useT();
  // Server-rendered, its controls wait for the app (typing into a search that isn't live would be lost).
  const live = useIsLive();

  useEffect(() => {
    document.title = t("discover.title", { brand: brand.name });
  }, [t]);

  const ads = query.data;
  const filtered = useMemo(() => filterDiscoveryAds(ads ?? [], search, category), [ads, search, category]);
  const shown = expanded ? filtered : filtered.slice(0, discoverFirstCards);
  const restShown = useRestOfCardsOnceLive(live);
  const rendered = restShown ? shown : shown.slice(0, aboveTheFoldCards);

  const nearByCity = (reason: FallbackReason) => {
    setFallback(reason);
    setMode({ sort: "near", position: null });
  };
  const shareMyPosition = async () => {
    setAskLocation(false);
    const result = await locate();
    if ("position" in result) {
      setFallback(null);
      setMode({ sort: "near", position: result.position });
    } else nearByCity(result.reason);
  };
  const pressNearMe = async () => {
    if (mode.sort === "near") return setMode({ sort: "default" });
    if (!geolocationSupported()) return nearByCity("unsupported");
    if (await locationAlreadyAllowed()) return shareMyPosition();
    setAskLocation(true);
  };
  const pressTrending = () => setMode(mode.sort === "trending" ? { sort: "default" } : { sort: "trending" });
  const clear = () => {
    setSearch("");
    setCategory("");
  };

  return (
    // On a 360 × 740 phone the first row of ads starts on the first screen (docs/product-rules.md#ads-discover-first-screen):
    // tighter spacing, the introduction from `sm` up, the quick buttons in one row.
    <div className="mx-auto max-w-7xl space-y-3 px-4 py-4 sm:space-y-5 sm:py-6">
      <header>
        <h1 className="text-2xl font-extrabold text-stone-900 sm:text-3xl">{t("discover.heading")}</h1>
        <p className="mt-1 hidden text-stone-600 sm:block">
          {t("discover.intro", { country: brand.country })}
        </p>
      </header>

      <Greeting />

      {cannotLoad && (
        <OfflineNotice
          needsConnectionTo={t("discover.needsConnection")}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}

      <div className="space-y-2" hidden={cannotLoad}>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            aria-pressed={mode.sort === "trending"}
            disabled={!live}
            onClick={pressTrending}
            className={quickButton(mode.sort === "trending")}
          >
            <Flame className="size-4" aria-hidden /> {t("discover.trending")}
          </button>
          <button
            type="button"
            aria-pressed={mode.sort === "near"}
            aria-busy={locating || undefined}
            disabled={locating || !live}
            onClick={() => void pressNearMe()}
            className={quickButton(mode.sort === "near")}
          >
            <MapPin className="size-4" aria-hidden />{" "}
            {locating ? t("discover.findingYou") : t("discover.nearMe")}
          </button>
          <button
            type="button"
            disabled={!live}
            onClick={() => window.location.reload()}
            className={quickButton(false)}
          >
            <RefreshCw className="size-4" aria-hidden />{" "}
            <span className="sr-only sm:not-sr-only">{t("discover.refresh")}</span>
          </button>
        </div>
        <p role="status" data-testid="discover-mode" className="text-sm text-stone-600">
          {modeText(t, mode, fallback)}
          {query.isPlaceholderData && query.isFetching && ` ${t("discover.updating")}`}
        </p>
      </div>

      <search className="flex flex-col gap-2 sm:flex-row sm:items-end" hidden={cannotLoad}>
        <div className="relative flex-1">
          <label htmlFor={searchId} className="sr-only">
            {t("discover.searchLabel")}
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 mt-0.5 size-4 -translate-y-1/2 text-stone-400"
            aria-hidden
          />
          <input
            id={searchId}
            type="search"
            value={search}
            disabled={!live}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t("discover.searchPlaceholder")}
            autoComplete="off"
            className={`${inputClass} ${inputStateClass(false)} pl-9`}
          />
        </div>
        <div className="flex gap-2">
          <div className="min-w-0 flex-1 sm:w-64 sm:flex-none">
            <label htmlFor={categoryId} className="sr-only">
              {t("discover.category")}
            </label>
            <select
              id={categoryId}
              value={category}
              disabled={!live}
              onChange={(event) => setCategory(event.target.value)}
              className={`${inputClass} ${inputStateClass(false)}`}
            >
              <option value="">{t("discover.allCategories")}</option>
              {categories.map((name) => (
                <option key={name} value={name}>
                  {t(categoryNameKey[name])}
                </option>
              ))}
            </select>
          </div>
          <Button variant="secondary" className="mt-1 px-4" disabled={!live} onClick={clear}>
            <X className="size-4" aria-hidden /> {t("discover.clear")}
          </Button>
        </div>
      </search>

      {cannotLoad ? null : query.isPending ? (
        <DiscoverSkeletonGrid />
      ) : query.isError && !ads ? (
        <LoadError onRetry={() => void query.refetch()} />
      ) : ads && ads.length === 0 ? (
        <div
          data-testid="discover-empty"
          className="rounded-2xl bg-white p-10 text-center ring-1 ring-stone-200"
        >
          <h2 className="text-xl font-bold text-stone-900">{t("discover.emptyTitle")}</h2>
          <p className="mt-1 text-stone-600">{t("discover.emptyText")}</p>
        </div>
      ) : filtered.length === 0 ? (
        <div
          data-testid="discover-no-match"
          className="rounded-2xl bg-white p-10 text-center ring-1 ring-stone-200"
        >
          <h2 className="text-xl font-bold text-stone-900">{t("discover.noMatchTitle")}</h2>
          <p className="mt-1 text-stone-600">{t("discover.noMatchText")}</p>
          <Button variant="secondary" className="mt-4" onClick={clear}>
            {t("discover.showAll")}
          </Button>
        </div>
      ) : (
        <>
          <ul aria-label={t("discover.listLabel")} className={masonryClass}>
            {rendered.map((ad, index) => (
              <AdCard key={ad.id} ad={ad} track={track} aboveTheFold={index < aboveTheFoldCards} />
            ))}
          </ul>
          {!expanded && filtered.length > discoverFirstCards && (
            <div className="text-center">
              <Button disabled={!live} onClick={() => setExpanded(true)}>
                {t("discover.viewMore")}
              </Button>
              <p className="mt-2 text-xs text-stone-500">
                {t("discover.showing", { shown: discoverFirstCards, total: filtered.length })}
              </p>
            </div>
          )}
        </>
      )}

      <Dialog open={askLocation} onClose={() => setAskLocation(false)} title={t("discover.locationTitle")}>
        <p className="text-stone-700">{t("discover.locationText", { brand: brand.name })}</p>
        <p className="mt-2 text-sm text-stone-600">{t("discover.locationNext")}</p>
        <div className="mt-5 flex flex-col gap-2 sm:flex-row-reverse">
          <Button onClick={() => void shareMyPosition()}>
            <MapPin className="size-4" aria-hidden /> {t("discover.shareLocation")}
          </Button>
          <Button
            variant="secondary"
            onClick={() => {
              setAskLocation(false);
              nearByCity("declined");
            }}
          >
            {t("discover.useCity")}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

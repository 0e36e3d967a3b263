import { Check, ImageIcon, Pause, Play, Star } from "lucide-react";
import { type MouseEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { DiscoveryAd } from "../../../shared/contracts/ads";
import { avifSiblingOf, smallThumbnailOf } from "../../../shared/media";
import { mobileWatchPath, placePath } from "../../app/paths";
import { useDataSaver } from "../../lib/data-saver";
import { useIsLive } from "../../lib/hydration";
import { useT } from "../../lib/i18n";
import type { UiKey } from "../../lib/language";

/** The thumbnail box the server makes for cards (WebP and AVIF, cover crop). */
const thumbnail = { width: 360, height: 640 } as const;
const longPressMs = 400;
const rewardBadge: Record<DiscoveryAd["rewardType"], UiKey> = {
  discount: "discover.card.discount",
  xp: "discover.card.xp",
  badge: "discover.card.badge",
  experience: "discover.card.experience",
  prize_entry: "discover.card.prizeEntry",
  cashback: "discover.card.cashback",
};
/** One decimal at most, as the card shows distances. */
const roundedKm = (km: number) => Math.round(km * 10) / 10;

/** Plays a muted preview. The element (and so the download) exists only while the preview is wanted. */
function PreviewVideo({ src, poster }: { src: string; poster: string | null }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.play().catch(() => undefined);
    return () => {
      video.pause();
      video.removeAttribute("src");
      video.load();
    };
  }, []);
  return (
    <video
      ref={ref}
      src={src}
      poster={poster ?? undefined}
      preload="none"
      muted
      playsInline
      loop
      aria-hidden
      data-testid="ad-card-video"
      className="absolute inset-0 size-full object-cover"
    />
  );
}

interface AdCardProps {
  ad: DiscoveryAd;
  /** Registers the card for impression counting; returns its cleanup. */
  track(adId: number, element: Element): () => void;
  /** A card on the first screen: its image loads at once and first, not when scrolled to. */
  aboveTheFold?: boolean;
}

/**
 * A Discover card: the WebP thumbnail (lazy), the company logo (hidden silently if it fails), and for a
 * video a preview whose bytes load only on hover (mouse) or on tap-and-hold / the play button (touch).
 */
export function AdCard({ ad, track, aboveTheFold = false }: AdCardProps) {
  const t = useT();
  const dataSaver = useDataSaver();
  // With the data saver on, no video previews at all: a video's bytes load only in the viewer.
  const isVideo = ad.mediaType === "video";
  const previews = isVideo && !dataSaver;
  const [previewing, setPreviewing] = useState(false);
  const [logoFailed, setLogoFailed] = useState(false);
  // On the server's page the business's logo waits for the live app: the first row's pictures, what the
  // member came to see, then have a slow connection to themselves.
  const live = useIsLive();
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  // The small sibling first with the data saver on; a thumbnail older than the small ones has none.
  const [smallFailed, setSmallFailed] = useState(false);
  const useSmall = dataSaver && !smallFailed;
  // The AVIF sibling where the browser takes it; a thumbnail older than the AVIF ones has none.
  const [avifFailed, setAvifFailed] = useState(false);
  const press = useRef<{ timer: ReturnType<typeof setTimeout> | undefined; fired: boolean }>({
    timer: undefined,
    fired: false,
  });

  const cardRef = useCallback((element: HTMLLIElement) => track(ad.id, element), [ad.id, track]);
  useEffect(() => () => clearTimeout(press.current.timer), []);

  const onPointerEnter = (event: PointerEvent) => {
    if (previews && event.pointerType === "mouse") setPreviewing(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    clearTimeout(press.current.timer);
    if (previews && event.pointerType === "mouse") setPreviewing(false);
  };
  const onPointerDown = (event: PointerEvent) => {
    press.current.fired = false;
    if (!previews || event.pointerType === "mouse") return;
    clearTimeout(press.current.timer);
    press.current.timer = setTimeout(() => {
      press.current.fired = true;
      setPreviewing(true);
    }, longPressMs);
  };
  const endPress = () => clearTimeout(press.current.timer);
  // A tap-and-hold started the preview: the finger lifting is not a tap on the link.
  const onClick = (event: MouseEvent) => {
    if (press.current.fired) {
      event.preventDefault();
      press.current.fired = false;
    }
  };

  const showThumbnail = ad.thumbnailUrl && !thumbnailFailed;
  const webpThumbnail = ad.thumbnailUrl && (useSmall ? smallThumbnailOf(ad.thumbnailUrl) : ad.thumbnailUrl);
  const onThumbnailError = (image: HTMLImageElement) => {
    if (image.currentSrc.endsWith(".avif")) setAvifFailed(true);
    else if (useSmall) setSmallFailed(true);
    else setThumbnailFailed(true);
  };
  return (
    <li
      ref={cardRef}
      data-testid="ad-card"
      className="relative overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-stone-200"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
    >
      <Link
        // Named by what it shows (badges, title, business, distance), so speech matches the screen.
        to={mobileWatchPath(ad.id)}
        onPointerDown={onPointerDown}
        onPointerUp={endPress}
        onPointerCancel={endPress}
        onClick={onClick}
        // A long press opens the phone's link menu; when it started a preview, keep the menu away.
        onContextMenu={(event) => {
          if (press.current.fired) event.preventDefault();
        }}
        className="block select-none focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-amber-500 [-webkit-touch-callout:none]"
      >
        <div className="relative aspect-[9/16] bg-stone-100">
          {showThumbnail && webpThumbnail ? (
            <picture className="contents">
              {!avifFailed && <source type="image/avif" srcSet={avifSiblingOf(webpThumbnail)} />}
              <img
                ref={(image) => {
                  // A picture of the server's page that failed before the app was live: no error event comes.
                  if (image?.complete && image.naturalWidth === 0 && image.currentSrc)
                    onThumbnailError(image);
                }}
                src={webpThumbnail}
                alt=""
                width={thumbnail.width}
                height={thumbnail.height}
                loading={aboveTheFold ? "eager" : "lazy"}
                fetchPriority={aboveTheFold ? "high" : "auto"}
                decoding="async"
                draggable={false}
                onError={(event) => onThumbnailError(event.currentTarget)}
                className="size-full object-cover"
              />
            </picture>
          ) : (
            <div
              data-testid="ad-card-placeholder"
              className="flex size-full flex-col items-center justify-center gap-2 bg-gradient-to-br from-amber-100 to-orange-200 text-amber-800"
            >
              <ImageIcon className="size-8" aria-hidden />
              <span className="px-3 text-center text-xs font-semibold">{ad.company.name}</span>
            </div>
          )}
          {previews && previewing && <PreviewVideo src={ad.mediaUrl} poster={ad.thumbnailUrl} />}
        </div>
        {/* Badges and the logo sit below the picture, never on it: an ad's picture carries its own words. */}
        <div className="p-3">
          <div className="flex flex-wrap gap-1 text-[11px] font-semibold">
            {ad.isFeatured && (
              <span className="inline-flex items-center gap-0.5 rounded-full bg-amber-500 px-2 py-0.5 text-stone-900">
                <Star className="size-3" aria-hidden /> {t("discover.card.featured")}
              </span>
            )}
            <span data-testid="ad-card-reward" className="rounded-full bg-stone-800 px-2 py-0.5 text-white">
              {t(rewardBadge[ad.rewardType])}
            </span>
            {ad.isWatched && (
              <span className="inline-flex items-center gap-0.5 rounded-full bg-stone-100 px-2 py-0.5 text-stone-700">
                <Check className="size-3" aria-hidden /> {t("discover.card.watched")}
              </span>
            )}
          </div>
          <h2 className="mt-1.5 line-clamp-2 text-sm font-bold text-stone-900">{ad.title}</h2>
          <p className="mt-1 flex items-start gap-1.5 text-xs text-stone-500">
            {ad.company.logo && !logoFailed && (
              // The logo's place is kept while the server's page waits for the live app, so nothing moves.
              <span className="size-5 shrink-0 overflow-hidden rounded-full bg-stone-100">
                {live && (
                  <img
                    src={ad.company.logo}
                    alt=""
                    width={20}
                    height={20}
                    loading="lazy"
                    decoding="async"
                    onError={() => setLogoFailed(true)}
                    data-testid="ad-card-logo"
                    className="size-full object-cover"
                  />
                )}
              </span>
            )}
            <span data-testid="ad-card-company" className="min-w-0 self-center">
              {ad.company.name}
              {ad.distanceKm !== null && t("discover.card.away", { km: roundedKm(ad.distanceKm) })}
              {isVideo && t("discover.card.video")}
            </span>
          </p>
          {ad.drawPrize && (
            <p className="mt-1 text-xs font-semibold text-amber-800" data-testid="ad-card-draw-prize">
              {t("discover.card.drawPrize", { prize: ad.drawPrize })}
            </p>
          )}
          {ad.description && <p className="mt-1 line-clamp-2 text-xs text-stone-600">{ad.description}</p>}
        </div>
      </Link>
      <Link
        to={placePath(ad.company.id)}
        className="-mt-2 block truncate px-3 pb-3 text-xs font-semibold text-amber-800 hover:underline"
        data-testid="ad-card-company-link"
      >
        {t("discover.card.about", { company: ad.company.name })}
      </Link>
      {previews && (
        <button
          type="button"
          aria-pressed={previewing}
          aria-label={t(previewing ? "discover.card.stopPreview" : "discover.card.playPreview", {
            title: ad.title,
          })}
          onClick={() => setPreviewing((on) => !on)}
          className="absolute top-2 right-2 flex size-9 items-center justify-center rounded-full bg-stone-900/70 text-white hover:bg-stone-900"
        >
          {previewing ? <Pause className="size-4" aria-hidden /> : <Play className="size-4" aria-hidden />}
        </button>
      )}
    </li>
  );
}

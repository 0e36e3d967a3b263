import { ChevronLeft, ChevronRight, Gift, Pause, Play, Volume2, VolumeX, X } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { ViewerAd } from "../../../shared/contracts/ads";
import { placePath } from "../../app/paths";
import { useT } from "../../lib/i18n";
import { offerLabel } from "./offer";
import { RewardSheet } from "./reward-sheet";
import { useMediaTime, watchedPercent } from "./use-media-time";
import { useViewerGestures } from "./use-viewer-gestures";
import { useViewerKeys } from "./use-viewer-keys";
import { useWatchSession } from "./use-watch-session";
import { ViewerActions } from "./viewer-actions";

/** Round 44 px icon buttons over the dark media: bare in the top bar, tinted for stepping between ads. */
const roundIconButton =
  "flex size-11 items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none";
const topBarButton = `${roundIconButton} hover:bg-white/15`;
const stepButton = `${roundIconButton} bg-white/15 hover:bg-white/25`;

interface StoryViewerProps {
  ad: ViewerAd;
  /** False on the first ad of Discover's order, where Previous has nowhere to go. */
  hasPrevious: boolean;
  onPrevious(): void;
  onNext(): void;
  onClose(): void;
}

/** The full-screen story viewer: the media, the verified count, the controls and the reward reveal. */
export function StoryViewer({ ad, hasPrevious, onPrevious, onNext, onClose }: StoryViewerProps) {
  const isVideo = ad.mediaType === "video";
  const watch = useWatchSession(ad);
  const { addSeconds, counting, outcome } = watch;
  const [userPaused, setUserPaused] = useState(false);
  const [logoFailed, setLogoFailed] = useState(false);
  const titleRef = useRef<HTMLHeadingElement>(null);

  // Each ad mounts a new viewer: land focus on its title (unless a control already holds it), so keyboard
  // and screen-reader users stay in the viewer and hear which ad is now playing.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) {
      titleRef.current?.focus({ preventScroll: true });
    }
  }, []);

  const sheet = outcome && outcome.kind !== "completed" ? outcome : null;
  const togglePause = useCallback(() => setUserPaused((paused) => !paused), []);
  const { holding, tapLayerProps } = useViewerGestures({ onPrevious, onNext, togglePause });
  useViewerKeys({ active: sheet === null, onPrevious, onNext, onClose, togglePause });
  const media = useMediaTime({
    isVideo,
    counting,
    addSeconds,
    paused: userPaused || holding || sheet !== null,
  });

  const t = useT();
  const percent = watchedPercent(watch.watched, watch.durationSeconds);
  const offer = offerLabel(ad);

  return (
    <div className="fixed inset-0 overflow-hidden bg-black text-white select-none" data-testid="story-viewer">
      {/* While the reward sheet is open, everything behind it is out of reach (a real modal). */}
      <div className="absolute inset-0" inert={sheet !== null}>
        {/* The tap layer spans the screen and takes taps, holds and swipes; only the buttons drawn above it
            take pointer events themselves. */}
        <div
          aria-hidden
          data-testid="tap-layer"
          className="absolute inset-0 z-10 touch-none [-webkit-touch-callout:none]"
          {...tapLayerProps}
        />

        {/* Creatives carry their own text from edge to edge (logo, headline, offer, footer strip), so nothing
            is drawn on them: the company and progress get a band above, the actions a column at the right
            edge, the title and controls a band below, and the creative is fitted whole into the space left. */}
        <div className="pointer-events-none relative z-20 flex h-full flex-col">
          <div className="shrink-0 px-3 pt-[max(0.75rem,env(safe-area-inset-top))] pb-2">
            <div
              role="progressbar"
              aria-label={t("viewer.watched")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-1 w-full overflow-hidden rounded-full bg-white/25"
            >
              <div
                className="h-full bg-white transition-[width] duration-200 ease-linear"
                style={{ width: `${percent}%` }}
              />
            </div>
            <div className="mt-2 flex items-center gap-3" data-testid="viewer-header">
              {ad.company.logo && !logoFailed && (
                <img
                  src={ad.company.logo}
                  alt=""
                  width={36}
                  height={36}
                  decoding="async"
                  onError={() => setLogoFailed(true)}
                  className="size-9 shrink-0 rounded-full bg-white object-cover ring-2 ring-white/80"
                />
              )}
              <div className="min-w-0 flex-1">
                <Link
                  to={placePath(ad.company.id)}
                  className="pointer-events-auto block truncate text-sm font-bold hover:underline"
                  data-testid="viewer-company-link"
                >
                  {ad.company.name}
                </Link>
                <p className="flex items-center gap-1 text-xs font-semibold text-amber-300">
                  <Gift className="size-3.5 shrink-0" aria-hidden />
                  <span data-testid="viewer-offer">{offer}</span>
                  {ad.isWatched && (
                    <span className="truncate text-stone-300">{t("viewer.alreadyEarned")}</span>
                  )}
                </p>
              </div>
              <div className="pointer-events-auto flex items-center gap-1">
                {isVideo && (
                  <button
                    type="button"
                    aria-label={media.muted ? t("viewer.unmute") : t("viewer.mute")}
                    onClick={media.toggleMuted}
                    className={topBarButton}
                  >
                    {media.muted ? (
                      <VolumeX className="size-5" aria-hidden />
                    ) : (
                      <Volume2 className="size-5" aria-hidden />
                    )}
                  </button>
                )}
                <button
                  type="button"
                  aria-label={t("viewer.close")}
                  onClick={onClose}
                  className={topBarButton}
                >
                  <X className="size-6" aria-hidden />
                </button>
              </div>
            </div>
            {watch.sessionProblem && (
              <div
                role="alert"
                className="pointer-events-auto mt-2 flex items-center gap-3 rounded-lg bg-red-900/80 px-3 py-1.5 text-xs"
              >
                <span className="flex-1">{watch.sessionProblem}</span>
                <button
                  type="button"
                  onClick={watch.retryStart}
                  className="min-h-11 shrink-0 rounded-full bg-white px-4 font-semibold text-red-900 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none"
                >
                  {t("viewer.tryAgain")}
                </button>
              </div>
            )}
          </div>

          <div className="flex min-h-0 flex-1">
            <div className="relative min-w-0 flex-1">
              {media.failed ? (
                <div
                  className="pointer-events-auto absolute inset-x-0 top-1/2 -translate-y-1/2 px-6 text-center"
                  role="alert"
                >
                  <p className="text-stone-200">
                    {isVideo ? t("viewer.videoFailed") : t("viewer.imageFailed")}
                  </p>
                  <button
                    type="button"
                    onClick={media.retry}
                    className="mt-3 inline-flex min-h-11 items-center rounded-full bg-white px-5 font-semibold text-stone-900 focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:outline-none"
                  >
                    {t("viewer.tryAgain")}
                  </button>
                </div>
              ) : isVideo ? (
                <video
                  key={media.attempt}
                  ref={media.videoRef}
                  src={ad.mediaUrl}
                  poster={ad.posterUrl ?? undefined}
                  playsInline
                  muted={media.muted}
                  loop
                  preload="auto"
                  aria-label={ad.title}
                  data-testid="viewer-media"
                  onLoadedData={media.onLoaded}
                  {...media.videoTimeEvents}
                  onError={media.onFailed}
                  className="absolute inset-0 size-full object-contain"
                />
              ) : (
                <img
                  key={media.attempt}
                  src={ad.mediaUrl}
                  alt={ad.title}
                  data-testid="viewer-media"
                  decoding="async"
                  draggable={false}
                  onLoad={media.onLoaded}
                  onError={media.onFailed}
                  className="absolute inset-0 size-full object-contain"
                />
              )}
              {userPaused && !sheet && (
                <div aria-hidden className="absolute inset-0 flex items-center justify-center">
                  <span className="rounded-full bg-black/50 p-4">
                    <Pause className="size-8" />
                  </span>
                </div>
              )}
            </div>
            <div className="flex w-16 shrink-0 flex-col justify-end pb-2">
              <ViewerActions ad={ad} />
            </div>
          </div>

          {/* Title and the controls (the same actions as the taps, for keyboards and screen readers). */}
          <div className="shrink-0 px-4 pt-2 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
            <h1
              ref={titleRef}
              tabIndex={-1}
              className="line-clamp-2 text-base font-bold focus:outline-none sm:text-lg"
            >
              {ad.title}
            </h1>
            {ad.description && (
              <p data-testid="viewer-description" className="mt-0.5 line-clamp-2 text-sm text-stone-300">
                {ad.description}
              </p>
            )}
            <div className="pointer-events-auto mt-2 flex items-center justify-center gap-6">
              <button
                type="button"
                aria-label={hasPrevious ? t("viewer.previous") : t("viewer.previousFirst")}
                aria-disabled={!hasPrevious}
                onClick={onPrevious}
                className={`${stepButton} aria-disabled:opacity-40`}
              >
                <ChevronLeft className="size-6" aria-hidden />
              </button>
              <button
                type="button"
                aria-label={userPaused ? t("viewer.resume") : t("viewer.pause")}
                onClick={togglePause}
                className="flex size-12 items-center justify-center rounded-full bg-white text-stone-900 hover:bg-stone-200 focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:outline-none"
              >
                {userPaused ? (
                  <Play className="size-6" aria-hidden />
                ) : (
                  <Pause className="size-6" aria-hidden />
                )}
              </button>
              <button type="button" aria-label={t("viewer.next")} onClick={onNext} className={stepButton}>
                <ChevronRight className="size-6" aria-hidden />
              </button>
            </div>
          </div>
        </div>
      </div>
      {sheet && <RewardSheet outcome={sheet} companyName={ad.company.name} onKeepExploring={onNext} />}
    </div>
  );
}

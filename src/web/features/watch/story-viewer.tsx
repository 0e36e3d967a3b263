import { ChevronLeft, ChevronRight, Gift, Pause, Play, Volume2, VolumeX, X } from "lucide-react";
import { type PointerEvent, useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import type { ViewerAd } from "../../../shared/contracts/ads";
import { placePath } from "../../app/paths";
import { useT } from "../../lib/i18n";
import { offerLabel } from "./offer";
import { RewardSheet } from "./reward-sheet";
import { useWatchSession } from "./use-watch-session";
import { ViewerActions } from "./viewer-actions";

/** Holding this long pauses; moving this far sideways is a swipe. */
const holdMs = 300;
const swipePx = 50;
const tapSlopPx = 12;
/** Image counting tick; each tick adds the real time since the last one (capped, for throttled timers). */
const imageTickMs = 250;

/** Round 44 px icon buttons over the dark media: bare in the top bar, tinted for stepping between ads. */
const roundIconButton =
  "flex size-11 items-center justify-center rounded-full focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none";
const topBarButton = `${roundIconButton} hover:bg-white/15`;
const stepButton = `${roundIconButton} bg-white/15 hover:bg-white/25`;
const maxTickSeconds = 1;

function useDocumentHidden(): boolean {
  const [hidden, setHidden] = useState(() => document.visibilityState === "hidden");
  useEffect(() => {
    const update = () => setHidden(document.visibilityState === "hidden");
    document.addEventListener("visibilitychange", update);
    return () => document.removeEventListener("visibilitychange", update);
  }, []);
  return hidden;
}

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
  const hidden = useDocumentHidden();
  const [userPaused, setUserPaused] = useState(false);
  const [holding, setHolding] = useState(false);
  const [muted, setMuted] = useState(false);
  const [mediaReady, setMediaReady] = useState(false);
  const [mediaFailed, setMediaFailed] = useState(false);
  const [mediaAttempt, setMediaAttempt] = useState(0);
  const retryMedia = () => {
    setMediaFailed(false);
    setMediaAttempt((attempt) => attempt + 1);
  };
  const [logoFailed, setLogoFailed] = useState(false);
  const videoRef = useRef<HTMLVideoElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);

  // Each ad mounts a new viewer: land focus on its title (unless a control already holds it), so keyboard
  // and screen-reader users stay in the viewer and hear which ad is now playing.
  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) {
      titleRef.current?.focus({ preventScroll: true });
    }
  }, []);
  const lastVideoTime = useRef(0);

  const sheet = outcome && outcome.kind !== "completed" ? outcome : null;
  const stopped = userPaused || holding || hidden || sheet !== null;
  const togglePause = useCallback(() => setUserPaused((paused) => !paused), []);

  // Images: seconds on screen, measured with performance.now between ticks.
  useEffect(() => {
    if (isVideo || !mediaReady || !counting || stopped) return;
    let last = performance.now();
    const tick = () => {
      const now = performance.now();
      addSeconds(Math.min(now - last, maxTickSeconds * 1000) / 1000);
      last = now;
    };
    const timer = setInterval(tick, imageTickMs);
    return () => {
      clearInterval(timer);
      tick();
    };
  }, [isVideo, mediaReady, counting, stopped, addSeconds]);

  // Videos: play while not stopped. If the browser refuses sound without a gesture, play muted.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || mediaFailed) return;
    if (stopped) {
      video.pause();
      return;
    }
    video.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === "NotAllowedError") {
        video.muted = true;
        setMuted(true);
        video.play().catch(() => undefined);
      }
    });
  }, [stopped, mediaFailed]);

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  // Videos count only what actually played: currentTime deltas while playing and visible.
  const onTimeUpdate = () => {
    const video = videoRef.current;
    if (!video) return;
    const delta = video.currentTime - lastVideoTime.current;
    lastVideoTime.current = video.currentTime;
    if (video.paused || document.visibilityState === "hidden") return;
    if (delta > 0 && delta < 1.5) addSeconds(delta);
  };
  const resyncVideoTime = () => {
    if (videoRef.current) lastVideoTime.current = videoRef.current.currentTime;
  };

  // Keyboard: arrows move, Space pauses, Escape closes.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (sheet || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (event.key === "ArrowLeft") {
        event.preventDefault();
        onPrevious();
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        onNext();
      } else if (event.key === " " || event.key === "Spacebar") {
        // Space on a focused button presses that button instead.
        if (target?.closest("button, a, input, textarea, select")) return;
        event.preventDefault();
        togglePause();
      } else if (event.key === "Escape") {
        onClose();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [sheet, onPrevious, onNext, onClose, togglePause]);

  // Touch and mouse on the media: thirds for previous / pause / next, hold to pause, swipe to move.
  const press = useRef<{ x: number; y: number; timer?: ReturnType<typeof setTimeout>; held: boolean } | null>(
    null,
  );
  useEffect(() => () => clearTimeout(press.current?.timer), []);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const state: { x: number; y: number; timer?: ReturnType<typeof setTimeout>; held: boolean } = {
      x: event.clientX,
      y: event.clientY,
      held: false,
    };
    state.timer = setTimeout(() => {
      state.held = true;
      setHolding(true);
    }, holdMs);
    press.current = state;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const state = press.current;
    if (!state || state.held) return;
    if (Math.hypot(event.clientX - state.x, event.clientY - state.y) > tapSlopPx) clearTimeout(state.timer);
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const state = press.current;
    press.current = null;
    if (!state) return;
    clearTimeout(state.timer);
    if (state.held) {
      setHolding(false);
      return;
    }
    const dx = event.clientX - state.x;
    const dy = event.clientY - state.y;
    if (Math.abs(dx) > swipePx && Math.abs(dx) > Math.abs(dy)) {
      if (dx < 0) onNext();
      else onPrevious();
      return;
    }
    if (Math.hypot(dx, dy) > tapSlopPx) return;
    const rect = event.currentTarget.getBoundingClientRect();
    const third = (event.clientX - rect.left) / rect.width;
    if (third < 1 / 3) onPrevious();
    else if (third > 2 / 3) onNext();
    else togglePause();
  };
  const onPointerCancel = () => {
    clearTimeout(press.current?.timer);
    press.current = null;
    setHolding(false);
  };

  const t = useT();
  const duration = watch.durationSeconds;
  const percent = duration > 0 ? Math.min(100, Math.round((watch.watched / duration) * 100)) : 0;
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
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerCancel}
          onPointerLeave={(event) => {
            if (event.pointerType === "mouse" && press.current) onPointerCancel();
          }}
          onContextMenu={(event) => event.preventDefault()}
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
                    aria-label={muted ? t("viewer.unmute") : t("viewer.mute")}
                    onClick={() => setMuted((on) => !on)}
                    className={topBarButton}
                  >
                    {muted ? (
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
              {mediaFailed ? (
                <div
                  className="pointer-events-auto absolute inset-x-0 top-1/2 -translate-y-1/2 px-6 text-center"
                  role="alert"
                >
                  <p className="text-stone-200">
                    {isVideo ? t("viewer.videoFailed") : t("viewer.imageFailed")}
                  </p>
                  <button
                    type="button"
                    onClick={retryMedia}
                    className="mt-3 inline-flex min-h-11 items-center rounded-full bg-white px-5 font-semibold text-stone-900 focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:outline-none"
                  >
                    {t("viewer.tryAgain")}
                  </button>
                </div>
              ) : isVideo ? (
                <video
                  key={mediaAttempt}
                  ref={videoRef}
                  src={ad.mediaUrl}
                  poster={ad.posterUrl ?? undefined}
                  playsInline
                  muted={muted}
                  loop
                  preload="auto"
                  aria-label={ad.title}
                  data-testid="viewer-media"
                  onLoadedData={() => setMediaReady(true)}
                  onPlay={resyncVideoTime}
                  onSeeking={resyncVideoTime}
                  onSeeked={resyncVideoTime}
                  onTimeUpdate={onTimeUpdate}
                  onError={() => setMediaFailed(true)}
                  className="absolute inset-0 size-full object-contain"
                />
              ) : (
                <img
                  key={mediaAttempt}
                  src={ad.mediaUrl}
                  alt={ad.title}
                  data-testid="viewer-media"
                  decoding="async"
                  draggable={false}
                  onLoad={() => setMediaReady(true)}
                  onError={() => setMediaFailed(true)}
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

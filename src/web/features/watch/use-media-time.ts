import { useEffect, useRef, useState } from "react";

/** Image counting tick; each tick adds the real time since the last one (capped, for throttled timers). */
const imageTickMs = 250;
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

interface MediaTimeOptions {
  isVideo: boolean;
  /** The watch session is taking seconds. */
  counting: boolean;
  addSeconds(seconds: number): void;
  /** Paused by the member (the pause control, a hold, the reward sheet); a hidden page pauses as well. */
  paused: boolean;
}

/**
 * The viewer's media and the seconds it really showed: an image counts its time on screen, a video only
 * what it played, and neither counts while loading, failed, paused or hidden. Also the video's sound and
 * the media's load, failure and retry.
 */
export function useMediaTime({ isVideo, counting, addSeconds, paused }: MediaTimeOptions) {
  const hidden = useDocumentHidden();
  const stopped = paused || hidden;
  const [muted, setMuted] = useState(false);
  const [ready, setReady] = useState(false);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const videoRef = useRef<HTMLVideoElement>(null);
  const lastVideoTime = useRef(0);

  // Images: seconds on screen, measured with performance.now between ticks.
  useEffect(() => {
    if (isVideo || !ready || !counting || stopped) return;
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
  }, [isVideo, ready, counting, stopped, addSeconds]);

  // Videos: play while not stopped. If the browser refuses sound without a gesture, play muted.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || failed) return;
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
  }, [stopped, failed]);

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

  return {
    videoRef,
    muted,
    toggleMuted: () => setMuted((on) => !on),
    failed,
    /** Changes on each retry, so the media element is made anew. */
    attempt,
    retry: () => {
      setFailed(false);
      setAttempt((previous) => previous + 1);
    },
    onLoaded: () => setReady(true),
    onFailed: () => setFailed(true),
    /** The video element's events that keep its played time in step. */
    videoTimeEvents: {
      onPlay: resyncVideoTime,
      onSeeking: resyncVideoTime,
      onSeeked: resyncVideoTime,
      onTimeUpdate,
    },
  };
}

/** How much of the required time is watched, as a whole percent for the progress bar. */
export function watchedPercent(watched: number, duration: number): number {
  return duration > 0 ? Math.min(100, Math.round((watched / duration) * 100)) : 0;
}

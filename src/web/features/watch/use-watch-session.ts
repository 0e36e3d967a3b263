import { onlineManager, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import type { ViewerAd } from "../../../shared/contracts/ads";
import type { ProgressResponse, WatchSession } from "../../../shared/contracts/watch";
import { ApiError } from "../../lib/api-client";
import { useAuth } from "../../lib/auth";
import { translate } from "../../lib/language";
import { isConnectionFailure, isOnline } from "../../lib/network-status";
import { queryKeys } from "../../lib/query-keys";
import { markWatchedInDiscovery, reportWatchProgress, startWatchSession } from "./api";

/** Progress is reported this often while counting. */
export const reportEveryMs = 2_000;

export type WatchOutcome =
  | { kind: "reward"; response: ProgressResponse }
  /** The pool is empty or a cap is reached: the server's own message, never a made-up code. */
  | { kind: "no-code"; message: string }
  /** Completed without a new reward (already earned earlier). */
  | { kind: "completed" };

/**
 * A verified view of one ad: starts the server's session, takes real watched seconds from the viewer
 * (`addSeconds`), reports them every 2 s and once more when the required seconds are reached. The server
 * decides; a report it finds ahead of real time is simply tried again at the next tick.
 */
export function useWatchSession(ad: ViewerAd | undefined) {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  const [session, setSession] = useState<WatchSession | null>(null);
  /** Why the view isn't counting (it couldn't start, or the server ended it), shown with Try again. */
  const [sessionProblem, setSessionProblem] = useState<string | null>(null);
  const [startAttempt, setStartAttempt] = useState(0);
  const [watched, setWatched] = useState(0);
  const [outcome, setOutcome] = useState<WatchOutcome | null>(null);
  const startFailedOffline = useRef(false);

  const watchedRef = useRef(0);
  const sessionRef = useRef<WatchSession | null>(null);
  const lastSent = useRef(0);
  const inFlight = useRef(false);
  const done = useRef(false);
  const alive = useRef(true);

  const adId = ad?.id;
  const durationSeconds = ad?.durationSeconds ?? 0;

  // Start the session once the ad is known; a stale answer (StrictMode, quick next) is ignored.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new startAttempt starts again after a failure
  useEffect(() => {
    if (adId === undefined) return;
    let ignore = false;
    startWatchSession(adId)
      .then((started) => {
        if (ignore) return;
        sessionRef.current = started;
        lastSent.current = started.watchedSeconds;
        // A fresh view (also after Try again) counts from where the server says it stands.
        watchedRef.current = started.watchedSeconds;
        setWatched(started.watchedSeconds);
        done.current = false;
        if (started.completed) {
          done.current = true;
          setOutcome({ kind: "completed" });
        }
        setSession(started);
      })
      .catch((error: unknown) => {
        if (ignore) return;
        if (error instanceof ApiError && error.status === 401) void refreshUser();
        startFailedOffline.current = isConnectionFailure(error);
        setSessionProblem(
          error instanceof ApiError && error.status === 429 && error.serverMessage
            ? error.serverMessage
            : !isOnline()
              ? translate("viewer.offlineStart")
              : translate("viewer.startFailed"),
        );
      });
    return () => {
      ignore = true;
    };
  }, [adId, refreshUser, startAttempt]);

  const retryStart = useCallback(() => {
    startFailedOffline.current = false;
    setSessionProblem(null);
    setSession(null);
    sessionRef.current = null;
    setStartAttempt((attempt) => attempt + 1);
  }, []);

  // A view that couldn't start for want of a connection starts by itself when the phone reconnects.
  useEffect(
    () =>
      onlineManager.subscribe((online) => {
        if (online && startFailedOffline.current) retryStart();
      }),
    [retryStart],
  );

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const report = useCallback(async () => {
    const current = sessionRef.current;
    if (!current || inFlight.current || done.current) return;
    // Never more than what was really counted, never past the ad's length.
    const seconds = Math.floor(Math.min(watchedRef.current, current.durationSeconds) * 100) / 100;
    if (seconds <= lastSent.current) return;
    inFlight.current = true;
    let again = false;
    try {
      const response = await reportWatchProgress(current.sessionId, seconds);
      if (!alive.current) return;
      lastSent.current = response.watchedSeconds;
      if (response.completed) {
        done.current = true;
        if (response.reward) {
          setOutcome({ kind: "reward", response });
          markWatchedInDiscovery(queryClient, current.adId);
          void queryClient.invalidateQueries({ queryKey: queryKeys.rewards.all });
          void queryClient.invalidateQueries({ queryKey: queryKeys.moments.all });
          // The header's XP and tier follow the signed-in user.
          void refreshUser();
        } else {
          setOutcome({ kind: "completed" });
        }
      } else {
        again = watchedRef.current >= current.requiredSeconds;
      }
    } catch (error) {
      if (!alive.current) return;
      if (error instanceof ApiError) {
        if (error.code === "SESSION_ENDED") {
          // Another ad was opened, the view sat too long, or the ad went away: say so, offer Try again.
          done.current = true;
          setSessionProblem(error.serverMessage ?? translate("viewer.stopped"));
        } else if (error.status === 409 && seconds >= current.requiredSeconds) {
          done.current = true;
          setOutcome({
            kind: "no-code",
            message: error.serverMessage ?? (error.body || translate("viewer.noCodeFallback")),
          });
        } else if (error.status === 401) {
          void refreshUser();
        }
        // 400 "ahead of real time" and network failures: keep counting, the next tick tries again.
      }
    } finally {
      inFlight.current = false;
    }
    if (again && alive.current) void report();
  }, [queryClient, refreshUser]);

  /** Real seconds watched since the last call (the viewer measures them). */
  const addSeconds = useCallback(
    (delta: number) => {
      const current = sessionRef.current;
      if (!current || !(delta > 0)) return;
      const before = watchedRef.current;
      const next = Math.min(current.durationSeconds, before + delta);
      watchedRef.current = next;
      setWatched(next);
      if (!done.current && before < current.requiredSeconds && next >= current.requiredSeconds) void report();
    },
    [report],
  );

  useEffect(() => {
    if (!session || done.current) return;
    const timer = setInterval(() => void report(), reportEveryMs);
    return () => clearInterval(timer);
  }, [session, report]);

  return {
    session,
    sessionProblem,
    /** Tries again to start the server's session (after a network failure). */
    retryStart,
    /** Seconds counted so far (capped at the ad's duration). */
    watched,
    durationSeconds: session?.durationSeconds ?? durationSeconds,
    outcome,
    /** True once seconds can be counted (the server's session exists). */
    counting: session !== null,
    addSeconds,
  };
}

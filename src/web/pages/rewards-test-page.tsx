import { FlaskConical, Pause, Play, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { brand } from "../../shared/brand";
import type { ProgressResponse } from "../../shared/contracts/watch";
import { paths } from "../app/paths";
import demoAdImage from "../assets/demo-ad.svg";
import { buttonClass } from "../components/ui/button";
import { RewardSheet } from "../features/watch/reward-sheet";

/** The demo's stand-in for a verified watch: a 10-second timer that runs only while the page is seen. */
const demoSeconds = 10;
const tickMs = 250;
const companyName = "Auntie Esi's Kitchen (demo)";

/**
 * What a real reveal would show, made up on this phone: no request is sent, so nothing is earned, and
 * the code is plainly not a real one.
 */
const demoOutcome = {
  kind: "reward" as const,
  response: {
    sessionId: 1,
    adId: 1,
    durationSeconds: demoSeconds,
    minWatchPercent: 100,
    requiredSeconds: demoSeconds,
    watchedSeconds: demoSeconds,
    completed: true,
    reward: {
      id: 1,
      adId: 1,
      rewardType: "discount",
      discountPercent: 10,
      code: "DEMO-ONLY",
      xpAwarded: 10,
      badges: [],
      drawEntries: null,
      drawPrize: null,
      experienceContent: null,
      cashbackPesewas: null,
      expiresAt: null,
    },
    xpPoints: 0,
    tier: "bronze",
    tierChanged: false,
  } satisfies ProgressResponse,
};

function useDemoTimer(running: boolean) {
  const [elapsed, setElapsed] = useState(0);
  const last = useRef<number | null>(null);
  useEffect(() => {
    if (!running) {
      last.current = null;
      return;
    }
    const timer = window.setInterval(() => {
      if (document.visibilityState === "hidden") {
        last.current = null;
        return;
      }
      const now = performance.now();
      const step = last.current === null ? 0 : Math.min(1, (now - last.current) / 1000);
      last.current = now;
      setElapsed((seconds) => Math.min(demoSeconds, seconds + step));
    }, tickMs);
    return () => window.clearInterval(timer);
  }, [running]);
  return { elapsed, restart: () => setElapsed(0) };
}

/** /rewards-test: a signed-out visitor tries the viewer and the reward reveal on a demo ad, earning nothing. */
export default function RewardsTestPage() {
  const navigate = useNavigate();
  const [paused, setPaused] = useState(false);
  const [revealed, setRevealed] = useState(false);
  const [finished, setFinished] = useState(false);
  const { elapsed, restart } = useDemoTimer(!paused && !revealed && !finished);
  const done = elapsed >= demoSeconds;

  useEffect(() => {
    document.title = `Try it · ${brand.name}`;
  }, []);

  useEffect(() => {
    if (done && !finished) setRevealed(true);
  }, [done, finished]);

  const percent = Math.round((elapsed / demoSeconds) * 100);
  const secondsLeft = Math.ceil(demoSeconds - elapsed);

  return (
    <div className="mx-auto max-w-md px-4 py-6">
      <p className="mb-3 flex items-center gap-2 rounded-xl bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-900">
        <FlaskConical className="size-4 shrink-0" aria-hidden />
        Demo: this is how watching works. Nothing is earned here.
      </p>

      <div
        className="relative aspect-[9/16] overflow-hidden rounded-3xl bg-stone-900 text-white shadow-lg"
        data-testid="demo-viewer"
      >
        <img
          src={demoAdImage}
          alt="Demo ad: Auntie Esi's Kitchen, 10% off your first plate"
          className="size-full object-cover"
        />
        <div className="absolute inset-x-0 top-0 bg-gradient-to-b from-black/60 to-transparent p-3">
          <div
            role="progressbar"
            aria-label="Demo watch progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            className="h-1 overflow-hidden rounded-full bg-white/30"
          >
            <div
              className="h-full bg-white transition-[width] duration-200"
              style={{ width: `${percent}%` }}
            />
          </div>
          <div className="mt-2 flex items-center justify-between gap-2">
            <span className="rounded-full bg-white/20 px-2 py-0.5 text-xs font-bold tracking-wide uppercase">
              Demo ad
            </span>
            <div className="flex items-center gap-1">
              <button
                type="button"
                onClick={() => setPaused((value) => !value)}
                disabled={done}
                aria-label={paused ? "Play" : "Pause"}
                className="flex size-11 items-center justify-center rounded-full hover:bg-white/15 disabled:opacity-50"
              >
                {paused ? <Play className="size-5" aria-hidden /> : <Pause className="size-5" aria-hidden />}
              </button>
              <button
                type="button"
                onClick={() => void navigate(paths.home)}
                aria-label="Close the demo"
                className="flex size-11 items-center justify-center rounded-full hover:bg-white/15"
              >
                <X className="size-5" aria-hidden />
              </button>
            </div>
          </div>
        </div>
        <p
          className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/70 to-transparent p-4 text-center text-sm"
          aria-live="polite"
        >
          {done
            ? "Watched! That's how a reward unlocks."
            : paused
              ? "Paused"
              : `Keep watching: ${secondsLeft}s`}
        </p>
        {revealed && (
          <RewardSheet
            outcome={demoOutcome}
            companyName={companyName}
            note="Demo reward: not a real code, no XP added"
            moreLink={{ to: paths.register, label: `Join ${brand.name} to earn for real` }}
            onKeepExploring={() => {
              setRevealed(false);
              setFinished(true);
            }}
          />
        )}
      </div>

      <div className="mt-5 rounded-2xl bg-white p-5 text-center ring-1 ring-stone-200">
        <h1 className="text-xl font-extrabold text-stone-900">Real ads, real rewards</h1>
        <p className="mt-1 text-stone-600">
          Members watch short stories from local brands, unlock discount codes, earn XP and enter the monthly
          prize draw. It's free.
        </p>
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          <Link to={paths.register} className={buttonClass("primary")}>
            Join free
          </Link>
          {finished && (
            <button
              type="button"
              className={buttonClass("secondary")}
              onClick={() => {
                restart();
                setPaused(false);
                setFinished(false);
              }}
            >
              Watch the demo again
            </button>
          )}
        </div>
      </div>
    </div>
  );
}

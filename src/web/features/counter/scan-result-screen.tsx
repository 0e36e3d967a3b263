import { CheckCircle2, CloudOff, XCircle } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { Link } from "react-router";
import { paths } from "../../app/paths";
import { useT } from "../../lib/i18n";
import type { Signal } from "./feedback";
import type { ResultView } from "./result-view";
import { TypedCodeWait } from "./typed-code-wait";

/** How long an answer stays before the scanner is ready again; a refusal stays longer, to be read. */
export const autoNextMs: Record<Signal, number> = { accepted: 4_000, queued: 4_000, refused: 8_000 };

const tones: Record<Signal, { screen: string; button: string; Icon: typeof CheckCircle2 }> = {
  accepted: {
    screen: "bg-green-700 text-white",
    button: "bg-white text-green-900",
    Icon: CheckCircle2,
  },
  refused: { screen: "bg-red-700 text-white", button: "bg-white text-red-900", Icon: XCircle },
  queued: { screen: "bg-amber-400 text-stone-950", button: "bg-stone-950 text-white", Icon: CloudOff },
};

function StampDots({ current, required }: { current: number; required: number }) {
  const t = useT();
  return (
    <p
      className="flex flex-wrap justify-center gap-2"
      role="img"
      aria-label={t("counter.result.stamps", { current, required })}
    >
      {Array.from({ length: required }, (_, index) => (
        <span
          key={index}
          className={`size-7 rounded-full border-[3px] border-current ${index < current ? "bg-current" : ""}`}
        />
      ))}
    </p>
  );
}

interface ScanResultScreenProps {
  view: ResultView;
  onNext(): void;
}

/**
 * The whole screen says how a scan went, readable at arm's length in sunlight: green accepted, red
 * refused with the server's reason, amber kept on the phone. "Next customer" (or the timer) goes back.
 */
export function ScanResultScreen({ view, onNext }: ScanResultScreenProps) {
  const t = useT();
  const titleId = useId();
  const nextRef = useRef<HTMLButtonElement>(null);
  const barRef = useRef<HTMLDivElement>(null);
  const tone = tones[view.tone];
  const waitMs = view.linger ? autoNextMs.refused : autoNextMs[view.tone];

  useEffect(() => {
    nextRef.current?.focus();
    const timer = setTimeout(onNext, waitMs);
    const shrink = barRef.current?.animate?.([{ transform: "scaleX(1)" }, { transform: "scaleX(0)" }], {
      duration: waitMs,
      fill: "forwards",
    });
    // Cancelling rejects the animation's `finished` promise, which nothing waits on (browsers mark that
    // rejection handled; a DOM without the Web Animations rule, like the tests' happy-dom, may not).
    shrink?.finished?.catch(() => {});
    return () => {
      clearTimeout(timer);
      shrink?.cancel();
    };
  }, [onNext, waitMs]);

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="scan-result"
      data-tone={view.tone}
      className={`fixed inset-0 z-50 flex flex-col overflow-y-auto ${tone.screen}`}
    >
      <div className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center gap-4 px-5 py-8 text-center">
        <tone.Icon className="size-20" strokeWidth={2.5} aria-hidden />
        <h2 id={titleId} className="text-3xl font-extrabold">
          {view.title}
        </h2>
        <p role="alert" className="text-2xl leading-snug font-bold">
          {view.message}
        </p>
        <TypedCodeWait until={view.waitUntil} className="text-xl" />
        {view.memberName && (
          <p className="text-lg font-semibold">
            {view.memberName}
            {view.memberTier ? ` · ${view.memberTier}` : ""}
          </p>
        )}
        {view.card && (
          <div className="space-y-2">
            <StampDots current={view.card.current} required={view.card.required} />
            <p className="text-base font-semibold">
              {view.card.rewardUnlocked
                ? t("counter.result.rewardWaiting", { reward: view.card.rewardTitle })
                : `${t("counter.result.stamps", { current: view.card.current, required: view.card.required })} · ${view.card.rewardTitle}`}
            </p>
          </div>
        )}
        {view.reward && (
          <div className="rounded-2xl bg-black/20 px-4 py-3 text-lg font-bold">
            {view.reward.title}
            {view.reward.discountPercent !== null &&
              ` · ${t("counter.result.percentOff", { percent: view.reward.discountPercent })}`}
            {view.reward.code && (
              <span className="block font-mono text-2xl tracking-wider">{view.reward.code}</span>
            )}
          </div>
        )}
        {view.points !== null && <p className="text-4xl font-extrabold tabular-nums">+{view.points}</p>}
        {view.repeated && <p className="text-sm font-medium">{t("counter.result.repeated")}</p>}
        {view.signInAgain && (
          <Link
            to={paths.merchantLogin}
            className="min-h-12 rounded-xl px-5 py-3 text-lg font-bold underline underline-offset-4"
          >
            {t("counter.signInAgain")}
          </Link>
        )}
      </div>
      <div className="mx-auto w-full max-w-md px-5 pb-6">
        {/* Shrinks to nothing as the timer runs out: staff can see when the scanner comes back. */}
        <div aria-hidden className="mb-3 h-1.5 overflow-hidden rounded-full bg-black/20">
          <div ref={barRef} className="h-full origin-left bg-current" />
        </div>
        <button
          ref={nextRef}
          type="button"
          onClick={onNext}
          className={`min-h-16 w-full rounded-2xl text-xl font-extrabold shadow-lg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-white/70 ${tone.button}`}
        >
          {t("counter.result.next")}
        </button>
      </div>
    </div>
  );
}

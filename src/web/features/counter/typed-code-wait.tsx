import { Hourglass } from "lucide-react";
import { useEffect, useState } from "react";
import { useT } from "../../lib/i18n";

/** Whole seconds left until `until` (epoch ms), ticking; 0 once it has passed or when there is none. */
export function useSecondsLeft(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    setNow(Date.now());
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

/**
 * The wait the server gave this counter after too many wrong typed codes, counting down
 * (docs/product-rules.md#counter-wrong-typed-codes). Nothing once it is over.
 */
export function TypedCodeWait({ until, className = "" }: { until: number | undefined; className?: string }) {
  const t = useT();
  const seconds = useSecondsLeft(until);
  if (seconds <= 0) return null;
  return (
    <p
      role="timer"
      data-testid="typed-code-wait"
      className={`flex items-center gap-2 font-bold ${className}`}
    >
      <Hourglass className="size-5 shrink-0" aria-hidden />
      {t("counter.scanner.typedWait", { seconds })}
    </p>
  );
}

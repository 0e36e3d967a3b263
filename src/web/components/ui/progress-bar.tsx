interface ProgressBarProps {
  label: string;
  value: number;
  max?: number;
  /** What a screen reader hears, e.g. "40%" or "650 of 1,000 XP". */
  valueText?: string;
  className?: string;
}

export function ProgressBar({ label, value, max = 100, valueText, className = "" }: ProgressBarProps) {
  const clamped = Math.max(0, Math.min(value, max));
  const percent = max > 0 ? Math.round((clamped / max) * 100) : 100;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={clamped}
      aria-valuetext={valueText}
      className={`h-2.5 w-full overflow-hidden rounded-full bg-stone-200 ${className}`}
    >
      <div className="h-full rounded-full bg-amber-500 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

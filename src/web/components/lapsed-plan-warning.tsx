import { AlertTriangle } from "lucide-react";

/**
 * Shown wherever a business works while its ads can't show for want of a paid period: the dashboard, its
 * ads, analytics, plans. A business never paid yet (registered on Starter) hasn't lapsed: it is told so.
 */
export function LapsedPlanWarning({ neverPaid = false }: { neverPaid?: boolean }) {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800 ring-1 ring-red-200"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {neverPaid
          ? "Your plan isn't paid yet, so your ads are not showing. Pay for it under Plans (by mobile money) and they show from then on."
          : "Your plan has lapsed: your ads are not showing. Renew it under Plans (pay by mobile money); your ads and settings are kept."}
      </span>
    </p>
  );
}

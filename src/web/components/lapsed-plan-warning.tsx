import { AlertTriangle } from "lucide-react";

/** Shown wherever a business works while its plan has lapsed: the dashboard, its ads, analytics, plans. */
export function LapsedPlanWarning() {
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-xl bg-red-50 p-3 text-sm font-semibold text-red-800 ring-1 ring-red-200"
    >
      <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        Your plan has lapsed: your ads are not showing. Renew it under Plans (pay by mobile money); your ads
        and settings are kept.
      </span>
    </p>
  );
}

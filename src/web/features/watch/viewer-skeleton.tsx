import { useT } from "../../lib/i18n";

/** The dark viewer skeleton: progress bar placeholder, two title lines and the bottom controls. */
export function ViewerSkeleton() {
  const t = useT();
  return (
    <div
      role="status"
      aria-label={t("viewer.loading")}
      data-testid="viewer-skeleton"
      className="fixed inset-0 flex flex-col bg-stone-950 px-3 pt-[max(0.75rem,env(safe-area-inset-top))] pb-[max(1rem,env(safe-area-inset-bottom))]"
    >
      <div aria-hidden className="h-1 w-full rounded-full bg-white/15" />
      <div aria-hidden className="mt-3 flex items-center gap-3">
        <div className="size-9 animate-pulse rounded-full bg-white/15" />
        <div className="flex-1 space-y-2">
          <div className="h-3.5 w-2/3 animate-pulse rounded bg-white/15" />
          <div className="h-3 w-1/3 animate-pulse rounded bg-white/10" />
        </div>
      </div>
      <div aria-hidden className="flex-1" />
      <div aria-hidden className="flex items-center justify-center gap-6">
        <div className="size-11 animate-pulse rounded-full bg-white/10" />
        <div className="size-14 animate-pulse rounded-full bg-white/15" />
        <div className="size-11 animate-pulse rounded-full bg-white/10" />
      </div>
    </div>
  );
}

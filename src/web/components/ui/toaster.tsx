import { X } from "lucide-react";
import { useT } from "../../lib/i18n";
import { dismissToast, type Toast, useToastPlacement, useToasts } from "./use-toast";

const placementClass = {
  bottom: "bottom-[calc(5rem+env(safe-area-inset-bottom))] sm:bottom-6",
  top: "top-[max(1rem,env(safe-area-inset-top))]",
} as const;

function ToastCard({ toast }: { toast: Toast }) {
  const isError = toast.variant === "destructive";
  const t = useT();
  return (
    <div
      data-testid="toast"
      className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl p-4 shadow-lg ring-1 ${
        isError ? "bg-red-600 text-white ring-red-700" : "bg-white text-stone-900 ring-stone-200"
      }`}
    >
      <div className="flex-1">
        {toast.title && <p className="font-semibold">{toast.title}</p>}
        {toast.description && <p className="mt-0.5 text-sm opacity-90">{toast.description}</p>}
      </div>
      <button
        type="button"
        aria-label={t("common.close")}
        onClick={() => dismissToast(toast.id)}
        className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-full opacity-70 hover:opacity-100 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-current focus-visible:outline-none"
      >
        <X className="size-5" aria-hidden />
      </button>
    </div>
  );
}

/**
 * Renders the open toast above the bottom navigation, or at the top where a page asks. The live regions are always on the page, so a
 * screen reader announces a toast when it appears (a region added together with its text is often
 * missed): polite for news, assertive for errors.
 */
export function Toaster() {
  const toasts = useToasts().filter((t) => t.open);
  const placement = useToastPlacement();
  return (
    <div
      className={`pointer-events-none fixed inset-x-0 z-50 flex flex-col items-center gap-2 px-4 ${placementClass[placement]}`}
    >
      <div role="status" aria-live="polite" className="flex w-full flex-col items-center gap-2">
        {toasts
          .filter((t) => t.variant !== "destructive")
          .map((t) => (
            <ToastCard key={t.id} toast={t} />
          ))}
      </div>
      <div role="alert" aria-live="assertive" className="flex w-full flex-col items-center gap-2">
        {toasts
          .filter((t) => t.variant === "destructive")
          .map((t) => (
            <ToastCard key={t.id} toast={t} />
          ))}
      </div>
    </div>
  );
}

import { X } from "lucide-react";
import { dismissToast, useToasts } from "./use-toast";

/** Renders the open toast in a polite live region (assertive for errors) above the bottom navigation. */
export function Toaster() {
  const toasts = useToasts().filter((t) => t.open);
  return (
    <div className="pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-center gap-2 px-4 sm:top-auto sm:bottom-6">
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.variant === "destructive" ? "alert" : "status"}
          data-testid="toast"
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl p-4 shadow-lg ring-1 ${
            t.variant === "destructive"
              ? "bg-red-600 text-white ring-red-700"
              : "bg-white text-stone-900 ring-stone-200"
          }`}
        >
          <div className="flex-1">
            {t.title && <p className="font-semibold">{t.title}</p>}
            {t.description && <p className="mt-0.5 text-sm opacity-90">{t.description}</p>}
          </div>
          <button
            type="button"
            aria-label="Close"
            onClick={() => dismissToast(t.id)}
            className="opacity-70 hover:opacity-100"
          >
            <X className="size-4" aria-hidden />
          </button>
        </div>
      ))}
    </div>
  );
}

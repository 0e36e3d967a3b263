import { X } from "lucide-react";
import { type ReactNode, useEffect, useId, useRef } from "react";
import { useT } from "../../lib/i18n";

interface DialogProps {
  open: boolean;
  onClose(): void;
  title: string;
  children: ReactNode;
}

/** A modal built on the native <dialog>: focus is trapped, Escape closes it, the page behind is inert. */
export function Dialog({ open, onClose, title, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const t = useT();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-stone-900 shadow-xl backdrop:bg-stone-900/60"
    >
      {open && (
        <div className="p-5">
          <div className="flex items-start justify-between gap-3">
            <h2 id={titleId} className="text-lg font-bold">
              {title}
            </h2>
            <button
              type="button"
              aria-label={t("common.close")}
              onClick={onClose}
              className="rounded-lg p-1 text-stone-500 hover:bg-stone-100"
            >
              <X className="size-5" aria-hidden />
            </button>
          </div>
          <div className="mt-3">{children}</div>
        </div>
      )}
    </dialog>
  );
}

import { useEffect } from "react";

interface ViewerKeysOptions {
  /** False while the reward sheet is open: its own controls take the keys. */
  active: boolean;
  onPrevious(): void;
  onNext(): void;
  onClose(): void;
  togglePause(): void;
}

/** Keyboard: arrows move, Space pauses, Escape closes. */
export function useViewerKeys({ active, onPrevious, onNext, onClose, togglePause }: ViewerKeysOptions): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!active || event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement | null;
      if (event.key === "ArrowLeft") {
        event.preventDefault();
        onPrevious();
      } else if (event.key === "ArrowRight") {
        event.preventDefault();
        onNext();
      } else if (event.key === " " || event.key === "Spacebar") {
        // Space on a focused button presses that button instead.
        if (target?.closest("button, a, input, textarea, select")) return;
        event.preventDefault();
        togglePause();
      } else if (event.key === "Escape") {
        onClose();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [active, onPrevious, onNext, onClose, togglePause]);
}

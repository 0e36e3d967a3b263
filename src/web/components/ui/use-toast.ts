import { useEffect, useSyncExternalStore } from "react";

/**
 * The toast store: toasts are added, updated, dismissed (open false),
 * then removed after a delay; only one is shown at a time.
 */
export const toastLimit = 1;
export const toastRemoveDelayMs = 1_000_000;
const autoDismissMs = 5_000;

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: "default" | "destructive";
}
export interface Toast extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: Toast[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

function publish(next: Toast[]) {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return;
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id);
      publish(toasts.filter((t) => t.id !== id));
    }, toastRemoveDelayMs),
  );
}

export function dismissToast(id?: string) {
  for (const t of toasts) if (!id || t.id === id) scheduleRemoval(t.id);
  publish(toasts.map((t) => (!id || t.id === id ? { ...t, open: false } : t)));
}

export function toast(input: ToastInput) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  publish([{ ...input, id, open: true }, ...toasts].slice(0, toastLimit));
  setTimeout(() => dismissToast(id), autoDismissMs);
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (changes: ToastInput) => publish(toasts.map((t) => (t.id === id ? { ...t, ...changes } : t))),
  };
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const emptyToastList: Toast[] = [];
const noToasts = () => emptyToastList;

export function useToasts(): Toast[] {
  // Pre-rendered pages (and their hydration) start with no toasts.
  return useSyncExternalStore(subscribe, () => toasts, noToasts);
}

/**
 * Where the open toast is drawn: above the bottom navigation (the default), or at the top for a page
 * whose last lines must stay readable when it is scrolled to the end (the pre-launch page's phone line).
 */
export type ToastPlacement = "bottom" | "top";
let placement: ToastPlacement = "bottom";
const placementListeners = new Set<() => void>();

function setPlacement(next: ToastPlacement) {
  placement = next;
  for (const listener of placementListeners) listener();
}

/** While the calling page is shown, toasts appear at the top of the screen. */
export function useToastsAtTop() {
  useEffect(() => {
    setPlacement("top");
    return () => setPlacement("bottom");
  }, []);
}

export function useToastPlacement(): ToastPlacement {
  return useSyncExternalStore(
    (listener) => {
      placementListeners.add(listener);
      return () => placementListeners.delete(listener);
    },
    () => placement,
    () => "bottom" as const,
  );
}

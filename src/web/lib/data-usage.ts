import { accraMonth } from "../../shared/accra-time";

/**
 * What the app downloaded on this device this month (shown in the profile:
 * docs/product-rules.md#app-data-saver): the bytes each page and resource came over the network with
 * (`transferSize`; anything answered from the service worker's or the browser's cache counts 0), added up per
 * Accra month in local storage.
 */
const storageKey = "anigye_data_used";
const saveEveryMs = 5_000;

interface Usage {
  month: string;
  bytes: number;
}

function thisMonth(): string {
  const { year, month } = accraMonth(new Date());
  return `${year}-${String(month).padStart(2, "0")}`;
}

function readUsage(): Usage {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey) ?? "null") as Usage | null;
    if (stored && stored.month === thisMonth() && Number.isFinite(stored.bytes)) return stored;
  } catch {
    // Unreadable: start the month again.
  }
  return { month: thisMonth(), bytes: 0 };
}

export function dataUsedThisMonth(): number {
  return readUsage().bytes;
}

let pending = 0;

function flush() {
  if (pending === 0) return;
  const usage = readUsage();
  try {
    localStorage.setItem(storageKey, JSON.stringify({ month: usage.month, bytes: usage.bytes + pending }));
    pending = 0;
  } catch {
    // Storage full or disabled: keep counting in memory.
  }
}

/** Starts counting for this page load (called once at start). */
export function countDataUsage(): void {
  if (typeof PerformanceObserver === "undefined") return;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) pending += entry.transferSize ?? 0;
  });
  try {
    observer.observe({ type: "navigation", buffered: true });
    observer.observe({ type: "resource", buffered: true });
  } catch {
    return;
  }
  setInterval(flush, saveEveryMs);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
}

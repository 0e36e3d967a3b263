import { useSyncExternalStore } from "react";
import { dataSaverCookieName } from "../../shared/prerendered-pages";
import { useDevice } from "./device";

/**
 * The data saver (docs/product-rules.md#app-data-saver): smaller thumbnails, no video previews on Discover's
 * cards. On by default when the browser says the member wants to save data (Save-Data) or the connection is
 * 2G or 3G; the member's own choice on this device wins.
 */
const storageKey = "anigye_data_saver";
const listeners = new Set<() => void>();

interface NetworkInformation {
  saveData?: boolean;
  effectiveType?: string;
}

export function dataSaverSuggested(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return Boolean(connection?.saveData) || ["slow-2g", "2g", "3g"].includes(connection?.effectiveType ?? "");
}

export function isDataSaverOn(): boolean {
  try {
    const chosen = localStorage.getItem(storageKey);
    if (chosen === "on" || chosen === "off") return chosen === "on";
  } catch {
    // Storage disabled: follow the browser.
  }
  return dataSaverSuggested();
}

export function setDataSaver(on: boolean): void {
  try {
    localStorage.setItem(storageKey, on ? "on" : "off");
  } catch {
    // Storage disabled: the choice can't be kept.
  }
  tellTheServer(on);
  for (const listener of listeners) listener();
}

/** A device that chose before the server rendered members' homes gets the cookie it renders by. */
export function rememberDataSaverChoice(): void {
  try {
    const chosen = localStorage.getItem(storageKey);
    if ((chosen === "on" || chosen === "off") && !document.cookie.includes(`${dataSaverCookieName}=`)) {
      tellTheServer(chosen === "on");
    }
  } catch {
    // Storage disabled: no choice was kept.
  }
}

/** The server renders a member's home with this device's choice (its card pictures are in the HTML). */
function tellTheServer(on: boolean): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many phones' browsers.
  document.cookie = `${dataSaverCookieName}=${on ? "on" : "off"}; path=/; max-age=31536000; samesite=lax`;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The data saver: a page's first render (on the server, or the browser adopting the server's HTML)
 * follows what the page was rendered with, since its images are in the HTML already; then this device's
 * own setting.
 */
export function useDataSaver(): boolean {
  const { dataSaverAtFirstRender } = useDevice();
  return useSyncExternalStore(subscribe, isDataSaverOn, () => dataSaverAtFirstRender);
}

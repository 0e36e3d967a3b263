import { useCallback, useState } from "react";

export type Position = { lat: number; lng: number };
/** Why Near Me falls back to the user's city. */
export type FallbackReason = "denied" | "unavailable" | "unsupported" | "declined";

/** About 1 km: enough to sort by distance, and the exact spot never leaves the phone. */
const round = (value: number) => Math.round(value * 100) / 100;

export const geolocationSupported = () => typeof navigator !== "undefined" && "geolocation" in navigator;

/** True when the browser already allows location for this site (so no explanation is needed first). */
export async function locationAlreadyAllowed(): Promise<boolean> {
  try {
    const status = await navigator.permissions?.query({ name: "geolocation" });
    return status?.state === "granted";
  } catch {
    return false;
  }
}

/** Asks the browser for the position once: low accuracy (no GPS warm-up), a cached fix up to 10 minutes old. */
export function useLocate() {
  const [locating, setLocating] = useState(false);
  const locate = useCallback(
    () =>
      new Promise<{ position: Position } | { reason: FallbackReason }>((resolve) => {
        if (!geolocationSupported()) return resolve({ reason: "unsupported" });
        setLocating(true);
        navigator.geolocation.getCurrentPosition(
          ({ coords }) => {
            setLocating(false);
            resolve({ position: { lat: round(coords.latitude), lng: round(coords.longitude) } });
          },
          (error) => {
            setLocating(false);
            resolve({ reason: error.code === error.PERMISSION_DENIED ? "denied" : "unavailable" });
          },
          { enableHighAccuracy: false, timeout: 10_000, maximumAge: 10 * 60_000 },
        );
      }),
    [],
  );
  return { locate, locating };
}

export const fallbackText: Record<FallbackReason, string> = {
  denied: "Location is turned off for this site, so ads in your city come first.",
  unavailable: "We couldn't find your position, so ads in your city come first.",
  unsupported: "This browser can't share a location, so ads in your city come first.",
  declined: "You chose not to share your location, so ads in your city come first.",
};

import { useCallback, useState } from "react";

export type Position = { lat: number; lng: number };
/** Why Near Me falls back to the user's city. */
export type FallbackReason = "denied" | "unavailable" | "unsupported" | "declined";

/** About 1 km: enough to sort by distance, and the exact spot never leaves the phone. */
const round = (value: number) => Math.round(value * 100) / 100;

export const geolocationSupported = () => typeof navigator !== "undefined" && "geolocation" in navigator;

export type LocateResult = { position: Position } | { reason: FallbackReason };

/** Low accuracy (no GPS warm-up), a cached fix up to 10 minutes old, and no waiting past 10 s. */
export const locateOptions: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 10_000,
  maximumAge: 10 * 60_000,
};

/** Asks a geolocation service for the position once; a refusal or failure says why instead. */
export function locateOnce(geolocation: Geolocation | undefined): Promise<LocateResult> {
  return new Promise((resolve) => {
    if (!geolocation) return resolve({ reason: "unsupported" });
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ position: { lat: round(coords.latitude), lng: round(coords.longitude) } }),
      (error) => resolve({ reason: error.code === error.PERMISSION_DENIED ? "denied" : "unavailable" }),
      locateOptions,
    );
  });
}

/** True when the permission is already granted (so no explanation is needed first). */
export async function isAlreadyAllowed(permissions: Permissions | undefined): Promise<boolean> {
  try {
    const status = await permissions?.query({ name: "geolocation" });
    return status?.state === "granted";
  } catch {
    return false;
  }
}

/** True when the browser already allows location for this site. */
export const locationAlreadyAllowed = () =>
  isAlreadyAllowed(typeof navigator === "undefined" ? undefined : navigator.permissions);

/** The browser's position, once, with a flag while it is being found. */
export function useLocate() {
  const [locating, setLocating] = useState(false);
  const locate = useCallback(async () => {
    setLocating(true);
    const result = await locateOnce(typeof navigator === "undefined" ? undefined : navigator.geolocation);
    setLocating(false);
    return result;
  }, []);
  return { locate, locating };
}

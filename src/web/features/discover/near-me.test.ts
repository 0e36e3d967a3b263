import { describe, expect, it, vi } from "vitest";
import { isAlreadyAllowed, locateOnce, locateOptions } from "./near-me";

const errorCodes = { PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 } as const;

/** A geolocation service that answers with a position, or fails with the given error code. */
function geolocation(answer: { lat: number; lng: number } | { code: 1 | 2 | 3 }) {
  const getCurrentPosition = vi.fn(
    (success: PositionCallback, failure?: PositionErrorCallback | null, _options?: PositionOptions) => {
      if ("code" in answer) failure?.({ ...errorCodes, code: answer.code, message: "" });
      else {
        success({
          coords: { latitude: answer.lat, longitude: answer.lng },
          timestamp: 0,
        } as GeolocationPosition);
      }
    },
  );
  return { service: { getCurrentPosition } as unknown as Geolocation, getCurrentPosition };
}

describe("locateOnce (Near Me)", () => {
  it("keeps the position to about 1 km (two decimals), so the exact spot never leaves the phone", async () => {
    const { service } = geolocation({ lat: 5.603_72, lng: -0.186_96 });
    expect(await locateOnce(service)).toEqual({ position: { lat: 5.6, lng: -0.19 } });
  });

  it("asks once, for a quick low-accuracy fix that may be up to 10 minutes old", async () => {
    const { service, getCurrentPosition } = geolocation({ lat: 6.69, lng: -1.62 });
    await locateOnce(service);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(getCurrentPosition.mock.calls[0]?.[2]).toBe(locateOptions);
    expect(locateOptions).toEqual({ enableHighAccuracy: false, timeout: 10_000, maximumAge: 600_000 });
  });

  it("says why it falls back to the city: denied, unavailable (or too slow), or unsupported", async () => {
    expect(await locateOnce(geolocation({ code: 1 }).service)).toEqual({ reason: "denied" });
    expect(await locateOnce(geolocation({ code: 2 }).service)).toEqual({ reason: "unavailable" });
    expect(await locateOnce(geolocation({ code: 3 }).service)).toEqual({ reason: "unavailable" });
    expect(await locateOnce(undefined)).toEqual({ reason: "unsupported" });
  });
});

describe("isAlreadyAllowed", () => {
  const permissions = (state: PermissionState | Error) =>
    ({
      query: async () => {
        if (state instanceof Error) throw state;
        return { state };
      },
    }) as unknown as Permissions;

  it("is true only when location is already granted", async () => {
    expect(await isAlreadyAllowed(permissions("granted"))).toBe(true);
    expect(await isAlreadyAllowed(permissions("prompt"))).toBe(false);
    expect(await isAlreadyAllowed(permissions("denied"))).toBe(false);
  });

  it("is false when the browser can't tell", async () => {
    expect(await isAlreadyAllowed(undefined)).toBe(false);
    expect(await isAlreadyAllowed(permissions(new TypeError("geolocation is not a permission name")))).toBe(
      false,
    );
  });
});

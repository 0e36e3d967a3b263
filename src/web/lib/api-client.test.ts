import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("./fingerprint", () => ({ getDeviceFingerprint: vi.fn(() => "PHONE-FINGERPRINT") }));
vi.mock("./language", () => ({ currentLanguage: () => "tw" }));

const { apiJson, apiRequest, getOrNullOn401 } = await import("./api-client");
const { getDeviceFingerprint } = await import("./fingerprint");

describe("the headers a call carries", () => {
  const sent: Array<{ url: string; headers: Record<string, string> }> = [];

  beforeEach(() => {
    sent.length = 0;
    vi.mocked(getDeviceFingerprint).mockClear();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        sent.push({ url, headers: init.headers as Record<string, string> });
        return new Response(JSON.stringify({ ok: true }), { status: 200 });
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it("a page's reads never work out or send the device fingerprint", async () => {
    await apiJson("GET", "/api/rewards/mine");
    await getOrNullOn401("/api/auth/me")();

    expect(getDeviceFingerprint).not.toHaveBeenCalled();
    for (const { headers } of sent) {
      expect(headers).not.toHaveProperty("X-Device-Fingerprint");
      expect(headers).toMatchObject({ "X-Requested-With": "anigye", "Accept-Language": "tw" });
    }
  });

  it("every state-changing call carries it, with or without a body", async () => {
    await apiRequest("POST", "/api/watch/start", { adId: 1 });
    await apiRequest("DELETE", "/api/notifications/3");

    expect(sent.map(({ headers }) => headers["X-Device-Fingerprint"])).toEqual([
      "PHONE-FINGERPRINT",
      "PHONE-FINGERPRINT",
    ]);
    expect(sent[0]?.headers["Content-Type"]).toBe("application/json");
    expect(sent[1]?.headers).not.toHaveProperty("Content-Type");
  });
});

import { describe, expect, it } from "vitest";
import { formatAge, localPhone, paymentMethodText, periodText } from "./payment-format";

describe("payment wording", () => {
  it("says how old a queued payment is, the way an admin reads it", () => {
    expect(formatAge(0)).toBe("just now");
    expect(formatAge(59)).toBe("just now");
    expect(formatAge(60)).toBe("1 min ago");
    expect(formatAge(3 * 3600 + 120)).toBe("3 h ago");
    expect(formatAge(47 * 3600)).toBe("47 h ago");
    expect(formatAge(3 * 86_400)).toBe("3 days ago");
  });

  it("shows a stored number as it is typed in Ghana", () => {
    expect(localPhone("+233241234567")).toBe("024 123 4567");
    expect(localPhone("0241234567")).toBe("0241234567");
  });

  it("names the method and the network", () => {
    expect(paymentMethodText("momo_manual", null)).toBe("Manual MoMo transfer");
    expect(paymentMethodText("paystack", "vod")).toBe("Telecel Cash, approved on the phone");
  });

  it("gives the paid period in Accra dates, or nothing before it is known", () => {
    expect(periodText("2026-07-01T10:00:00.000Z", "2026-07-31T10:00:00.000Z")).toBe(
      "1 Jul 2026 – 31 Jul 2026",
    );
    expect(periodText(null, null)).toBeNull();
  });
});

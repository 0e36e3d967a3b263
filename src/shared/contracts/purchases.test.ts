import { describe, expect, it } from "vitest";
import { purchaseDateProblem, purchaseReportWindowDays } from "./purchases";

describe("the day of a reported purchase", () => {
  const today = "2026-11-25";

  it("may be today or any day of the window before it", () => {
    expect(purchaseDateProblem(today, today)).toBeNull();
    expect(purchaseDateProblem("2026-08-27", today)).toBeNull(); // 90 days before
  });

  it("may not be in the future, older than the window, or not a day at all", () => {
    expect(purchaseDateProblem("2026-11-26", today)).toBe("The purchase date can't be in the future");
    expect(purchaseDateProblem("2026-08-26", today)).toBe(
      `Purchases older than ${purchaseReportWindowDays} days can't be reported`,
    );
    expect(purchaseDateProblem("2026-02-30", today)).toBe("Enter the date of the purchase");
  });
});

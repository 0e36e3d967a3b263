import { describe, expect, it } from "vitest";
import { apiErrorOf } from "../../lib/api-client";
import { isLockedOut, redeemFailureMessage, staffCodeError } from "./redeem-rules";
import { canRedeem } from "./reward-list";

const refusal = (status: number, code: string, message: string) =>
  apiErrorOf(status, JSON.stringify({ message, code }));

describe("staffCodeError", () => {
  it("accepts exactly six digits", () => {
    expect(staffCodeError("123456")).toBeUndefined();
    expect(staffCodeError("000000")).toBeUndefined();
  });

  it("asks for the code when nothing was typed", () => {
    expect(staffCodeError("")).toBe("Ask the staff member to type their 6-digit staff code");
    expect(staffCodeError("   ")).toBe("Ask the staff member to type their 6-digit staff code");
  });

  it("refuses too few, too many or non-digits with the contract's message", () => {
    for (const code of ["12345", "1234567", "12a456", "12 456", "١٢٣٤٥٦"]) {
      expect(staffCodeError(code), code).toBe("Staff code must be 6 digits");
    }
  });
});

describe("canRedeem", () => {
  it("is only for active discounts", () => {
    expect(canRedeem({ status: "active", rewardType: "discount" })).toBe(true);
    expect(canRedeem({ status: "used", rewardType: "discount" })).toBe(false);
    expect(canRedeem({ status: "expired", rewardType: "discount" })).toBe(false);
    expect(canRedeem({ status: "active", rewardType: "xp" })).toBe(false);
    expect(canRedeem({ status: "active", rewardType: "prize_entry" })).toBe(false);
  });
});

describe("refusals", () => {
  it("shows the server's own message", () => {
    const used = refusal(409, "ALREADY_USED", "This reward was already used.");
    expect(redeemFailureMessage(used)).toBe("This reward was already used.");
    expect(isLockedOut(used)).toBe(false);
  });

  it("knows the 15-minute lock after five wrong staff codes", () => {
    const locked = refusal(429, "RATE_LIMITED", "Too many wrong staff codes. Try again in 15 minutes.");
    expect(isLockedOut(locked)).toBe(true);
    expect(redeemFailureMessage(locked)).toBe("Too many wrong staff codes. Try again in 15 minutes.");
  });

  it("says offline for a request that never got an answer, and hides 5xx details", () => {
    expect(redeemFailureMessage(new TypeError("Failed to fetch"))).toBe(
      "You're offline. Connect and try again.",
    );
    expect(redeemFailureMessage(refusal(500, "INTERNAL", "boom"))).toBe(
      "Something went wrong on our side. Please try again.",
    );
  });
});

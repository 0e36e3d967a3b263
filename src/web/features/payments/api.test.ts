import { describe, expect, it } from "vitest";
import { pollIntervalFor } from "./api";

describe("pollIntervalFor", () => {
  it("follows a prompt on the phone closely, an admin's check slowly, and stops once settled", () => {
    const pending = (type: "approve_on_phone" | "wait_for_admin" | "send_momo" | "enter_otp") => ({
      status: "pending" as const,
      nextStep: { type, displayText: "" },
    });
    expect(pollIntervalFor(pending("approve_on_phone"))).toBe(2_500);
    expect(pollIntervalFor(pending("wait_for_admin"))).toBe(30_000);
    expect(pollIntervalFor(pending("send_momo"))).toBe(false);
    expect(pollIntervalFor(pending("enter_otp"))).toBe(false);
    expect(pollIntervalFor({ status: "succeeded", nextStep: { type: "done", displayText: "" } })).toBe(false);
    expect(pollIntervalFor(undefined)).toBe(false);
  });
});

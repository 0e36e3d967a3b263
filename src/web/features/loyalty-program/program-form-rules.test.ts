import { describe, expect, it } from "vitest";
import type { LoyaltyProgram } from "../../../shared/contracts/counter";
import { programFormSchema, programFormValues, rewardWithCashback } from "./program-form-rules";

const saved: LoyaltyProgram = {
  id: 1,
  companyId: 3,
  programName: "Chop Bar Card",
  description: null,
  requiredVisits: 5,
  rewardTitle: "A free plate",
  rewardDescription: "Any plate up to GH₵ 40",
  rewardCashback: 0,
  minimumSpend: 20,
  currency: "GHS",
  validityDays: 180,
  maxActiveCards: 500,
  isActive: true,
  activeCards: 12,
};

describe("the loyalty program form", () => {
  it("shows a saved program and sends it back unchanged", () => {
    const parsed = programFormSchema.safeParse(programFormValues(saved));
    expect(parsed.success && parsed.data).toEqual({
      programName: "Chop Bar Card",
      description: undefined,
      requiredVisits: 5,
      rewardTitle: "A free plate",
      rewardDescription: "Any plate up to GH₵ 40",
      minimumSpend: 20,
      rewardCashback: 0,
      validityDays: 180,
      maxActiveCards: 500,
      isActive: true,
    });
  });

  it("starts a first program with sensible suggestions, needing only a name and a reward", () => {
    const blank = programFormValues(null);
    const refused = programFormSchema.safeParse(blank);
    expect(refused.success ? [] : refused.error.issues.map((issue) => issue.path.join("."))).toEqual([
      "programName",
      "rewardTitle",
    ]);
    const parsed = programFormSchema.safeParse({ ...blank, programName: "Card", rewardTitle: "Free drink" });
    expect(parsed.success && parsed.data).toMatchObject({
      requiredVisits: 5,
      minimumSpend: 0,
      isActive: true,
    });
  });

  it("checks numbers with the contract's rules", () => {
    const values = {
      ...programFormValues(saved),
      requiredVisits: "1",
      validityDays: "",
      minimumSpend: "abc",
    };
    const parsed = programFormSchema.safeParse(values);
    expect(parsed.success ? [] : parsed.error.issues.map((issue) => issue.message)).toEqual([
      "Required visits must be at least 2",
      "Minimum spend must be an amount in GH₵",
      "Validity must be a number of days",
    ]);
  });

  it("leaves the cashback box empty for none, and sends none for an empty box or 0", () => {
    expect(programFormValues(saved).rewardCashback).toBe("");
    expect(programFormValues(null).rewardCashback).toBe("");
    for (const typed of ["", "  ", "0"]) {
      const parsed = programFormSchema.safeParse({ ...programFormValues(saved), rewardCashback: typed });
      expect(parsed.success && parsed.data.rewardCashback).toBe(0);
    }
  });

  it("shows a saved cashback back as the owner would type it, and sends it in GH₵", () => {
    expect(programFormValues({ ...saved, rewardCashback: 5 }).rewardCashback).toBe("5");
    expect(programFormValues({ ...saved, rewardCashback: 0.5 }).rewardCashback).toBe("0.50");
    for (const [typed, cedis] of [
      ["5", 5],
      ["0.50", 0.5],
      ["GH₵ 12.75", 12.75],
      ["500", 500],
    ] as const) {
      const parsed = programFormSchema.safeParse({ ...programFormValues(saved), rewardCashback: typed });
      expect(parsed.success && parsed.data.rewardCashback).toBe(cedis);
    }
  });

  it("refuses cashback outside GH₵ 0.50 to GH₵ 500 in the server's words", () => {
    const cashbackMessages = (typed: string) => {
      const parsed = programFormSchema.safeParse({ ...programFormValues(saved), rewardCashback: typed });
      return parsed.success
        ? []
        : parsed.error.issues
            .filter((issue) => issue.path.join(".") === "rewardCashback")
            .map((issue) => issue.message);
    };
    const outOfBounds = "Cashback with the reward is GH₵ 0.50 to GH₵ 500 (0 for none)";
    expect(cashbackMessages("0.20")).toEqual([outOfBounds]);
    expect(cashbackMessages("500.01")).toEqual([outOfBounds]);
    expect(cashbackMessages("-5")).toContain("Cashback with the reward cannot be negative");
    expect(cashbackMessages("five")).toEqual(["Cashback with the reward must be an amount in GH₵"]);
    expect(cashbackMessages("2.555")).toEqual(["Cashback with the reward can have at most 2 decimal places"]);
  });

  it("sums up the reward with its cashback for the dashboard", () => {
    expect(rewardWithCashback(saved)).toBe("A free plate");
    expect(rewardWithCashback({ ...saved, rewardCashback: 5 })).toBe("A free plate + GH₵ 5.00 cashback");
  });
});

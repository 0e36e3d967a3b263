import { describe, expect, it } from "vitest";
import type { LoyaltyProgram } from "../../../shared/contracts/counter";
import { programFormSchema, programFormValues } from "./program-form-rules";

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
});

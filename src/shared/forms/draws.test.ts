import { describe, expect, it } from "vitest";
import {
  accraInputToIso,
  createCompetitionForm,
  isoToAccraInput,
  runDrawForm,
  updateDrawForm,
} from "./draws";

describe("draw forms", () => {
  it("reads a date and time typed in Accra as that time in UTC (Accra keeps GMT)", () => {
    expect(accraInputToIso("2026-11-30T18:00")).toBe("2026-11-30T18:00:00.000Z");
    expect(isoToAccraInput("2026-11-30T18:00:00.000Z")).toBe("2026-11-30T18:00");
    expect(accraInputToIso("30/11/2026")).toBeUndefined();
  });

  it("turns the new-competition boxes into the request", () => {
    const parsed = createCompetitionForm.parse({
      title: "December shopper challenge",
      description: "",
      prizeTitle: "A Tecno phone",
      prizeDescription: "",
      prizeValueCedis: "1,500.50",
      sponsorCompanyId: "4",
      minimumTier: "silver",
      requiresPlus: false,
      minimumValidatedRedemptions: "3",
      minimumSocialShares: "",
      month: "2026-12",
      drawDate: "2027-01-02T18:00",
      publicRandomnessSource: "",
    });
    expect(parsed).toMatchObject({
      prizeValuePesewas: 150_050,
      sponsorCompanyId: 4,
      minimumTier: "silver",
      requiresPlus: false,
      minimumValidatedRedemptions: 3,
      minimumSocialShares: 0,
      drawDate: "2027-01-02T18:00:00.000Z",
    });
    expect(parsed.description).toBeUndefined();
  });

  it("puts each message on the box that caused it", () => {
    const result = createCompetitionForm.safeParse({
      title: "",
      description: "",
      prizeTitle: "Phone",
      prizeDescription: "",
      prizeValueCedis: "lots",
      sponsorCompanyId: "",
      minimumTier: "bronze",
      requiresPlus: true,
      minimumValidatedRedemptions: "3",
      minimumSocialShares: "2",
      month: "2026-13",
      drawDate: "",
      publicRandomnessSource: "",
    });
    const fields = result.error?.issues.map((issue) => issue.path[0]);
    expect(fields).toEqual(expect.arrayContaining(["prizeValueCedis", "drawDate"]));
    expect(
      updateDrawForm.safeParse({
        prizeTitle: "",
        prizeDescription: "",
        prizeValueCedis: "",
        drawDate: "",
        publicRandomnessSource: "",
      }).error?.issues[0]?.path,
    ).toEqual(["prizeTitle"]);
  });

  it("leaves the public randomness out when the box is empty", () => {
    expect(runDrawForm.parse({ publicRandomness: "  " })).toEqual({});
    expect(runDrawForm.parse({ publicRandomness: "ab12" })).toEqual({ publicRandomness: "ab12" });
  });
});

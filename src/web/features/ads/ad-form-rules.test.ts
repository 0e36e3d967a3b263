import { describe, expect, it } from "vitest";
import type { CompanyAd } from "../../../shared/contracts/ads";
import type { PlanStatus } from "../../../shared/contracts/companies";
import { planLimits } from "../../../shared/plans";
import {
  type AdFormValues,
  adFormSchema,
  adFormValues,
  codeLines,
  keptBranch,
  toAdInput,
} from "./ad-form-rules";
import { kenteAd } from "./kente-ad.fixture";

function planStatus(plan: "starter" | "business" | "pro"): PlanStatus {
  const limits = planLimits(plan);
  return {
    plan,
    paidUntil: "2026-12-31T23:59:59.000Z",
    isCurrent: true,
    maxAds: limits.maxAds,
    adsUsed: 0,
    adsLive: 0,
    nextPlan: null,
    allowsVideo: limits.allowsVideo,
    maxAdDurationSeconds: limits.maxAdDurationSeconds,
    pricePesewas: limits.monthlyPricePesewas,
    features: [],
  };
}

const starter = planStatus("starter");
const today = "2026-11-23";

/** A new ad as an owner fills it in: an image, a 15% discount with two codes. */
function filledIn(changes: Partial<AdFormValues> = {}): AdFormValues {
  return {
    ...adFormValues(null, starter),
    title: "  Waakye + wele combo ",
    category: "Food & Dining",
    mediaId: 42,
    durationSeconds: "8",
    discountPercent: "15",
    discountCodes: "WAAKYE-1\nWAAKYE-2",
    ...changes,
  };
}

/** The form's messages by field, as the form shows them (first message per field). */
function messages(values: AdFormValues, plan = starter): Record<string, string> {
  const result = adFormSchema(plan, today).safeParse(values);
  const shown: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) shown[String(issue.path[0])] ??= issue.message;
  return shown;
}

describe("codeLines", () => {
  it("reads one code per line, trimmed, without blank lines", () => {
    expect(codeLines(" KELE-1 \r\n\nKELE-2\n   \nKELE-3")).toEqual(["KELE-1", "KELE-2", "KELE-3"]);
    expect(codeLines("")).toEqual([]);
  });
});

describe("toAdInput", () => {
  it("sends numbers as numbers, leaves empty boxes out and ends the expiry day in Accra", () => {
    const input = toAdInput(
      filledIn({ description: "  ", dailyRedemptionCap: "5", expiresAt: "2026-12-01" }),
    );
    expect(input).toMatchObject({
      durationSeconds: 8,
      discountPercent: 15,
      discountCodes: ["WAAKYE-1", "WAAKYE-2"],
      dailyRedemptionCap: 5,
      expiresAt: "2026-12-01T23:59:59.000Z",
    });
    expect(input.description).toBeUndefined();
    expect(input.weeklyRedemptionCap).toBeUndefined();
  });

  it("sends only the chosen reward type's own fields", () => {
    const badge = toAdInput(filledIn({ rewardType: "badge", badgeName: "Chop Bar Regular" }));
    expect(badge).toMatchObject({ rewardType: "badge", badgeName: "Chop Bar Regular", discountCodes: [] });
    expect(badge.discountPercent).toBeUndefined();

    const custom = toAdInput(filledIn({ useCustomCode: true, customDiscountCode: " KOFI15 " }));
    expect(custom).toMatchObject({ useCustomCode: true, customDiscountCode: "KOFI15", discountCodes: [] });

    const xp = toAdInput(filledIn({ rewardType: "xp", useCustomCode: true }));
    expect(xp).toMatchObject({ useCustomCode: false, discountCodes: [] });
    expect(xp.customDiscountCode).toBeUndefined();
  });
});

describe("adFormSchema", () => {
  it("turns a complete form into the request, with the contract's defaults for boxes left empty", () => {
    const result = adFormSchema(starter, today).parse(filledIn({ xpPointsReward: "", maxRedemptions: "" }));
    expect(result).toMatchObject({
      title: "Waakye + wele combo",
      mediaId: 42,
      xpPointsReward: 10,
      maxRedemptions: 1000,
      requiredTier: "bronze",
      isPlus: false,
    });
  });

  it("says what is missing with the contract's messages", () => {
    expect(messages(filledIn({ title: "", category: "", mediaId: null, durationSeconds: "" }))).toEqual({
      title: "Title is required",
      category: "Choose a category from the catalogue",
      mediaId: "Upload an image or video",
      durationSeconds: "Duration must be a number of seconds",
    });
  });

  it("checks the discount and its codes", () => {
    expect(messages(filledIn({ discountCodes: " \n " }))).toEqual({
      discountCodes: "At least one discount code required",
    });
    expect(messages(filledIn({ discountPercent: "" }))).toEqual({
      discountPercent: "Give the discount in percent",
    });
    expect(messages(filledIn({ discountPercent: "120" }))).toEqual({
      discountPercent: "Discount must be 1 to 100%",
    });
    expect(messages(filledIn({ discountCodes: "KELE-1\nkele-1" }))).toEqual({
      discountCodes: "Each discount code must be different",
    });
    // A bad line of the list shows under the list.
    expect(messages(filledIn({ discountCodes: `OK-1\n${"X".repeat(41)}` }))).toEqual({
      discountCodes: "A code must be at most 40 characters",
    });
    expect(messages(filledIn({ useCustomCode: true, customDiscountCode: " " }))).toEqual({
      customDiscountCode: "At least one discount code required",
    });
  });

  it("keeps an ad within its plan's length, as the server does", () => {
    expect(messages(filledIn({ durationSeconds: "11" }))).toEqual({
      durationSeconds: "Your Starter plan allows ads of up to 10 seconds.",
    });
    expect(messages(filledIn({ durationSeconds: "30" }), planStatus("business"))).toEqual({});
    expect(messages(filledIn({ durationSeconds: "4" }))).toEqual({
      durationSeconds: "Duration must be at least 5 seconds",
    });
  });

  it("wants an expiry day from today on, and caps that fit together", () => {
    expect(messages(filledIn({ expiresAt: "2026-11-22" }))).toEqual({
      expiresAt: "Expiry must be in the future",
    });
    expect(messages(filledIn({ expiresAt: today }))).toEqual({});
    expect(messages(filledIn({ dailyRedemptionCap: "20", weeklyRedemptionCap: "10" }))).toEqual({
      dailyRedemptionCap: "The daily cap cannot exceed the weekly cap",
    });
    expect(messages(filledIn({ weeklyRedemptionCap: "2000" }))).toEqual({
      weeklyRedemptionCap: "The weekly cap cannot exceed maximum redemptions",
    });
    expect(messages(filledIn({ googleMapsLink: "maps.app.goo.gl/x" }))).toEqual({
      googleMapsLink: "Map link must be a web address (https://…)",
    });
  });

  it("names the reward's own missing field", () => {
    expect(messages(filledIn({ rewardType: "badge" }))).toEqual({ badgeName: "Name the badge people earn" });
    expect(messages(filledIn({ rewardType: "experience" }))).toEqual({
      experienceContent: "Write the content people unlock",
    });
    expect(messages(filledIn({ rewardType: "prize_entry" }))).toEqual({});
    expect(messages(filledIn({ rewardType: "cashback" }))).toEqual({ cashback: "Give the cashback amount" });
  });

  it("reads a cashback typed in GH₵ and sends it in pesewas, with its bounds under the box", () => {
    const cashback = (typed: string) => filledIn({ rewardType: "cashback", cashback: typed });
    expect(adFormSchema(starter, today).parse(cashback("2.50"))).toMatchObject({
      rewardType: "cashback",
      cashbackPesewas: 250,
      discountCodes: [],
    });
    expect(messages(cashback("5 cedis"))).toEqual({ cashback: "Enter the cashback in GH₵, like 5 or 0.50" });
    expect(messages(cashback("0.49"))).toEqual({ cashback: "Cashback is at least GH₵ 0.50" });
    expect(messages(cashback("500.01"))).toEqual({ cashback: "Cashback is at most GH₵ 500.00" });
    // Another reward type leaves the box's text out.
    expect(toAdInput(filledIn({ cashback: "5" })).cashbackPesewas).toBeUndefined();
  });
});

const editedAd: CompanyAd = {
  ...kenteAd,
  isPlus: true,
  expiresAt: "2026-12-24T23:59:59.000Z",
  branchName: "Makola",
};

const editedAdAsSent = {
  title: "Kente for Sunday",
  category: "Fashion & Beauty",
  mediaId: 9,
  durationSeconds: 10,
  rewardType: "discount",
  discountPercent: 20,
  discountCodes: ["KENTE-2", "KENTE-3"],
  useCustomCode: false,
  xpPointsReward: 25,
  maxRedemptions: 300,
  weeklyRedemptionCap: 50,
  requiredTier: "silver",
  isPlus: true,
  expiresAt: "2026-12-24T23:59:59.000Z",
  branchName: "Makola",
};

describe("adFormValues", () => {
  it("fills the form from the ad being edited, so saving it unchanged sends the same ad", () => {
    const ad = editedAd;
    expect(adFormSchema(starter, today).parse(adFormValues(ad, starter))).toEqual(editedAdAsSent);
  });

  it("asks for the branch once, from the list: an older ad's typed branch is kept only while it stays chosen", () => {
    const older = {
      ...editedAd,
      branchId: null,
      branchName: "Makola",
      locationAddress: "Makola Market, Accra",
    };
    const values = adFormValues(older, starter);
    expect(values.branchId).toBe(keptBranch);
    expect(values).not.toHaveProperty("branchName");
    const parse = (branchId: string) => adFormSchema(starter, today).parse({ ...values, branchId });
    expect(parse(keptBranch)).toMatchObject({
      branchName: "Makola",
      locationAddress: "Makola Market, Accra",
    });
    expect(parse(keptBranch).branchId).toBeUndefined();
    const chosen = parse("12");
    expect(chosen).toMatchObject({ branchId: 12 });
    expect(chosen.branchName).toBeUndefined();
    const none = parse("");
    expect([none.branchId, none.branchName, none.locationAddress]).toEqual([undefined, undefined, undefined]);
    // An ad naming one of the branches starts on it.
    expect(adFormValues({ ...editedAd, branchId: 12, branchName: "Osu" }, starter)).toMatchObject({
      branchId: "12",
      typedBranch: null,
    });
  });

  it("starts a cashback ad's box in GH₵", () => {
    expect(
      adFormValues({ ...editedAd, rewardType: "cashback", cashbackPesewas: 250 }, starter).cashback,
    ).toBe("2.50");
  });

  it("starts a new ad within the plan's length", () => {
    expect(adFormValues(null, starter).durationSeconds).toBe("10");
    expect(adFormValues(null, { ...starter, maxAdDurationSeconds: 8 }).durationSeconds).toBe("8");
  });
});

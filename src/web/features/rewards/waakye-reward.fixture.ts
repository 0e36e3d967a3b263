import type { MyReward } from "../../../shared/contracts/rewards";

/** A member's unused 20 % discount at Auntie Muni's: the redeem dialog's tests show it. */
export const waakyeReward = (overrides: Partial<MyReward> = {}): MyReward => ({
  id: 11,
  adId: 3,
  adTitle: "Waakye + wele",
  company: { id: 7, name: "Auntie Muni's Waakye", logo: null },
  rewardType: "discount",
  discountPercent: 20,
  code: "WAAKYE20",
  xpAwarded: 0,
  badgeName: null,
  experienceContent: null,
  cashbackPesewas: null,
  prizeEntryDetails: null,
  drawPrize: null,
  status: "active",
  earnedAt: "2026-03-01T10:00:00.000Z",
  expiresAt: "2026-03-31T10:00:00.000Z",
  usedAt: null,
  branchName: null,
  locationAddress: null,
  googleMapsLink: null,
  ...overrides,
});

import { z } from "zod";
import { ghanaPhoneSchema } from "./auth";
import { optionalText, requiredText } from "./common";
import { idSchema } from "./ids";

/*
 * The shop counter: the member's rotating loyalty QR, stamp cards, points, redeeming rewards, and the
 * staff who scan. Amounts in requests are cedis (GH₵ 25.50 is 25.5); the server keeps pesewas.
 */

// --- Consumer: loyalty QR, cards, points -------------------------------------------------------

/** GET /api/loyalty/qr: a fresh personal QR (valid 60 s; the page asks again every 30 s). */
export const memberQr = z.object({
  qrData: z.string(),
  /** Typed by staff when the camera fails, e.g. "K7M-4QX". Valid as long as the QR. */
  shortCode: z.string(),
  expiresAt: z.string(),
  /** When the page should fetch the next one. */
  refreshAt: z.string(),
});
export type MemberQr = z.infer<typeof memberQr>;

export const loyaltyCard = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  companyName: z.string(),
  companyLogo: z.string().nullable(),
  programName: z.string(),
  rewardTitle: z.string(),
  currentStamps: z.number().int(),
  requiredStamps: z.number().int(),
  isCompleted: z.boolean(),
  /** The card is complete and its reward waits to be claimed at the counter. */
  rewardUnlocked: z.boolean(),
  rewardClaimed: z.boolean(),
  /** Cashback set aside for this completed card's reward, paid when staff hand it over; else null. */
  cashbackPesewas: z.number().int().nullable(),
  expiresAt: z.string().nullable(),
  lastStampAt: z.string().nullable(),
});
export type LoyaltyCard = z.infer<typeof loyaltyCard>;

/** GET /api/loyalty/cards: the member's cards (active first) and points. */
export const loyaltyCardsResponse = z.object({
  cards: z.array(loyaltyCard),
  pointsBalance: z.number().int(),
  pointsToday: z.number().int(),
  dailyPointLimit: z.number().int(),
});
export type LoyaltyCardsResponse = z.infer<typeof loyaltyCardsResponse>;

/** GET /api/loyalty/places/:companyId: what a shop's poster QR opens. */
export const loyaltyPlace = z.object({
  companyId: z.number().int(),
  companyName: z.string(),
  companyLogo: z.string().nullable(),
  address: z.string().nullable(),
  googleMapsUrl: z.string().nullable(),
  program: z
    .object({
      programName: z.string(),
      description: z.string().nullable(),
      requiredVisits: z.number().int(),
      rewardTitle: z.string(),
      minimumSpend: z.number(),
    })
    .nullable(),
  myCard: loyaltyCard.nullable(),
  ads: z.array(z.object({ id: z.number().int(), title: z.string(), thumbnailUrl: z.string().nullable() })),
});
export type LoyaltyPlace = z.infer<typeof loyaltyPlace>;

// --- Owner: the loyalty program ------------------------------------------------------------------

const cedis = (label: string) =>
  z
    .number({ error: `${label} must be an amount in GH₵` })
    .min(0, `${label} cannot be negative`)
    .max(100_000, `${label} must be at most GH₵ 100,000`)
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, {
      message: `${label} can have at most 2 decimal places`,
    });

/** Cedis from a request, as integer pesewas. */
export function toPesewas(cedisAmount: number): number {
  return Math.round(cedisAmount * 100);
}

/** PUT /api/companies/:id/loyalty-program */
export const loyaltyProgramRequest = z.object({
  programName: requiredText("Program name", 80),
  description: optionalText("Description", 300),
  requiredVisits: z
    .number({ error: "Required visits must be a number" })
    .int("Required visits must be a whole number")
    .min(2, "Required visits must be at least 2")
    .max(50, "Required visits must be at most 50"),
  rewardTitle: requiredText("Reward", 80),
  rewardDescription: optionalText("Reward details", 300),
  minimumSpend: cedis("Minimum spend"),
  /**
   * Cashback that comes with the reward, in GH₵: set aside from the business's balance when a card
   * completes (docs/product-rules.md#cashback-stamp-cards); 0 or left out for none.
   */
  rewardCashback: cedis("Cashback with the reward")
    .refine((value) => value === 0 || (value >= 0.5 && value <= 500), {
      message: "Cashback with the reward is GH₵ 0.50 to GH₵ 500 (0 for none)",
    })
    .default(0),
  validityDays: z
    .number({ error: "Validity must be a number of days" })
    .int("Validity must be a whole number of days")
    .min(7, "Cards must be valid for at least 7 days")
    .max(730, "Cards can be valid for at most 730 days"),
  maxActiveCards: z
    .number({ error: "Maximum active cards must be a number" })
    .int("Maximum active cards must be a whole number")
    .min(1, "Maximum active cards must be at least 1")
    .max(100_000, "Maximum active cards must be at most 100,000"),
  isActive: z.boolean(),
});
export type LoyaltyProgramRequest = z.infer<typeof loyaltyProgramRequest>;

export const loyaltyProgram = z.object({
  id: z.number().int(),
  companyId: z.number().int(),
  programName: z.string(),
  description: z.string().nullable(),
  requiredVisits: z.number().int(),
  rewardTitle: z.string(),
  rewardDescription: z.string().nullable(),
  minimumSpend: z.number(),
  /** In GH₵; 0 for none. */
  rewardCashback: z.number(),
  currency: z.string(),
  validityDays: z.number().int(),
  maxActiveCards: z.number().int(),
  isActive: z.boolean(),
  activeCards: z.number().int(),
});
export type LoyaltyProgram = z.infer<typeof loyaltyProgram>;
/** GET answers null when the company has no program yet. */
export const loyaltyProgramResponse = z.object({ program: loyaltyProgram.nullable() });

// --- Consumer: redeeming a reward ----------------------------------------------------------------

export const redemptionMethods = ["self", "staff", "qr"] as const;
export type RedemptionMethod = (typeof redemptionMethods)[number];

/**
 * POST /api/redemptions: a member's reward used by one of the three ways
 * (docs/product-rules.md#rewards-what-can-be-redeemed).
 */
export const redeemRequest = z.object({
  rewardId: idSchema,
  method: z.enum(redemptionMethods, { error: "Method must be self, staff or qr" }).default("self"),
  proofUrl: z
    .url({ protocol: /^https?$/, error: "Proof must be a web address (https://…)" })
    .max(500)
    .optional(),
  location: optionalText("Location", 200),
  staffCode: z
    .string({ error: "Staff code must be 6 digits" })
    .trim()
    .regex(/^\d{6}$/, "Staff code must be 6 digits")
    .optional(),
});
export type RedeemRequest = z.infer<typeof redeemRequest>;

export const redemption = z.object({
  id: z.number().int(),
  rewardId: z.number().int(),
  method: z.enum(redemptionMethods),
  redemptionNumber: z.string(),
  redeemedAt: z.string(),
  staffName: z.string().nullable(),
});
export type Redemption = z.infer<typeof redemption>;
export const redeemResponse = z.object({ success: z.literal(true), message: z.string(), redemption });

/** POST /api/rewards/:id/qr: the reward's signed, single-use QR (valid 2 minutes). */
export const rewardQr = z.object({
  qrData: z.string(),
  /** The same QR as a short code a counter without a camera types (e.g. "K7M4-QXPA"). */
  typedCode: z.string(),
  expiresAt: z.string(),
});
export type RewardQr = z.infer<typeof rewardQr>;

// --- Counter staff -------------------------------------------------------------------------------

export const merchantLoginRequest = z.object({
  username: requiredText("Business username", 60),
  staffName: requiredText("Your name", 60),
  pin: z.string({ error: "PIN must be 4 to 6 digits" }).regex(/^\d{4,6}$/, "PIN must be 4 to 6 digits"),
});
export type MerchantLoginRequest = z.infer<typeof merchantLoginRequest>;

/** Who is at the counter: a staff member, or the owner scanning from the dashboard. */
export const counterActor = z.object({
  kind: z.enum(["staff", "owner"]),
  companyId: z.number().int(),
  companyName: z.string(),
  companyLogo: z.string().nullable(),
  staffId: z.number().int().nullable(),
  staffName: z.string(),
  /**
   * The branch this counter's work is recorded at (the staff member's, else the business's only one;
   * docs/product-rules.md#counter-branch-of-a-scan), null when none.
   */
  branchName: z.string().nullable(),
  hasLoyaltyProgram: z.boolean(),
  /** The program's minimum purchase for a stamp, in GH₵ (0 when any purchase counts; null without a program). */
  minimumSpend: z.number().nullable(),
});
export type CounterActor = z.infer<typeof counterActor>;

export const scanActions = ["stamp", "redeem", "lookup"] as const;
export type ScanAction = (typeof scanActions)[number];

const idempotencyKey = z
  .string({ error: "Idempotency key must be text" })
  .trim()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "Idempotency key must be 8 to 64 letters, digits, - or _");

/** When a queued offline scan was made (ISO time); the server accepts it for 24 hours. */
const scannedAt = z.iso.datetime({ offset: true, error: "Scan time must be an ISO date-time" }).optional();
/** Who made a queued offline scan (a staff member of this shop), when someone else's session sends it. */
const madeByStaffId = idSchema.optional();

/** POST /api/merchant/scans */
export const scanRequest = z.object({
  qrData: requiredText("QR code", 600),
  action: z.enum(scanActions, { error: "Action must be stamp, redeem or lookup" }),
  purchaseAmount: cedis("Purchase amount").optional(),
  idempotencyKey: idempotencyKey.optional(),
  scannedAt,
  madeByStaffId,
});
export type ScanRequest = z.infer<typeof scanRequest>;

export const scanMember = z.object({ displayName: z.string(), tier: z.string() });

export const scanResult = z.object({
  ok: z.literal(true),
  message: z.string(),
  action: z.enum(scanActions),
  /** Set when this idempotency key had already been applied: the first answer, repeated. */
  alreadyApplied: z.boolean(),
  member: scanMember.nullable(),
  card: z
    .object({
      currentStamps: z.number().int(),
      requiredStamps: z.number().int(),
      isCompleted: z.boolean(),
      rewardUnlocked: z.boolean(),
      rewardTitle: z.string(),
    })
    .nullable(),
  reward: z
    .object({
      id: z.number().int(),
      title: z.string(),
      discountPercent: z.number().int().nullable(),
      code: z.string().nullable(),
      kind: z.enum(["ad_reward", "loyalty_reward"]),
      /** Cashback this hand-over paid into the member's cashback; null for none. */
      cashbackPesewas: z.number().int().nullable().optional(),
    })
    .nullable(),
  pointsToday: z.number().int().nullable(),
  scannedAt: z.string(),
});
export type ScanResult = z.infer<typeof scanResult>;

/**
 * POST /api/merchant/points: a point grant, the member named by their QR
 * (docs/product-rules.md#points-allocation-and-draw-entries).
 */
export const pointGrantRequest = z.object({
  qrData: requiredText("QR code", 600),
  points: z
    .number({ error: "Points must be a number" })
    .int("Points must be a whole number")
    .min(1, "Points must be between 1 and 100")
    .max(100, "Points must be between 1 and 100"),
  purchaseAmount: cedis("Purchase amount").optional(),
  transactionNote: optionalText("Note", 200),
  merchantStaff: optionalText("Staff name", 100),
  idempotencyKey: idempotencyKey.optional(),
  scannedAt,
  madeByStaffId,
});
export type PointGrantRequest = z.infer<typeof pointGrantRequest>;

export const pointGrantResult = z.object({
  ok: z.literal(true),
  message: z.string(),
  alreadyApplied: z.boolean(),
  points: z.number().int(),
  member: scanMember,
  memberPointsToday: z.number().int(),
  allocationRemaining: z.number().int(),
  drawEntryEarned: z.boolean(),
});
export type PointGrantResult = z.infer<typeof pointGrantResult>;

/** One line of the counter's log (today's scans on /merchant, the dashboard's recent list). */
export const counterLogEntry = z.object({
  id: z.number().int(),
  action: z.enum(["stamp", "redeem", "lookup", "points"]),
  accepted: z.boolean(),
  message: z.string(),
  memberName: z.string().nullable(),
  staffName: z.string(),
  points: z.number().int().nullable(),
  isSuspicious: z.boolean(),
  suspiciousReasons: z.array(z.string()),
  scannedAt: z.string(),
  /** True when the scan was made offline and synced later. */
  synced: z.boolean(),
  /**
   * Set on a phone check-in held for a number no member has verified (the stamp or points wait for it):
   * the number as staff see it, masked, and until when it is held. Null on every other line.
   */
  held: z.object({ maskedPhone: z.string(), claimUntil: z.string() }).nullable(),
});
export type CounterLogEntry = z.infer<typeof counterLogEntry>;
export const counterLogResponse = z.array(counterLogEntry);

const counterTotals = z.object({
  scans: z.number().int(),
  stamps: z.number().int(),
  redemptions: z.number().int(),
  points: z.number().int(),
  refused: z.number().int(),
  /** Check-ins by phone number (codes sent). */
  phoneCheckins: z.number().int(),
  /** SMS those check-ins sent (each code, and an invite when a reward was held): what they cost the business. */
  smsSent: z.number().int(),
  /** Phone check-ins held for a number no member has verified: a line each in the log, never in `scans`. */
  held: z.number().int(),
});
export type CounterTotals = z.infer<typeof counterTotals>;

/** Texts a cap allows this hour or today (docs/product-rules.md#counter-text-caps). */
const textAllowance = z.object({
  used: z.number().int(),
  limit: z.number().int(),
  left: z.number().int(),
  /** When the hour or the Accra day ends and the count starts again (ISO). */
  resetsAt: z.string(),
});
export type TextAllowance = z.infer<typeof textAllowance>;
const hourAndDay = z.object({ hour: textAllowance, day: textAllowance });
/** The counter's texts (codes and invites): the signed-in staff member's (or owner's) own, and the shop's. */
export const counterTexts = z.object({ you: hourAndDay, shop: hourAndDay });
export type CounterTexts = z.infer<typeof counterTexts>;

/** GET /api/merchant/dashboard */
export const counterDashboard = z.object({
  today: counterTotals,
  month: counterTotals,
  byStaff: z.array(z.object({ staffName: z.string(), today: counterTotals, month: counterTotals })),
  /**
   * The same work by branch: every open branch (with nothing yet, zeros), and a closed branch or work
   * recorded at no branch when it has some this month (`branchId` null, named "No branch").
   */
  byBranch: z.array(
    z.object({
      branchId: z.number().int().nullable(),
      branchName: z.string(),
      today: counterTotals,
      month: counterTotals,
    }),
  ),
  allocation: z.object({ allocated: z.number().int(), used: z.number().int(), remaining: z.number().int() }),
  suspiciousToday: z.number().int(),
  texts: counterTexts,
});
export type CounterDashboard = z.infer<typeof counterDashboard>;

// --- The counter by phone number ----------------------------------------------------------------

export const phoneCheckinActions = ["stamp", "points"] as const;

const grantPoints = z
  .number({ error: "Points must be a number" })
  .int("Points must be a whole number")
  .min(1, "Points must be between 1 and 100")
  .max(100, "Points must be between 1 and 100");

/**
 * POST /api/merchant/phone-checkins: an SMS code sent to a customer who has no app with them
 * (docs/product-rules.md#counter-phone-check-ins).
 */
export const phoneCheckinRequest = z
  .object({
    phoneNumber: ghanaPhoneSchema,
    action: z.enum(phoneCheckinActions, { error: "Action must be stamp or points" }),
    purchaseAmount: cedis("Purchase amount").optional(),
    points: grantPoints.optional(),
    idempotencyKey: z.string({ error: "Idempotency key is required" }).pipe(idempotencyKey),
  })
  .superRefine((value, ctx) => {
    if (value.action === "points" && value.points === undefined) {
      ctx.addIssue({ code: "custom", path: ["points"], message: "Enter the points to give (1 to 100)" });
    }
  });
export type PhoneCheckinRequest = z.infer<typeof phoneCheckinRequest>;

export const phoneCheckinSent = z.object({
  id: z.number().int(),
  status: z.literal("code_sent"),
  expiresAt: z.string(),
  /** The number as staff may see it again, e.g. "+233 24 *** **33". */
  maskedPhone: z.string(),
  action: z.enum(phoneCheckinActions),
});
export type PhoneCheckinSent = z.infer<typeof phoneCheckinSent>;

/** POST /api/merchant/phone-checkins/:id/confirm */
export const phoneCheckinConfirmRequest = z.object({
  code: z
    .string({ error: "Enter the 6-digit code from the customer's SMS" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the customer's SMS"),
});

/**
 * The confirm's answer: for a member's verified number, what a QR scan or point grant answers; for a
 * number no member has verified, `held: true` and until when it can be claimed.
 */
export const phoneCheckinResult = z.object({
  ok: z.literal(true),
  message: z.string(),
  held: z.boolean(),
  action: z.enum(phoneCheckinActions),
  alreadyApplied: z.boolean(),
  member: scanMember.nullable(),
  card: scanResult.shape.card,
  points: z.number().int().nullable(),
  pointsToday: z.number().int().nullable(),
  memberPointsToday: z.number().int().nullable(),
  allocationRemaining: z.number().int().nullable(),
  drawEntryEarned: z.boolean(),
  /** Held only: the last moment a member verifying the number collects it. */
  claimUntil: z.string().nullable(),
});
export type PhoneCheckinResult = z.infer<typeof phoneCheckinResult>;

/** GET /api/phone-invites/:token: the token from a shop's invite SMS link. */
export const phoneInviteParams = z.object({
  token: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{16,64}$/, "This invite link isn't complete. Check the link in your SMS."),
});

/**
 * What the shop that sent an invite holds for its number (docs/product-rules.md#counter-invite-says-what-is-held),
 * for the registration page the invite's link opens. Nothing about any member.
 */
export const phoneInviteHolding = z.object({
  shopName: z.string(),
  /** "+233 24 *** **33", as the counter shows it. */
  maskedPhone: z.string(),
  /** Stamps still waiting for the number at this shop (landed or expired ones are left out). */
  stamps: z.number().int(),
  points: z.number().int(),
  /** When the first of them stops waiting; null when nothing waits any more. */
  claimUntil: z.iso.datetime().nullable(),
});
export type PhoneInviteHolding = z.infer<typeof phoneInviteHolding>;

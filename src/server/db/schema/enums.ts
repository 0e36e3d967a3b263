import { pgEnum } from "drizzle-orm/pg-core";
import { drawExclusionReasons } from "../../../shared/draw-exclusions";

/**
 * Every closed set of values in the data model, one Postgres enum each.
 * The value lists are exported as tuples (`xxxEnum.enumValues`) so zod contracts can reuse them.
 */

/** users.role: consumer, platform staff (verifies proofs) and admin. */
export const userRoleEnum = pgEnum("user_role", ["user", "staff", "admin"]);

/** Company plans (docs/product-rules.md#payments-plans). */
export const planEnum = pgEnum("plan", ["starter", "business", "pro", "enterprise"]);

/** Consumer tiers, lowest first. */
export const tierEnum = pgEnum("tier", ["bronze", "silver", "gold", "diamond"]);

export const adTypeEnum = pgEnum("ad_type", ["image", "video"]);

export const mediaKindEnum = pgEnum("media_kind", ["image", "video"]);

export const rewardTypeEnum = pgEnum("reward_type", [
  "discount",
  "xp",
  "badge",
  "experience",
  "prize_entry",
  "cashback",
]);

export const redemptionMethodEnum = pgEnum("redemption_method", ["self", "staff", "qr"]);

/** redemptions.status; 'reversed' frees the reward for another redemption. */
export const redemptionStatusEnum = pgEnum("redemption_status", [
  "pending",
  "complete",
  "rejected",
  "reversed",
]);

export const sharePlatformEnum = pgEnum("share_platform", [
  "facebook",
  "twitter",
  "instagram",
  "whatsapp",
  "other",
]);

/** Staff decision on a share proof (rewards.shareProofStatus) or a receipt (verified_purchases). */
export const proofStatusEnum = pgEnum("proof_status", ["pending", "verified", "rejected"]);

/** user_reviews.verificationStatus. */
export const reviewStatusEnum = pgEnum("review_status", ["unverified", "verified", "rejected"]);

/**
 * payments.status: pending → succeeded | failed | rejected, exactly once. "flagged": the provider took an
 * amount or currency that doesn't match the order, so nothing is granted until an admin decides.
 * "completed" and "refunded" are older values, kept in the type and unused.
 */
export const paymentStatusEnum = pgEnum("payment_status", [
  "pending",
  "completed",
  "failed",
  "refunded",
  "succeeded",
  "rejected",
  "flagged",
]);

/** payments.momoProvider: the three Ghanaian mobile-money networks. */
export const momoProviderEnum = pgEnum("momo_provider", ["mtn", "telecel", "airteltigo"]);

/** payments.purpose: a plan period or Anigye+ (with its subscriptions row), or money onto a business's balance. */
export const paymentPurposeEnum = pgEnum("payment_purpose", ["subscription", "wallet_top_up"]);

/**
 * draw_entries / competition_entries.excludedAtDraw: why an entry of the list frozen when entries closed
 * holds no ticket (docs/draw-algorithm.md).
 */
export const drawExclusionReasonEnum = pgEnum("draw_exclusion_reason", drawExclusionReasons);

export const companyStatusEnum = pgEnum("company_status", ["active", "suspended", "closed"]);

/** companies.paymentStatus: whether the current plan period is paid. */
export const companyPaymentStatusEnum = pgEnum("company_payment_status", [
  "pending",
  "paid",
  "overdue",
  "failed",
]);

/** Delivery channel of an OTP or an outbox message; companies.otpChannel. */
export const messageChannelEnum = pgEnum("message_channel", ["email", "sms"]);

/** Who a session belongs to. */
export const sessionKindEnum = pgEnum("session_kind", ["user", "company", "company_staff"]);

export const emailTokenPurposeEnum = pgEnum("email_token_purpose", [
  "verify_email",
  "password_reset",
  "company_setup",
  "login_otp",
]);

/**
 * ledger_entries.currency:
 * - xp: consumer experience points (users.xpPoints)
 * - prize_points: points a consumer receives from merchants at the counter (users.prizePoints; 100 = 1 draw entry)
 * - points: not written (a company's grants are tracked in company_point_allocations); kept in the type
 */
export const ledgerCurrencyEnum = pgEnum("ledger_currency", ["xp", "points", "prize_points"]);

/** users.subscriptionType */
export const userSubscriptionTypeEnum = pgEnum("user_subscription_type", ["free", "plus"]);

/** users.subscriptionStatus */
export const userSubscriptionStatusEnum = pgEnum("user_subscription_status", [
  "inactive",
  "active",
  "expired",
  "cancelled",
]);

/** subscriptions.type: 'plus' for a consumer's Anigye+, or a company plan. */
export const subscriptionTypeEnum = pgEnum("subscription_type", [
  "plus",
  "starter",
  "business",
  "pro",
  "enterprise",
]);

export const subscriptionStatusEnum = pgEnum("subscription_status", [
  "pending",
  "active",
  "rejected",
  "expired",
  "cancelled",
]);

export const adInteractionTypeEnum = pgEnum("ad_interaction_type", [
  "impression",
  "view",
  "click",
  "like",
  "unlike",
  "share",
  "complete",
  "unlock",
  "redeem",
]);

export const violationSeverityEnum = pgEnum("violation_severity", ["low", "medium", "high", "critical"]);

export const violationStatusEnum = pgEnum("violation_status", [
  "pending",
  "reviewed",
  "actioned",
  "dismissed",
]);

export const referralStatusEnum = pgEnum("referral_status", ["pending", "completed", "cancelled"]);

export const pointTransactionStatusEnum = pgEnum("point_transaction_status", ["completed", "reversed"]);

export const settingTypeEnum = pgEnum("setting_type", ["text", "number", "boolean", "json"]);

export type UserRole = (typeof userRoleEnum.enumValues)[number];
export type PlanName = (typeof planEnum.enumValues)[number];
export type Tier = (typeof tierEnum.enumValues)[number];
export type AdType = (typeof adTypeEnum.enumValues)[number];
export type MediaKind = (typeof mediaKindEnum.enumValues)[number];
export type RewardType = (typeof rewardTypeEnum.enumValues)[number];
export type RedemptionMethod = (typeof redemptionMethodEnum.enumValues)[number];
export type RedemptionStatus = (typeof redemptionStatusEnum.enumValues)[number];
export type SharePlatform = (typeof sharePlatformEnum.enumValues)[number];
export type ProofStatus = (typeof proofStatusEnum.enumValues)[number];
export type ReviewStatus = (typeof reviewStatusEnum.enumValues)[number];
export type PaymentStatus = (typeof paymentStatusEnum.enumValues)[number];
export type MomoProvider = (typeof momoProviderEnum.enumValues)[number];
export type CompanyStatus = (typeof companyStatusEnum.enumValues)[number];
export type CompanyPaymentStatus = (typeof companyPaymentStatusEnum.enumValues)[number];
export type MessageChannel = (typeof messageChannelEnum.enumValues)[number];
export type SessionKind = (typeof sessionKindEnum.enumValues)[number];
export type EmailTokenPurpose = (typeof emailTokenPurposeEnum.enumValues)[number];
export type LedgerCurrency = (typeof ledgerCurrencyEnum.enumValues)[number];
export type UserSubscriptionType = (typeof userSubscriptionTypeEnum.enumValues)[number];
export type UserSubscriptionStatus = (typeof userSubscriptionStatusEnum.enumValues)[number];
export type SubscriptionType = (typeof subscriptionTypeEnum.enumValues)[number];
export type SubscriptionStatus = (typeof subscriptionStatusEnum.enumValues)[number];
export type AdInteractionType = (typeof adInteractionTypeEnum.enumValues)[number];
export type ViolationSeverity = (typeof violationSeverityEnum.enumValues)[number];
export type ViolationStatus = (typeof violationStatusEnum.enumValues)[number];
export type ReferralStatus = (typeof referralStatusEnum.enumValues)[number];
export type PointTransactionStatus = (typeof pointTransactionStatusEnum.enumValues)[number];
export type SettingType = (typeof settingTypeEnum.enumValues)[number];

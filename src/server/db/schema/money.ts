import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { withdrawalStatuses } from "../../../shared/contracts/cashback";
import { momoNetworks } from "../../../shared/contracts/money";
import { ads } from "./ads";
import { users } from "./auth";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { companies } from "./companies";
import { payments } from "./payments";
import { rewards } from "./rewards";
import { watchProgress } from "./watch";

/**
 * Money, in pesewas, kept by double entry: every movement is one transfer from one account to another, so
 * the balances of all accounts always sum to zero.
 * - `company_balance`: what a business has to spend (never below zero).
 * - `platform_revenue`: what Anigye earned from that business (never below zero).
 * - `money_received`: the other side of what that business paid in from outside (zero or below: its
 *   negative is everything received).
 * - `cashback_reserved`: what that business promised in cashback rewards issued and not yet used.
 * Each of those belongs to one company, so no single row is shared by every business's charges. A
 * member's accounts belong to her:
 * - `member_cashback`: cashback she has earned and may withdraw.
 * - `payout_in_flight`: withdrawals asked for and not yet settled by the provider.
 * - `paid_out`: everything sent to her mobile-money wallet.
 */
export const moneyAccountKindEnum = pgEnum("money_account_kind", [
  "company_balance",
  "platform_revenue",
  "money_received",
  "cashback_reserved",
  "member_cashback",
  "payout_in_flight",
  "paid_out",
]);

/** What a transfer was for. */
export const moneyTransferKindEnum = pgEnum("money_transfer_kind", [
  "top_up",
  "view_charge",
  "view_refund",
  /** A business's balance into its reserve, when a cashback reward is issued. */
  "cashback_reserve",
  /** Back from the reserve to the balance, when a cashback reward expires unused. */
  "cashback_release",
  /** From the reserve to the member, when her cashback reward is used at the counter. */
  "cashback_earn",
  "withdrawal",
  "payout",
  "payout_return",
]);

export const moneyAccounts = pgTable(
  "money_accounts",
  {
    id: id(),
    kind: moneyAccountKindEnum("kind").notNull(),
    /** The business a company account belongs to; null for a member's account. */
    companyId: integer("company_id").references(() => companies.id, { onDelete: "restrict" }),
    /**
     * The member a member account belongs to; set null when she deletes her account (the account and its
     * transfers stay, so the books still balance).
     */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Credits minus debits: the sum of the account's transfers, moved in the same statement as each. */
    balancePesewas: bigint("balance_pesewas", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("money_accounts_kind_company_key").on(t.kind, t.companyId),
    uniqueIndex("money_accounts_kind_user_key").on(t.kind, t.userId),
    check("money_accounts_one_owner", sql`${t.companyId} is null or ${t.userId} is null`),
    check(
      "money_accounts_balance_sign",
      sql`(${t.kind} = 'money_received' and ${t.balancePesewas} <= 0) or (${t.kind} <> 'money_received' and ${t.balancePesewas} >= 0)`,
    ),
  ],
);

/** Append-only: a mistake is undone by a transfer the other way, never by an edit or a delete. */
export const moneyTransfers = pgTable(
  "money_transfers",
  {
    id: id(),
    debitAccountId: integer("debit_account_id")
      .notNull()
      .references(() => moneyAccounts.id, { onDelete: "restrict" }),
    creditAccountId: integer("credit_account_id")
      .notNull()
      .references(() => moneyAccounts.id, { onDelete: "restrict" }),
    amountPesewas: bigint("amount_pesewas", { mode: "number" }).notNull(),
    kind: moneyTransferKindEnum("kind").notNull(),
    /** Unique per logical movement (e.g. `top_up:payment:12`), so a retry never moves money twice. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** Each side's balance once this transfer was applied (the accounts are locked while it is made). */
    debitBalanceAfterPesewas: bigint("debit_balance_after_pesewas", { mode: "number" }).notNull(),
    creditBalanceAfterPesewas: bigint("credit_balance_after_pesewas", { mode: "number" }).notNull(),
    paymentId: integer("payment_id").references(() => payments.id, { onDelete: "restrict" }),
    /** The campaign a view charge or refund belongs to (campaigns come with pay-per-view). */
    campaignId: integer("campaign_id"),
    /** The withdrawal a withdrawal, payout or return belongs to. */
    withdrawalId: integer("withdrawal_id"),
    /** The cashback reward a reserve, release or earning belongs to. */
    rewardId: integer("reward_id").references(() => rewards.id, { onDelete: "restrict" }),
    /** The completed stamp card whose cashback a reserve, release or earning belongs to. */
    loyaltyCardId: integer("loyalty_card_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("money_transfers_idempotency_key_key").on(t.idempotencyKey),
    index("money_transfers_debit_idx").on(t.debitAccountId, t.id),
    index("money_transfers_credit_idx").on(t.creditAccountId, t.id),
    index("money_transfers_kind_created_idx").on(t.kind, t.createdAt),
    index("money_transfers_reward_idx").on(t.rewardId).where(sql`${t.rewardId} is not null`),
    check("money_transfers_amount_positive", sql`${t.amountPesewas} > 0`),
    check("money_transfers_two_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);

/**
 * A campaign: a business pays for each completed view of one of its ads, within a daily cap (Accra day),
 * a total budget and its balance (docs/product-rules.md#pay-per-view-campaigns). One live campaign per ad;
 * one whose last day has passed is `ended`.
 */
export const campaignStatusEnum = pgEnum("campaign_status", ["active", "paused", "ended"]);

export const adCampaigns = pgTable(
  "ad_campaigns",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    adId: integer("ad_id")
      .notNull()
      .references(() => ads.id, { onDelete: "restrict" }),
    status: campaignStatusEnum("status").notNull().default("active"),
    pricePerViewPesewas: integer("price_per_view_pesewas").notNull(),
    dailyCapPesewas: integer("daily_cap_pesewas").notNull(),
    totalBudgetPesewas: bigint("total_budget_pesewas", { mode: "number" }).notNull(),
    /** The campaign's last Accra day (it runs until the end of it); null runs until paused or spent. */
    endsOn: date("ends_on", { mode: "string" }),
    spentPesewas: bigint("spent_pesewas", { mode: "number" }).notNull().default(0),
    /** Spent on the Accra day `spentOn`; a charge on a later day starts it again from zero. */
    spentTodayPesewas: integer("spent_today_pesewas").notNull().default(0),
    spentOn: date("spent_on", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ad_campaigns_live_ad_key").on(t.adId).where(sql`${t.status} <> 'ended'`),
    index("ad_campaigns_company_idx").on(t.companyId, t.id),
    check("ad_campaigns_price_positive", sql`${t.pricePerViewPesewas} > 0`),
    check(
      "ad_campaigns_within_budget",
      sql`${t.spentPesewas} >= 0 and ${t.spentPesewas} <= ${t.totalBudgetPesewas}`,
    ),
    check("ad_campaigns_spent_today_sign", sql`${t.spentTodayPesewas} >= 0`),
  ],
);

/**
 * What became of each completed view of a campaign's ad (the view that issued the member's reward):
 * charged, free because the anti-cheat rules flagged it (`invalid`), or free because the campaign could
 * not pay then (`unfunded`: paused, a cap reached or the balance short). A charged view reversed later
 * is refunded and keeps its outcome, with `refundedAt` set.
 */
export const campaignViewOutcomeEnum = pgEnum("campaign_view_outcome", ["charged", "invalid", "unfunded"]);

export const campaignViews = pgTable(
  "campaign_views",
  {
    id: id(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => adCampaigns.id, { onDelete: "restrict" }),
    /** The view (null once its member deleted their account: the charge and its count stay). */
    watchId: integer("watch_id").references(() => watchProgress.id, { onDelete: "set null" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    rewardId: integer("reward_id").references(() => rewards.id, { onDelete: "set null" }),
    outcome: campaignViewOutcomeEnum("outcome").notNull(),
    /** The Accra day the view completed on. */
    viewedOn: date("viewed_on", { mode: "string" }).notNull(),
    chargedPesewas: integer("charged_pesewas").notNull().default(0),
    chargeTransferId: integer("charge_transfer_id").references(() => moneyTransfers.id, {
      onDelete: "restrict",
    }),
    refundedAt: tstz("refunded_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("campaign_views_watch_key").on(t.watchId),
    index("campaign_views_campaign_day_idx").on(t.campaignId, t.viewedOn),
    index("campaign_views_reward_idx").on(t.rewardId),
  ],
);

export type AdCampaign = typeof adCampaigns.$inferSelect;
export type MoneyAccount = typeof moneyAccounts.$inferSelect;
export type MoneyTransfer = typeof moneyTransfers.$inferSelect;

/** The mobile-money networks a member's cashback is paid to. */
export const payoutNetworkEnum = pgEnum("payout_network", momoNetworks);

/**
 * The wallet a member's withdrawals are paid to: one per member. A changed number is held before it is
 * paid to (docs/product-rules.md#cashback-trust).
 */
export const payoutAccounts = pgTable("payout_accounts", {
  id: id(),
  userId: integer("user_id")
    .notNull()
    .unique("payout_accounts_user_key")
    .references(() => users.id, { onDelete: "cascade" }),
  /** E.164, e.g. +233241234567. */
  phoneNumber: text("phone_number").notNull(),
  network: payoutNetworkEnum("network").notNull(),
  /** The name the wallet is registered in: the provider's when it tells it, else the one she confirmed. */
  accountName: text("account_name"),
  /** The provider's transfer recipient for this wallet (Paystack's RCP_…); null when paid by hand. */
  recipientCode: text("recipient_code"),
  /** Withdrawals asked for before this moment wait until it (a changed number). */
  holdUntil: tstz("hold_until"),
  /** The device (the app's fingerprint) that set it: a withdrawal from another, newly signed-in one is held. */
  deviceFingerprint: text("device_fingerprint"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Where a withdrawal stands: `queued` (to be sent, perhaps after a hold; by hand without Paystack),
 * `review` (waits for an admin), `sending` (the provider has it), then `paid`, `failed`, `reversed` (the
 * provider gave it back after paying) or `rejected` (an admin refused it). The last three returned the
 * money to the member's cashback.
 */
export const withdrawalStatusEnum = pgEnum("withdrawal_status", withdrawalStatuses);

export const cashbackWithdrawals = pgTable(
  "cashback_withdrawals",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The member's key: the same key twice is one withdrawal. */
    idempotencyKey: text("idempotency_key").notNull(),
    amountPesewas: integer("amount_pesewas").notNull(),
    /** Taken from the amount when the member bears the transfer fee; what reaches her is the difference. */
    feePesewas: integer("fee_pesewas").notNull().default(0),
    status: withdrawalStatusEnum("status").notNull(),
    phoneNumber: text("phone_number").notNull(),
    network: payoutNetworkEnum("network").notNull(),
    accountName: text("account_name"),
    /**
     * The provider's reference, made with the row and used for every try: the provider refuses a second
     * transfer with it, so a retry never pays twice.
     */
    reference: text("reference").notNull(),
    holdUntil: tstz("hold_until"),
    reviewReason: text("review_reason"),
    riskScore: integer("risk_score").notNull().default(0),
    providerTransferCode: text("provider_transfer_code"),
    /** Paid by hand (no Paystack): the MoMo transaction ID the admin entered. */
    manualTransactionId: text("manual_transaction_id"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: tstz("decided_at"),
    settledAt: tstz("settled_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("cashback_withdrawals_user_key").on(t.userId, t.idempotencyKey),
    uniqueIndex("cashback_withdrawals_reference_key").on(t.reference),
    index("cashback_withdrawals_user_created_idx").on(t.userId, t.createdAt),
    index("cashback_withdrawals_status_idx").on(t.status, t.createdAt),
    check("cashback_withdrawals_amount_positive", sql`${t.amountPesewas} > 0`),
    check(
      "cashback_withdrawals_fee_below_amount",
      sql`${t.feePesewas} >= 0 and ${t.feePesewas} < ${t.amountPesewas}`,
    ),
  ],
);

export type CashbackWithdrawal = typeof cashbackWithdrawals.$inferSelect;

/**
 * The daily comparison of our withdrawals with the transfers Paystack lists for the same days
 * (docs/product-rules.md#cashback-reconciliation): one row per check, with every difference it found.
 */
export const payoutReconciliations = pgTable(
  "payout_reconciliations",
  {
    id: id(),
    /** The first and last Accra day compared. */
    fromDay: date("from_day", { mode: "string" }).notNull(),
    toDay: date("to_day", { mode: "string" }).notNull(),
    withdrawalsCompared: integer("withdrawals_compared").notNull(),
    transfersListed: integer("transfers_listed").notNull(),
    differences: jsonb("differences").$type<PayoutDifference[]>().notNull(),
    checkedAt: createdAt(),
  },
  (t) => [index("payout_reconciliations_checked_idx").on(t.checkedAt)],
);

export interface PayoutDifference {
  reference: string;
  /** Our withdrawal's status, or null for a transfer we have no withdrawal for. */
  ours: string | null;
  /** Paystack's status, or null for a withdrawal Paystack doesn't list. */
  theirs: string | null;
  /** What we sent (amount less fee) and what Paystack says it sent, in pesewas. */
  oursPesewas: number | null;
  theirsPesewas: number | null;
}

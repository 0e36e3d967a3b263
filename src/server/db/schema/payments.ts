import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, tstz, updatedAt } from "./columns";
import { companies } from "./companies";
import {
  momoProviderEnum,
  paymentPurposeEnum,
  paymentStatusEnum,
  subscriptionStatusEnum,
  subscriptionTypeEnum,
} from "./enums";

/**
 * A paid period (30 days): a consumer's Anigye+ (type 'plus', userId set) or a company plan
 * (type = plan, companyId set). Manual path: the payer submits the MoMo reference and phone, an admin
 * verifies it. A MoMo reference can back only one non-rejected subscription.
 */
export const subscriptions = pgTable(
  "subscriptions",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "restrict" }),
    type: subscriptionTypeEnum("type").notNull().default("plus"),
    amountPesewas: integer("amount_pesewas").notNull(),
    currency: text("currency").notNull().default("GHS"),
    /** 'momo' | 'paystack' | 'admin_grant' ... */
    paymentMethod: text("payment_method"),
    paymentReference: text("payment_reference"),
    paymentPhone: text("payment_phone"),
    status: subscriptionStatusEnum("status").notNull().default("pending"),
    adminNotes: text("admin_notes"),
    verifiedBy: integer("verified_by").references(() => users.id, { onDelete: "set null" }),
    verifiedAt: tstz("verified_at"),
    startsAt: tstz("starts_at"),
    expiresAt: tstz("expires_at"),
    /** When a company plan's period was put in effect (at once, or by the job when a queued period starts). */
    inEffectSince: tstz("in_effect_since"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("subscriptions_payment_reference_key")
      .on(t.paymentReference)
      .where(sql`${t.status} <> 'rejected'`),
    index("subscriptions_user_id_idx").on(t.userId, t.createdAt.desc()),
    index("subscriptions_company_id_idx").on(t.companyId, t.createdAt.desc()),
    index("subscriptions_pending_idx").on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index("subscriptions_active_idx").on(t.startsAt).where(sql`${t.status} = 'active'`),
    check("subscriptions_amount_nonnegative", sql`${t.amountPesewas} >= 0`),
  ],
);

/** Money received (or attempted), manual or through a provider. Never deleted. */
export const payments = pgTable(
  "payments",
  {
    id: id(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    companyId: integer("company_id").references(() => companies.id, { onDelete: "restrict" }),
    subscriptionId: integer("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    /** A top-up has no subscriptions row: the money lands on the company's balance (the money module). */
    purpose: paymentPurposeEnum("purpose").notNull().default("subscription"),
    amountPesewas: integer("amount_pesewas").notNull(),
    currency: text("currency").notNull().default("GHS"),
    /** 'momo_manual' | 'paystack' */
    paymentMethod: text("payment_method"),
    /** E.164 MoMo number. */
    momoNumber: text("momo_number"),
    momoProvider: momoProviderEnum("momo_provider"),
    /** The provider's transaction id. */
    transactionId: text("transaction_id"),
    /** Our reference, sent to the provider; the webhook looks payments up by it. */
    reference: text("reference").notNull(),
    status: paymentStatusEnum("status").notNull().default("pending"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** When the payment left pending (succeeded, failed, rejected or flagged). */
    processedAt: tstz("processed_at"),
    /**
     * A top-up's MoMo transaction reference as its payer typed it (a plan's is on its subscriptions row).
     */
    payerReference: text("payer_reference"),
    /** Manual path: when the payer submitted their MoMo transaction reference. */
    proofSubmittedAt: tstz("proof_submitted_at"),
    /** An admin's reason for a rejection, or why the payment was flagged. */
    reason: text("reason"),
    decidedBy: integer("decided_by").references(() => users.id, { onDelete: "set null" }),
    /** Provider path: the last time we asked Paystack about it (the status page asks at most every few seconds). */
    lastCheckedAt: tstz("last_checked_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("payments_reference_key").on(t.reference),
    index("payments_status_idx").on(t.status, t.createdAt),
    uniqueIndex("payments_transaction_id_key").on(t.transactionId),
    // Not partial like the subscriptions' one: 'rejected' was added to the enum by a migration, and
    // PostgreSQL refuses a new enum value in the transaction that migrates a fresh database.
    uniqueIndex("payments_payer_reference_key").on(t.payerReference),
    index("payments_user_id_idx").on(t.userId),
    index("payments_company_id_idx").on(t.companyId),
    index("payments_subscription_id_idx").on(t.subscriptionId),
    check("payments_amount_positive", sql`${t.amountPesewas} > 0`),
  ],
);

/** Every provider webhook received, so a redelivered event is recognised and ignored. */
export const paymentWebhookEvents = pgTable(
  "payment_webhook_events",
  {
    id: id(),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    reference: text("reference"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    processedAt: tstz("processed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payment_webhook_events_provider_event_key").on(t.provider, t.eventId),
    index("payment_webhook_events_reference_idx").on(t.reference),
  ],
);

/** A reminder sent once: `plan:<companyId>:<period end>:3d`, `plus:<userId>:<period end>:day`. */
export const subscriptionReminders = pgTable("subscription_reminders", {
  reminderKey: text("reminder_key").primaryKey(),
  sentAt: createdAt(),
});

export type Subscription = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type Payment = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaymentWebhookEvent = typeof paymentWebhookEvents.$inferSelect;

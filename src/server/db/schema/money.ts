import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { companies } from "./companies";
import { payments } from "./payments";

/**
 * Money, in pesewas, kept by double entry: every movement is one transfer from one account to another, so
 * the balances of all accounts always sum to zero.
 * - `company_balance`: what a business has to spend (never below zero).
 * - `platform_revenue`: what Anigye earned from that business (never below zero).
 * - `money_received`: the other side of what that business paid in from outside (zero or below: its
 *   negative is everything received).
 * Each account belongs to one company, so no single row is shared by every business's charges.
 */
export const moneyAccountKindEnum = pgEnum("money_account_kind", [
  "company_balance",
  "platform_revenue",
  "money_received",
]);

/** What a transfer was for. */
export const moneyTransferKindEnum = pgEnum("money_transfer_kind", ["top_up", "view_charge", "view_refund"]);

export const moneyAccounts = pgTable(
  "money_accounts",
  {
    id: id(),
    kind: moneyAccountKindEnum("kind").notNull(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    /** Credits minus debits: the sum of the account's transfers, moved in the same statement as each. */
    balancePesewas: bigint("balance_pesewas", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("money_accounts_kind_company_key").on(t.kind, t.companyId),
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
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("money_transfers_idempotency_key_key").on(t.idempotencyKey),
    index("money_transfers_debit_idx").on(t.debitAccountId, t.id),
    index("money_transfers_credit_idx").on(t.creditAccountId, t.id),
    check("money_transfers_amount_positive", sql`${t.amountPesewas} > 0`),
    check("money_transfers_two_accounts", sql`${t.debitAccountId} <> ${t.creditAccountId}`),
  ],
);

export type MoneyAccount = typeof moneyAccounts.$inferSelect;
export type MoneyTransfer = typeof moneyTransfers.$inferSelect;

import { sql } from "drizzle-orm";
import { check, date, index, integer, pgTable, text, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { createdAt, id, updatedAt } from "./columns";
import { companies, companyStaff } from "./companies";
import { planEnum, pointTransactionStatusEnum } from "./enums";

/**
 * Points a company's staff grant to a consumer (1 to 100 per purchase). The balances move through
 * ledger_entries; this row is the business record of the grant.
 */
export const pointTransactions = pgTable(
  "point_transactions",
  {
    id: id(),
    fromCompanyId: integer("from_company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    toUserId: integer("to_user_id").references(() => users.id, { onDelete: "set null" }),
    points: integer("points").notNull(),
    purchaseAmountPesewas: integer("purchase_amount_pesewas"),
    transactionNote: varchar("transaction_note", { length: 200 }),
    /** Staff name as entered (merchantStaff, up to 100). */
    processedByStaff: varchar("processed_by_staff", { length: 100 }),
    staffId: integer("staff_id").references(() => companyStaff.id, { onDelete: "set null" }),
    merchantDevice: text("merchant_device"),
    status: pointTransactionStatusEnum("status").notNull().default("completed"),
    createdAt: createdAt(),
  },
  (t) => [
    index("point_transactions_to_user_created_idx").on(t.toUserId, t.createdAt),
    index("point_transactions_from_company_created_idx").on(t.fromCompanyId, t.createdAt),
    check("point_transactions_points_range", sql`${t.points} between 1 and 100`),
    check("point_transactions_purchase_amount_nonnegative", sql`${t.purchaseAmountPesewas} >= 0`),
  ],
);

/** Points a consumer received per Africa/Accra day; pointsReceived can never exceed maxPointsPerDay. */
export const dailyPointLimits = pgTable(
  "daily_point_limits",
  {
    id: id(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    pointsReceived: integer("points_received").notNull().default(0),
    maxPointsPerDay: integer("max_points_per_day").notNull().default(100),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("daily_point_limits_user_day_key").on(t.userId, t.day),
    check(
      "daily_point_limits_within_max",
      sql`${t.pointsReceived} >= 0 and ${t.pointsReceived} <= ${t.maxPointsPerDay}`,
    ),
  ],
);

/** A company's monthly points allocation (reset on the 1st, Africa/Accra). */
export const companyPointAllocations = pgTable(
  "company_point_allocations",
  {
    id: id(),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    month: integer("month").notNull(),
    year: integer("year").notNull(),
    allocatedPoints: integer("allocated_points").notNull(),
    usedPoints: integer("used_points").notNull().default(0),
    remainingPoints: integer("remaining_points").notNull(),
    /** The company's plan when allocated. */
    plan: planEnum("plan").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("company_point_allocations_company_year_month_key").on(t.companyId, t.year, t.month),
    check("company_point_allocations_month_range", sql`${t.month} between 1 and 12`),
    check(
      "company_point_allocations_nonnegative",
      sql`${t.allocatedPoints} >= 0 and ${t.usedPoints} >= 0 and ${t.remainingPoints} >= 0`,
    ),
  ],
);

export type PointTransaction = typeof pointTransactions.$inferSelect;
export type DailyPointLimit = typeof dailyPointLimits.$inferSelect;
export type CompanyPointAllocation = typeof companyPointAllocations.$inferSelect;

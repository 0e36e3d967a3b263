import { count, desc, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { adminWithdrawal } from "../../../shared/contracts/cashback";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";
import { type CashbackWithdrawal, cashbackWithdrawals } from "../../db/schema/money";
import { withdrawalView } from "./withdrawals.service";

export type AdminWithdrawal = z.infer<typeof adminWithdrawal>;

/** Withdrawals in one state, oldest first (the review queue, or those waiting to be paid by hand). */
export async function withdrawalsForAdmin(
  db: Executor,
  status: CashbackWithdrawal["status"],
): Promise<AdminWithdrawal[]> {
  const rows = await db
    .select({ withdrawal: cashbackWithdrawals, memberName: users.displayName })
    .from(cashbackWithdrawals)
    .leftJoin(users, eq(users.id, cashbackWithdrawals.userId))
    .where(eq(cashbackWithdrawals.status, status))
    .orderBy(
      status === "review" || status === "queued" ? cashbackWithdrawals.id : desc(cashbackWithdrawals.id),
    )
    .limit(200);
  return rows.map(({ withdrawal, memberName }) => adminView(withdrawal, memberName));
}

function adminView(row: CashbackWithdrawal, memberName: string | null): AdminWithdrawal {
  return {
    ...withdrawalView(row),
    userId: row.userId,
    memberName,
    reviewReason: row.reviewReason,
    riskScore: row.riskScore,
  };
}

/** One withdrawal as the admin's queue shows it, with its member's name. */
export async function adminWithdrawalOf(db: Executor, row: CashbackWithdrawal): Promise<AdminWithdrawal> {
  const [member] = row.userId
    ? await db.select({ name: users.displayName }).from(users).where(eq(users.id, row.userId))
    : [];
  return adminView(row, member?.name ?? null);
}

/** Withdrawals an admin must act on: in review, or (without Paystack) waiting to be paid by hand. */
export async function countWithdrawalsWaitingForAdmin(db: Executor, paidByHand: boolean): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(cashbackWithdrawals)
    .where(
      paidByHand
        ? inArray(cashbackWithdrawals.status, ["review", "queued"])
        : eq(cashbackWithdrawals.status, "review"),
    );
  return row?.n ?? 0;
}

import { and, eq, sql } from "drizzle-orm";
import { hashPassword } from "../../lib/password";
import { transferMoney } from "../../modules/money";
import type { Database } from "../client";
import { companyStaff } from "../schema";

/**
 * The cashback demo (docs/product-rules.md#cashback): Salamatu's MoMo point runs a GH₵ 10 cashback ad,
 * funded by GH₵ 200 on its balance, and Salamatu confirms rewards at the counter with her staff code.
 */
export const demoCashback = {
  companySlug: "salamatu-momo-point",
  adTitle: "GH₵ 10 back to your MoMo",
  balancePesewas: 200_00,
  staff: { name: "Salamatu", pin: "1357", staffCode: "135790" },
} as const;

export async function seedDemoCashback(db: Database, companyId: number, now = new Date()) {
  const [existing] = await db
    .select({ id: companyStaff.id })
    .from(companyStaff)
    .where(and(eq(companyStaff.companyId, companyId), eq(sql`lower(${companyStaff.name})`, "salamatu")));
  if (existing) return;
  await db.transaction(async (tx) => {
    await tx.insert(companyStaff).values({
      companyId,
      name: demoCashback.staff.name,
      pinHash: await hashPassword(demoCashback.staff.pin),
      staffCode: demoCashback.staff.staffCode,
    });
    // As a settled top-up moves it: from what the business paid in, onto its balance.
    await transferMoney(tx, {
      from: { kind: "money_received", companyId },
      to: { kind: "company_balance", companyId },
      amountPesewas: demoCashback.balancePesewas,
      kind: "top_up",
      idempotencyKey: `demo:cashback-top-up:${companyId}`,
      at: now,
    });
  });
}

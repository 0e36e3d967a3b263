import { and, count, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { payments } from "../../db/schema/payments";

/** Money received since the month began, and the manual payments waiting for an admin, for the overview. */
export async function paymentFigures(db: Executor, monthStart: Date) {
  const [revenue] = await db
    .select({ pesewas: sql<number>`coalesce(sum(${payments.amountPesewas}), 0)::int` })
    .from(payments)
    .where(and(eq(payments.status, "succeeded"), gte(payments.processedAt, monthStart)));
  const [waiting] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.status, "pending"), isNotNull(payments.proofSubmittedAt)));
  const [flagged] = await db.select({ n: count() }).from(payments).where(eq(payments.status, "flagged"));
  return {
    revenueThisMonthPesewas: revenue?.pesewas ?? 0,
    waiting: waiting?.n ?? 0,
    flagged: flagged?.n ?? 0,
  };
}

import { and, count, eq, gte } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { redemptions } from "../../db/schema/redemptions";

/** Completed redemptions since a moment, for the admin overview. */
export async function countRedemptionsSince(db: Executor, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(redemptions)
    .where(and(eq(redemptions.status, "complete"), gte(redemptions.createdAt, since)));
  return row?.n ?? 0;
}

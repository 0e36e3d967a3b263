import { count, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { verifiedPurchases } from "../../db/schema/purchases";

/** Purchase receipts waiting for staff, for the admin overview. */
export async function countPendingPurchases(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(verifiedPurchases)
    .where(eq(verifiedPurchases.verificationStatus, "pending"));
  return row?.n ?? 0;
}

import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";

/** A purchase of the member's was verified by staff (users.verifiedPurchases). */
export async function countVerifiedPurchase(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ verifiedPurchases: sql`${users.verifiedPurchases} + 1` })
    .where(eq(users.id, userId));
}

/** The member published a review (users.reviewsSubmitted). */
export async function countReviewSubmitted(tx: Executor, userId: number): Promise<void> {
  await tx
    .update(users)
    .set({ reviewsSubmitted: sql`${users.reviewsSubmitted} + 1` })
    .where(eq(users.id, userId));
}

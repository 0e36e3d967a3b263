import { and, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../client";
import { adDiscountCodes, ads, rewards } from "../schema";

/**
 * An unused discount a demo member holds from one of the shop's ads (found by its title), with a code
 * from the ad's pool, counted as one unlock of the ad. Nothing when the shop has no such ad.
 */
export async function giveDemoDiscount(
  tx: Executor,
  holder: { userId: number; companyId: number; adTitle: string },
  now: Date,
): Promise<void> {
  const { userId, companyId, adTitle } = holder;
  const [ad] = await tx
    .select()
    .from(ads)
    .where(and(eq(ads.companyId, companyId), eq(ads.title, adTitle)));
  if (!ad) return;
  const [code] = await tx
    .select()
    .from(adDiscountCodes)
    .where(and(eq(adDiscountCodes.adId, ad.id), isNull(adDiscountCodes.assignedAt)))
    .limit(1);
  const [reward] = await tx
    .insert(rewards)
    .values({
      adId: ad.id,
      userId,
      companyId,
      rewardType: "discount",
      discountPercent: ad.discountPercent,
      discountCode: code?.code,
      expiresAt: ad.expiresAt,
    })
    .returning();
  if (code) {
    await tx
      .update(adDiscountCodes)
      .set({ assignedRewardId: reward!.id, assignedAt: now })
      .where(eq(adDiscountCodes.id, code.id));
  }
  await tx
    .update(ads)
    .set({ unlockCount: sql`${ads.unlockCount} + 1` })
    .where(eq(ads.id, ad.id));
}

import { and, count, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { adDiscountCodes } from "../../db/schema/rewards";

export interface CodePool {
  total: number;
  /** Codes nobody has been given yet, in the order they will be handed out. */
  unused: string[];
}

/** Each ad's pool of discount codes: how many in all and which are still free. */
export async function codePoolsOf(db: Executor, adIds: number[]): Promise<Map<number, CodePool>> {
  if (adIds.length === 0) return new Map();
  const rows = await db
    .select({
      adId: adDiscountCodes.adId,
      total: count(),
      unused: sql<
        string[]
      >`coalesce(array_agg(${adDiscountCodes.code} order by ${adDiscountCodes.id}) filter (where ${adDiscountCodes.assignedAt} is null), '{}')`,
    })
    .from(adDiscountCodes)
    .where(inArray(adDiscountCodes.adId, adIds))
    .groupBy(adDiscountCodes.adId);
  return new Map(rows.map((r) => [r.adId, { total: r.total, unused: r.unused }]));
}

/**
 * Makes the ad's free codes exactly `wanted`: codes already given to someone stay theirs; free codes not
 * wanted any more are removed; new ones are added once each.
 */
export async function setFreeCodes(tx: Executor, adId: number, wanted: string[]): Promise<void> {
  await tx
    .delete(adDiscountCodes)
    .where(
      and(
        eq(adDiscountCodes.adId, adId),
        isNull(adDiscountCodes.assignedAt),
        wanted.length ? notInArray(adDiscountCodes.code, wanted) : undefined,
      ),
    );
  if (wanted.length) {
    await tx
      .insert(adDiscountCodes)
      .values(wanted.map((code) => ({ adId, code })))
      .onConflictDoNothing();
  }
}

import { and, eq, sql } from "drizzle-orm";
import { hashPassword } from "../../lib/password";
import { creditXp } from "../../modules/ledger/ledger.service";
import type { Database } from "../client";
import { companyStaff, loyaltyCards, loyaltyCheckIns, loyaltyCounters, loyaltyPrograms } from "../schema";
import { giveDemoDiscount } from "./demo-discounts";

/** The counter's demo: Kofi's stamp card, Esi at the counter, and Ama with a reward and one stamp. */
export const demoCounter = {
  companySlug: "kofi-chop-bar",
  staff: { name: "Esi", pin: "2580", staffCode: "246810" },
  program: {
    programName: "Kofi's Regulars",
    description: "A stamp for every plate of GH₵ 20 or more.",
    requiredVisits: 5,
    rewardTitle: "A free plate of waakye",
    minimumSpendPesewas: 20_00,
  },
  /** The ad whose discount Ama already holds, unused. */
  rewardAdSlugTitle: "Fufu & goat light soup Fridays",
} as const;

export async function seedDemoCounter(db: Database, companyId: number, amaId: number, now = new Date()) {
  const [existingStaff] = await db
    .select({ id: companyStaff.id })
    .from(companyStaff)
    .where(and(eq(companyStaff.companyId, companyId), eq(sql`lower(${companyStaff.name})`, "esi")));
  if (existingStaff) return;

  await db.transaction(async (tx) => {
    await tx.insert(companyStaff).values({
      companyId,
      name: demoCounter.staff.name,
      pinHash: await hashPassword(demoCounter.staff.pin),
      staffCode: demoCounter.staff.staffCode,
    });
    const [program] = await tx
      .insert(loyaltyPrograms)
      .values({ companyId, ...demoCounter.program })
      .returning();

    // One stamp already: the card, its check-in, the visit count and the 5 XP it earned.
    const [card] = await tx
      .insert(loyaltyCards)
      .values({
        userId: amaId,
        companyId,
        programId: program!.id,
        currentStamps: 1,
        requiredStamps: program!.requiredVisits,
        expiresAt: new Date(now.getTime() + program!.validityDays * 86_400_000),
      })
      .returning();
    const [checkIn] = await tx
      .insert(loyaltyCheckIns)
      .values({
        userId: amaId,
        companyId,
        cardId: card!.id,
        purchaseAmountPesewas: 35_00,
        meetsMinimum: true,
      })
      .returning();
    await tx.insert(loyaltyCounters).values({ userId: amaId, companyId, visitCount: 1, lastVisit: now });
    await creditXp(tx, {
      userId: amaId,
      amount: 5,
      reason: "stamp",
      idempotencyKey: `stamp:check_in:${checkIn!.id}`,
      sourceType: "loyalty_check_in",
      sourceId: checkIn!.id,
    });

    await giveDemoDiscount(tx, { userId: amaId, companyId, adTitle: demoCounter.rewardAdSlugTitle }, now);
  });
}

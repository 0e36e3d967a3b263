import { and, eq } from "drizzle-orm";
import { creditXp } from "../../modules/ledger/ledger.service";
import type { Database } from "../client";
import { loyaltyCards, loyaltyCheckIns, loyaltyCounters, loyaltyPrograms, users } from "../schema";
import { giveDemoDiscount } from "./demo-discounts";
import { createUser } from "./factories";

/**
 * Adwoa, the demo's member by phone alone (docs/product-rules.md#ussd-demo-member): no password and no
 * email of hers, her number verified, three stamps of five on Kofi's card and an unused Kofi's discount,
 * so the USSD simulator has someone to dial as.
 */
export const demoPhoneMember = {
  displayName: "Adwoa Sarpong",
  username: "adwoa",
  /** 0270000001, as she dials from it. */
  phoneNumber: "+233270000001",
  localNumber: "0270000001",
  // Accounts still need an address: one under the reserved .invalid name, which no mail can reach.
  placeholderEmail: "adwoa.233270000001@phone.anigye.invalid",
  stamps: 3,
  /** The Kofi's ad whose discount she holds, unused. */
  rewardAdTitle: "Waakye + wele combo 15% off",
} as const;

const signinBonusXp = 100;
const stampXp = 5;
const dayMs = 86_400_000;

export async function seedDemoPhoneMember(db: Database, kofiId: number, now = new Date()): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.phoneNumber, demoPhoneMember.phoneNumber), eq(users.isPhoneVerified, true)))
    .limit(1);
  if (existing) return;
  const [program] = await db
    .select()
    .from(loyaltyPrograms)
    .where(and(eq(loyaltyPrograms.companyId, kofiId), eq(loyaltyPrograms.isActive, true)))
    .limit(1);

  await db.transaction(async (tx) => {
    const adwoa = await createUser(tx, {
      username: demoPhoneMember.username,
      email: demoPhoneMember.placeholderEmail,
      displayName: demoPhoneMember.displayName,
      phoneNumber: demoPhoneMember.phoneNumber,
      isPhoneVerified: true,
      phoneVerifiedAt: now,
      isEmailVerified: false,
      emailVerifiedAt: null,
      activatedAt: now,
      language: "en",
      city: "Accra",
    });
    await creditXp(tx, {
      userId: adwoa.id,
      amount: signinBonusXp,
      reason: "signin_bonus",
      idempotencyKey: `signin_bonus:${adwoa.id}`,
    });

    if (program) {
      // Three visits on three days: the card, its check-ins, the visit count and the XP each stamp earned.
      const [card] = await tx
        .insert(loyaltyCards)
        .values({
          userId: adwoa.id,
          companyId: kofiId,
          programId: program.id,
          currentStamps: demoPhoneMember.stamps,
          requiredStamps: program.requiredVisits,
          expiresAt: new Date(now.getTime() + program.validityDays * dayMs),
        })
        .returning();
      for (let visit = demoPhoneMember.stamps; visit >= 1; visit--) {
        const [checkIn] = await tx
          .insert(loyaltyCheckIns)
          .values({
            userId: adwoa.id,
            companyId: kofiId,
            cardId: card!.id,
            purchaseAmountPesewas: 25_00,
            meetsMinimum: true,
            createdAt: new Date(now.getTime() - visit * dayMs),
          })
          .returning();
        await creditXp(tx, {
          userId: adwoa.id,
          amount: stampXp,
          reason: "stamp",
          idempotencyKey: `stamp:check_in:${checkIn!.id}`,
          sourceType: "loyalty_check_in",
          sourceId: checkIn!.id,
        });
      }
      await tx.insert(loyaltyCounters).values({
        userId: adwoa.id,
        companyId: kofiId,
        visitCount: demoPhoneMember.stamps,
        lastVisit: new Date(now.getTime() - dayMs),
      });
    }

    await giveDemoDiscount(
      tx,
      { userId: adwoa.id, companyId: kofiId, adTitle: demoPhoneMember.rewardAdTitle },
      now,
    );
  });
}

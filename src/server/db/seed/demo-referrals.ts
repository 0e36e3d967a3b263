import { creditXp } from "../../modules/ledger/ledger.service";
import { referralXpKey } from "../../modules/referrals/referrals.service";
import { readNumberSettings } from "../../modules/settings/settings.service";
import type { Database } from "../client";
import { referrals } from "../schema/referrals";
import { findUserByEmail } from "./factories";

/** Ama invited Abena, who joined and watched her first ad: one completed referral on Ama's profile. */
export const demoReferral = { referrer: "ama@example.com", referred: "abena@example.com" } as const;

/**
 * Gives Ama one completed referral, credited the way the real flow credits it (the same ledger key), so
 * running the seed twice changes nothing. Runs after the demo members exist; silently skips otherwise.
 */
export async function seedDemoReferrals(db: Database): Promise<void> {
  const referrer = await findUserByEmail(db, demoReferral.referrer);
  const referred = await findUserByEmail(db, demoReferral.referred);
  if (!referrer?.referralCode || !referred) return;
  await db.transaction(async (tx) => {
    const now = new Date();
    const [referral] = await tx
      .insert(referrals)
      .values({
        referrerId: referrer.id,
        referredId: referred.id,
        referralCode: referrer.referralCode!,
        status: "completed",
        rewardGiven: true,
        completedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: referrals.id });
    if (!referral) return;
    const { xp_referral: xp } = await readNumberSettings(tx, ["xp_referral"]);
    if (xp <= 0) return;
    await creditXp(
      tx,
      {
        userId: referrer.id,
        amount: xp,
        reason: "referral",
        idempotencyKey: referralXpKey(referred.id),
        sourceType: "referral",
        sourceId: referral.id,
      },
      now,
    );
  });
}

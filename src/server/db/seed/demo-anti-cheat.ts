import { eq } from "drizzle-orm";
import { profileStrengthFor } from "../../../shared/contracts/profile-options";
import { recordFraudSignal } from "../../modules/fraud";
import { creditXp } from "../../modules/ledger/ledger.service";
import { issueReward } from "../../modules/rewards";
import type { Database } from "../client";
import { ads } from "../schema";
import { createUser, findUserByEmail } from "./factories";

/**
 * Kojo skipped ahead on an ad five times (each report refused and logged), then watched it through and
 * earned its XP: five too-fast signals reach the review threshold, so his case waits in /admin-anti-cheat.
 * He signs in with the demo password.
 */
export const demoCheat = {
  email: "kojo@example.com",
  username: "kojo",
  displayName: "Kojo Tetteh",
  city: "Accra",
  adTitle: "Fresh kontomire & garden eggs every morning",
  tooFastReports: 5,
} as const;

export async function seedDemoAntiCheat(db: Database, password: string): Promise<void> {
  if (await findUserByEmail(db, demoCheat.email)) return;
  const [ad] = await db.select().from(ads).where(eq(ads.title, demoCheat.adTitle)).limit(1);
  if (!ad) return;
  const now = new Date();
  await db.transaction(async (tx) => {
    const kojo = await createUser(tx, {
      email: demoCheat.email,
      username: demoCheat.username,
      displayName: demoCheat.displayName,
      city: demoCheat.city,
      password,
      onboardingCompleted: true,
      profileStrength: profileStrengthFor(1),
    });
    await creditXp(tx, {
      userId: kojo.id,
      amount: 100,
      reason: "signin_bonus",
      idempotencyKey: `signin_bonus:${kojo.id}`,
    });
    const device = { ipAddress: "102.176.65.12", userAgent: "Demo", deviceFingerprint: "demo-kojo-phone" };
    for (let report = 1; report <= demoCheat.tooFastReports; report++) {
      const at = new Date(now.getTime() - (60 - report) * 60_000);
      const details = { reportedSeconds: ad.durationSeconds, allowedSeconds: report * 0.5 + 1.5 };
      await recordFraudSignal(
        tx,
        { userId: kojo.id, adId: ad.id, eventType: "watch_faster_than_real_time", riskScore: 60, details },
        device,
        at,
      );
    }
    await issueReward(tx, kojo.id, ad, now);
  });
}

import { profileStrengthFor } from "../../../shared/contracts/profile-options";
import { creditXp } from "../../modules/ledger/ledger.service";
import type { Database } from "../client";
import { createUser, findUserByEmail } from "./factories";

/**
 * More demo members, so the draws, leaderboards and referrals have people in them. They sign in with
 * the demo password like Ama. `xp` is what they earned from ads this month, on top of the sign-in bonus.
 */
export const demoMembers = [
  {
    email: "kwabena@example.com",
    username: "kwabena",
    displayName: "Kwabena Mensah",
    city: "Kumasi",
    xp: 420,
  },
  { email: "akosua@example.com", username: "akosua", displayName: "Akosua Boateng", city: "Accra", xp: 260 },
  { email: "yaw@example.com", username: "yaw", displayName: "Yaw Darko", city: "Tamale", xp: 150 },
  { email: "abena@example.com", username: "abena", displayName: "Abena Asante", city: "Cape Coast", xp: 90 },
] as const;

export async function seedDemoMembers(db: Database, password: string): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const member of demoMembers) {
    const existing = await findUserByEmail(db, member.email);
    if (existing) {
      ids.set(member.email, existing.id);
      continue;
    }
    const { xp, ...fields } = member;
    const user = await db.transaction(async (tx) => {
      const created = await createUser(tx, {
        ...fields,
        password,
        onboardingCompleted: true,
        profileStrength: profileStrengthFor(1),
      });
      await creditXp(tx, {
        userId: created.id,
        amount: 100,
        reason: "signin_bonus",
        idempotencyKey: `signin_bonus:${created.id}`,
      });
      await creditXp(tx, {
        userId: created.id,
        amount: xp,
        reason: "ad_watch",
        idempotencyKey: `demo_watch_history:${created.id}`,
      });
      return created;
    });
    ids.set(member.email, user.id);
  }
  return ids;
}

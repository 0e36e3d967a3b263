import { and, eq, isNull } from "drizzle-orm";
import { accraMonth } from "../../../shared/accra-time";
import { newSealedSeed } from "../../modules/draws/draw-seeds";
import { addMonthlyDrawEntry } from "../../modules/draws/draws.service";
import type { Database } from "../client";
import { competitions, prizeDraws, rewards, users } from "../schema";

const day = 24 * 3600 * 1000;

/** Entries per member in last month's draw (closed, waiting for the admin) and this month's. */
const lastMonthEntries: Record<string, number> = {
  "ama@example.com": 3,
  "kwabena@example.com": 5,
  "akosua@example.com": 2,
  "yaw@example.com": 1,
  "abena@example.com": 4,
};
const thisMonthEntries: Record<string, number> = {
  "ama@example.com": 2,
  "kwabena@example.com": 3,
  "akosua@example.com": 1,
};

/**
 * The draws' demo: last month's draw closed with entries from five members and its draw date two days
 * away (so an admin can draw it now, or the job will on the date), this month's draw with entries,
 * a competition for this month, and Ama's pending share proof for the staff queue.
 */
export async function seedDemoDraws(
  db: Database,
  memberIds: Map<string, number>,
  sponsorCompanyId: number | undefined,
  now = new Date(),
) {
  const { year, month } = accraMonth(now);
  const lastMonthDay = new Date(Date.UTC(year, month - 2, 15, 12));
  await addEntries(db, memberIds, lastMonthEntries, lastMonthDay);
  await db
    .update(prizeDraws)
    .set({
      prizeTitle: "GH₵ 300 shopping voucher",
      prizeDescription: "Spend it at any Anigye business.",
      drawDate: new Date(now.getTime() + 2 * day),
      // The drand round it announced is at its original draw date, perhaps still to come; the demo's
      // admin withdrew it before entries closed, so the draw can be run now without a typed value.
      publicRandomnessSource: null,
    })
    .where(
      and(
        eq(prizeDraws.drawYear, lastMonthDay.getUTCFullYear()),
        eq(prizeDraws.drawMonth, lastMonthDay.getUTCMonth() + 1),
        isNull(prizeDraws.winnerSelectedAt),
      ),
    );
  await addEntries(db, memberIds, thisMonthEntries, now);
  await db
    .update(prizeDraws)
    .set({
      prizeTitle: "Samsung Galaxy A15 phone",
      prizeDescription: "Delivered to your nearest Anigye business.",
    })
    .where(and(eq(prizeDraws.drawYear, year), eq(prizeDraws.drawMonth, month)));
  await seedCompetition(db, year, month, sponsorCompanyId, now);
  await seedPendingShareProof(db, memberIds.get("ama@example.com"), now);
}

async function addEntries(
  db: Database,
  memberIds: Map<string, number>,
  counts: Record<string, number>,
  at: Date,
) {
  for (const [email, count] of Object.entries(counts)) {
    const userId = memberIds.get(email);
    if (!userId) continue;
    await db.transaction(async (tx) => {
      const [member] = await tx.select({ tier: users.tier }).from(users).where(eq(users.id, userId));
      for (let n = 1; n <= count; n += 1) {
        await addMonthlyDrawEntry(tx, userId, member!.tier, at, {
          kind: "prize_entry",
          key: `demo:${userId}:${n}`,
        });
      }
    });
  }
}

async function seedCompetition(
  db: Database,
  year: number,
  month: number,
  sponsorCompanyId: number | undefined,
  now: Date,
) {
  const [existing] = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(and(eq(competitions.year, year), eq(competitions.month, month)));
  if (existing) return;
  await db.insert(competitions).values({
    title: "Shopper of the month",
    description: "Redeem three rewards at the counter and share two with friends this month.",
    year,
    month,
    prizeTitle: "Dinner for four at Kofi's Chop Bar",
    sponsorCompanyId: sponsorCompanyId ?? null,
    minimumTier: "bronze",
    requiresPlus: true,
    minimumValidatedRedemptions: 3,
    minimumSocialShares: 2,
    drawDate: new Date(Math.max(Date.UTC(year, month, 2, 18), now.getTime() + day)),
    ...newSealedSeed(),
  });
}

/** Ama says she shared her Kofi's reward on Facebook; staff will check it. */
async function seedPendingShareProof(db: Database, amaId: number | undefined, now: Date) {
  if (!amaId) return;
  const [shared] = await db
    .select({ id: rewards.id })
    .from(rewards)
    .where(and(eq(rewards.userId, amaId), eq(rewards.isShared, true)))
    .limit(1);
  if (shared) return;
  const [reward] = await db
    .select({ id: rewards.id })
    .from(rewards)
    .where(and(eq(rewards.userId, amaId), eq(rewards.isShared, false)))
    .limit(1);
  if (!reward) return;
  await db
    .update(rewards)
    .set({
      isShared: true,
      sharedAt: now,
      sharedPlatform: "facebook",
      shareProofUrl: "https://www.facebook.com/ama.owusu/posts/anigye-kofis-chop-bar",
      shareProofStatus: "pending",
    })
    .where(eq(rewards.id, reward.id));
}

import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profileStrengthFor } from "../../../shared/contracts/profile-options";
import { LocalDiskStorage } from "../../integrations/storage/storage";
import { verifyPassword } from "../../lib/password";
import { sumXpLedger } from "../../modules/ledger/ledger.service";
import { createTestContext, type TestContext } from "../../test/test-app";
import {
  adDailyStats,
  adDiscountCodes,
  ads,
  companies,
  competitions,
  drawEntries,
  loyaltyCards,
  prizeDraws,
  rewards,
  users,
} from "../schema";
import { demoHistoryDays } from "./demo-history";
import { demoPhoneMember } from "./demo-phone-member";
import { findCompanyByUsername, findUserByEmail } from "./factories";
import { demoAccounts, demoPassword, seedDemo } from "./seed";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("the demo seed", () => {
  it("creates the demo accounts, Ghanaian businesses and ads, and can run again without duplicating", async () => {
    const db = ctx.database.db;
    const storage = new LocalDiskStorage(path.join(ctx.dataDir, "media"));
    await seedDemo(db, storage);
    const counts = async () => ({
      users: (await db.select().from(users)).length,
      companies: (await db.select().from(companies)).length,
      ads: (await db.select().from(ads)).length,
      codes: (await db.select().from(adDiscountCodes)).length,
      dailyStats: await db.select().from(adDailyStats).orderBy(adDailyStats.id),
      cachedViews: (await db.select({ id: ads.id, views: ads.viewCount }).from(ads)).sort(
        (a, b) => a.id - b.id,
      ),
    });
    const first = await counts();
    await seedDemo(db, storage);
    expect(await counts()).toEqual(first);
    expect(first.companies).toBe(12);
    expect(first.ads).toBeGreaterThanOrEqual(18);

    for (const [key, role] of [
      ["consumer", "user"],
      ["staff", "staff"],
      ["admin", "admin"],
    ] as const) {
      const user = (await findUserByEmail(db, demoAccounts[key].email))!;
      expect(user.role).toBe(role);
      expect(await verifyPassword(user.passwordHash!, demoPassword)).toBe(true);
      expect(user.xpPoints).toBe(await sumXpLedger(db, user.id));
      // Only the city is answered, so the stored strength is the one the answers give (not 100 %).
      expect(user.profileStrength).toBe(profileStrengthFor(1));
    }
    const kofi = (await findCompanyByUsername(db, "kofi-chop-bar"))!;
    expect(kofi.name).toBe("Kofi's Chop Bar");
    expect(await verifyPassword(kofi.passwordHash!, demoPassword)).toBe(true);

    // The demo owner's ads have a month of daily numbers, and their cached totals agree with them.
    const kofiAds = await db.select().from(ads).where(eq(ads.companyId, kofi.id));
    expect(kofiAds.length).toBeGreaterThan(0);
    for (const ad of kofiAds) {
      const days = first.dailyStats.filter((row) => row.adId === ad.id);
      expect(days).toHaveLength(demoHistoryDays);
      expect(ad.viewCount).toBe(days.reduce((sum, row) => sum + row.views, 0));
      expect(ad.impressionCount).toBe(days.reduce((sum, row) => sum + row.impressions, 0));
      for (const row of days) {
        expect(row.views).toBeLessThanOrEqual(row.impressions);
        expect(row.unlocks).toBeLessThanOrEqual(row.completions);
        expect(row.completions).toBeLessThanOrEqual(row.views);
      }
    }

    // Every draw's commitment is dated when it opened, before its entries (docs/product-rules.md#draws-opened).
    const draws = await db.select().from(prizeDraws);
    expect(draws.length).toBeGreaterThanOrEqual(2);
    for (const draw of draws) {
      expect(draw.createdAt.getTime()).toBeLessThanOrEqual(draw.registrationDeadline!.getTime());
      expect(draw.createdAt.getTime()).toBeGreaterThanOrEqual(Date.UTC(draw.drawYear, draw.drawMonth - 1, 1));
      const entered = await db.select().from(drawEntries).where(eq(drawEntries.drawId, draw.id));
      for (const entry of entered)
        expect(draw.createdAt.getTime()).toBeLessThanOrEqual(entry.enteredAt.getTime());
    }
    for (const competition of await db.select().from(competitions)) {
      expect(competition.createdAt.getTime()).toBeLessThan(Date.UTC(competition.year, competition.month, 1));
    }

    // The demo's prize-entry ads promise no prize of their own: members are shown the month's draw's prize.
    const prizeAds = (await db.select().from(ads)).filter((ad) => ad.rewardType === "prize_entry");
    expect(prizeAds.length).toBeGreaterThanOrEqual(2);
    for (const ad of prizeAds) {
      expect(ad.prizeEntryDetails).toBeNull();
      expect(`${ad.title} ${ad.description}`).toMatch(/prize draw|prize-draw entry/);
      expect(`${ad.title} ${ad.description}`).not.toMatch(/ win | for two|VIP seats/i);
    }

    // Adwoa is a member by phone alone: her number verified, no password, stamps and a reward at Kofi's.
    const [adwoa] = await db.select().from(users).where(eq(users.phoneNumber, demoPhoneMember.phoneNumber));
    expect(adwoa).toMatchObject({ isPhoneVerified: true, passwordHash: null, isEmailVerified: false });
    expect(adwoa!.activatedAt).not.toBeNull();
    expect(adwoa!.xpPoints).toBe(await sumXpLedger(db, adwoa!.id));
    const [adwoaCard] = await db.select().from(loyaltyCards).where(eq(loyaltyCards.userId, adwoa!.id));
    expect(adwoaCard).toMatchObject({ companyId: kofi.id, currentStamps: 3, requiredStamps: 5 });
    const adwoaRewards = await db.select().from(rewards).where(eq(rewards.userId, adwoa!.id));
    expect(adwoaRewards).toHaveLength(1);
    expect(adwoaRewards[0]).toMatchObject({ companyId: kofi.id, rewardType: "discount", isUsed: false });

    const cities = new Set((await db.select({ city: companies.city }).from(companies)).map((c) => c.city));
    expect([...cities].sort()).toEqual(["Accra", "Cape Coast", "Kumasi", "Tamale"]);

    // Every card has a small WebP thumbnail on disk; videos also have a poster.
    for (const ad of await db.select().from(ads)) {
      expect(ad.thumbnailUrl).toMatch(/^\/media\/.+\.webp$/);
      const thumbnail = path.join(ctx.dataDir, "media", ad.thumbnailUrl!.replace("/media/", ""));
      expect(fs.statSync(thumbnail).size).toBeLessThan(40_000);
      if (ad.adType === "video") expect(ad.videoUrl && ad.posterUrl).toBeTruthy();
    }
  });
});

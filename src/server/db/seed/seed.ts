import fs from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { profileStrengthFor } from "../../../shared/contracts/profile-options";
import { planLimits } from "../../../shared/plans";
import type { MediaStorage } from "../../integrations/storage/storage";
import { projectRoot } from "../../lib/project-root";
import { mirrorLocationToFirstBranch } from "../../modules/companies/company-branches.service";
import { creditXp } from "../../modules/ledger/ledger.service";
import {
  cardThumbnail,
  contentKey,
  logoThumbnail,
  storeImageWithThumbnail,
} from "../../modules/media/image-processing";
import type { Database, Executor } from "../client";
import { adDiscountCodes, ads, companies, mediaFiles, platformSettings } from "../schema";
import { seedDemoAntiCheat } from "./demo-anti-cheat";
import { demoCashback, seedDemoCashback } from "./demo-cashback";
import { demoCounter, seedDemoCounter } from "./demo-counter";
import { type DemoAd, type DemoCompany, demoAds, demoCompanies } from "./demo-data";
import { seedDemoDraws } from "./demo-draws";
import { seedDemoHistory } from "./demo-history";
import { seedDemoMembers } from "./demo-members";
import { seedDemoPhoneMember } from "./demo-phone-member";
import { seedDemoPurchases } from "./demo-purchases";
import { seedDemoReferrals } from "./demo-referrals";
import { createCompany, createUser, findCompanyByUsername, findUserByEmail } from "./factories";

export const demoPassword = "anigye-demo";
export const demoAccounts = {
  consumer: {
    email: "ama@example.com",
    username: "ama",
    displayName: "Ama Owusu",
    // Verified, so a counter without a camera checks her in by phone (0241112233).
    phoneNumber: "+233241112233",
    isPhoneVerified: true,
  },
  staff: { email: "staff@example.com", username: "platform-staff", displayName: "Kwame Staff" },
  admin: { email: "admin@example.com", username: "admin", displayName: "Efua Admin" },
  companyOwner: { username: "kofi-chop-bar" },
  counterStaff: { username: "kofi-chop-bar", staffName: "Esi", pin: "2580" },
} as const;

const seededMarker = "demo_seeded_at";
const mediaDir = path.join(projectRoot, "src/server/db/seed/media");
const signinBonusXp = 100;

export async function isDemoSeeded(db: Executor): Promise<boolean> {
  const [row] = await db
    .select({ key: platformSettings.settingKey })
    .from(platformSettings)
    .where(eq(platformSettings.settingKey, seededMarker))
    .limit(1);
  return Boolean(row);
}

/**
 * Fills the demo: accounts, twelve Ghanaian businesses, their ads, and a month of daily numbers for the
 * demo owner's ads. Safe to run again.
 */
export async function seedDemo(db: Database, storage: MediaStorage): Promise<void> {
  await seedDemoUsers(db);
  const companyIds = new Map<string, number>();
  for (const company of demoCompanies) {
    companyIds.set(company.slug, await seedCompany(db, storage, company));
  }
  for (const ad of demoAds) {
    const companyId = companyIds.get(ad.companySlug);
    if (companyId) await seedAd(db, storage, companyId, ad);
  }
  await seedDemoHistory(db, companyIds);
  const kofiId = companyIds.get(demoCounter.companySlug);
  const ama = await findUserByEmail(db, demoAccounts.consumer.email);
  if (kofiId && ama) await seedDemoCounter(db, kofiId, ama.id);
  if (kofiId) await seedDemoPhoneMember(db, kofiId);
  const salamatuId = companyIds.get(demoCashback.companySlug);
  if (salamatuId) await seedDemoCashback(db, salamatuId);
  const memberIds = await seedDemoMembers(db, demoPassword);
  if (ama) memberIds.set(ama.email, ama.id);
  await seedDemoDraws(db, memberIds, kofiId);
  await seedDemoPurchases(db, storage, companyIds);
  await seedDemoReferrals(db);
  await seedDemoAntiCheat(db, demoPassword);
  await db
    .insert(platformSettings)
    .values({
      settingKey: seededMarker,
      settingValue: new Date().toISOString(),
      description: "Demo data loaded",
    })
    .onConflictDoUpdate({
      target: platformSettings.settingKey,
      set: { settingValue: new Date().toISOString() },
    });
}

async function seedDemoUsers(db: Database) {
  const roles = { consumer: "user", staff: "staff", admin: "admin" } as const;
  for (const [key, role] of Object.entries(roles) as [
    keyof typeof roles,
    (typeof roles)[keyof typeof roles],
  ][]) {
    const account = demoAccounts[key];
    if (await findUserByEmail(db, account.email)) continue;
    await db.transaction(async (tx) => {
      const user = await createUser(tx, {
        ...account,
        role,
        password: demoPassword,
        city: "Accra",
        onboardingCompleted: true,
        // Only the city is answered; the strength follows the answers (25 % plus one question).
        profileStrength: profileStrengthFor(1),
      });
      await creditXp(tx, {
        userId: user.id,
        amount: signinBonusXp,
        reason: "signin_bonus",
        idempotencyKey: `signin_bonus:${user.id}`,
      });
    });
  }
}

async function seedCompany(db: Database, storage: MediaStorage, demo: DemoCompany): Promise<number> {
  const logoBytes = await fs.readFile(path.join(mediaDir, demo.logoFile));
  const logo = await storeImageWithThumbnail(
    storage,
    "logos",
    logoBytes,
    ".webp",
    "image/webp",
    logoThumbnail,
  );
  const details = {
    name: demo.name,
    logo: storage.urlFor(logo.thumbnailKey),
    category: demo.category,
    subcategory: demo.subcategory,
    city: demo.city,
    location: demo.city,
    address: demo.address,
    latitude: demo.latitude,
    longitude: demo.longitude,
    googleMapsUrl: `https://www.google.com/maps/search/?api=1&query=${demo.latitude},${demo.longitude}`,
    phone: demo.phone,
    contactEmail: demo.contactEmail,
    contactPhone: demo.phone,
    businessHours: demo.businessHours,
    searchTags: demo.searchTags,
    showInCarousel: demo.showInCarousel,
  };
  const existing = await findCompanyByUsername(db, demo.slug);
  if (existing) {
    const [updated] = await db
      .update(companies)
      .set({ ...details, ...planLimits(demo.plan) })
      .where(eq(companies.id, existing.id))
      .returning();
    await mirrorLocationToFirstBranch(db, updated!);
    return existing.id;
  }
  const created = await createCompany(db, {
    ...details,
    username: demo.slug,
    plan: demo.plan,
    password: demoPassword,
  });
  return created.id;
}

async function seedAd(db: Database, storage: MediaStorage, companyId: number, demo: DemoAd) {
  const [existing] = await db
    .select({ id: ads.id })
    .from(ads)
    .where(and(eq(ads.companyId, companyId), eq(ads.title, demo.title)))
    .limit(1);
  if (existing) return;

  const media = await storeAdMedia(storage, demo);
  const expiresAt = new Date(Date.now() + demo.expiresInDays * 86_400_000);
  await db.transaction(async (tx) => {
    const [file] = await tx
      .insert(mediaFiles)
      .values({ companyId, ...media.file })
      .onConflictDoUpdate({ target: mediaFiles.storageKey, set: { companyId } })
      .returning({ id: mediaFiles.id });
    const [ad] = await tx
      .insert(ads)
      .values({
        companyId,
        title: demo.title,
        description: demo.description,
        category: demo.category,
        adType: demo.adType,
        mediaFileId: file?.id,
        imageUrl: media.imageUrl,
        videoUrl: media.videoUrl,
        posterUrl: media.posterUrl,
        thumbnailUrl: media.thumbnailUrl,
        durationSeconds: demo.durationSeconds,
        rewardType: demo.rewardType,
        discountPercent: demo.discountPercent,
        customDiscountCode: demo.customDiscountCode,
        useCustomCode: Boolean(demo.customDiscountCode),
        experienceContent: demo.experienceContent,
        cashbackPesewas: demo.cashbackPesewas,
        badgeId: demo.badgeName,
        xpPointsReward: demo.xpPointsReward,
        isFeatured: demo.isFeatured,
        isPlus: demo.isPlus,
        requiredTier: demo.requiredTier,
        maxRedemptions: demo.maxRedemptions,
        dailyRedemptionCap: demo.dailyRedemptionCap,
        weeklyRedemptionCap: demo.weeklyRedemptionCap,
        branchName: demo.branchName,
        locationAddress: demo.locationAddress,
        searchTags: demo.searchTags,
        expiresAt,
      })
      .returning({ id: ads.id });
    if (ad && demo.discountCodes?.length && !demo.customDiscountCode) {
      await tx.insert(adDiscountCodes).values(demo.discountCodes.map((code) => ({ adId: ad.id, code })));
    }
  });
}

async function storeAdMedia(storage: MediaStorage, demo: DemoAd) {
  const bytes = await fs.readFile(path.join(mediaDir, demo.mediaFile));
  if (demo.adType === "image") {
    const image = await storeImageWithThumbnail(storage, "ads", bytes, ".webp", "image/webp", cardThumbnail);
    return {
      imageUrl: storage.urlFor(image.originalKey),
      videoUrl: undefined,
      posterUrl: undefined,
      thumbnailUrl: storage.urlFor(image.thumbnailKey),
      file: {
        kind: "image" as const,
        mimeType: "image/webp",
        storageKey: image.originalKey,
        sizeBytes: bytes.length,
        thumbnailKey: image.thumbnailKey,
        originalName: demo.mediaFile,
      },
    };
  }
  const extension = path.extname(demo.mediaFile);
  const mimeType = extension === ".webm" ? "video/webm" : "video/mp4";
  const videoKey = contentKey("ads", bytes, extension);
  await storage.save(videoKey, bytes, mimeType);
  const posterBytes = await fs.readFile(path.join(mediaDir, demo.posterFile ?? demo.mediaFile));
  const poster = await storeImageWithThumbnail(
    storage,
    "ads",
    posterBytes,
    ".webp",
    "image/webp",
    cardThumbnail,
  );
  return {
    imageUrl: undefined,
    videoUrl: storage.urlFor(videoKey),
    posterUrl: storage.urlFor(poster.originalKey),
    thumbnailUrl: storage.urlFor(poster.thumbnailKey),
    file: {
      kind: "video" as const,
      mimeType,
      storageKey: videoKey,
      sizeBytes: bytes.length,
      durationSeconds: demo.durationSeconds,
      thumbnailKey: poster.thumbnailKey,
      posterKey: poster.originalKey,
      originalName: demo.mediaFile,
    },
  };
}

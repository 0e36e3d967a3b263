import { and, count, desc, eq, isNull } from "drizzle-orm";
import type { CompanyAd } from "../../../shared/contracts/ads";
import { adDurationLimitMessage, plans } from "../../../shared/plans";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { type Ad, ads } from "../../db/schema/ads";
import { AppError } from "../../lib/errors";
import { type Company, lockCompany } from "../companies";
import { findCompanyMedia } from "../media";
import { codePoolsOf, setFreeCodes } from "../rewards";
import { branchColumnsFor } from "./ad-branches.service";
import { type AdFields, inputColumns, mediaColumns, toCompanyAd, wantedCodes } from "./ad-shapes";
import { adOutsidePlan, countActiveAds } from "./plan-fit.service";

export async function listCompanyAds(db: Executor, companyId: number, now: Date): Promise<CompanyAd[]> {
  const rows = await db
    .select()
    .from(ads)
    .where(and(eq(ads.companyId, companyId), isNull(ads.deletedAt)))
    .orderBy(desc(ads.createdAt));
  const codes = await codePoolsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((ad) => toCompanyAd(ad, codes.get(ad.id), now));
}

async function findCompanyAd(db: Executor, companyId: number, adId: number): Promise<Ad> {
  const [ad] = await db
    .select()
    .from(ads)
    .where(and(eq(ads.id, adId), eq(ads.companyId, companyId), isNull(ads.deletedAt)))
    .limit(1);
  if (!ad) throw new AppError("NOT_FOUND", "Ad not found");
  return ad;
}

/** The media must be the company's own; its kind and length must fit the company's plan. */
async function checkedMediaColumns(
  db: Executor,
  company: Company,
  input: AdFields,
  urlFor: (key: string) => string,
) {
  const media = await findCompanyMedia(db, company.id, input.mediaId);
  if (!media)
    throw new AppError("VALIDATION", "Upload an image or video", { mediaId: "Upload an image or video" });
  const planName = plans[company.plan].name;
  if (media.kind === "video" && !company.allowsVideo) {
    throw new AppError("PLAN_LIMIT", `Your ${planName} plan allows image ads only.`, {
      mediaId: "Video is not part of your plan",
    });
  }
  const duration =
    media.kind === "video"
      ? Math.ceil(media.durationSeconds ?? input.durationSeconds)
      : input.durationSeconds;
  if (duration > company.maxAdDurationSeconds) {
    const message = adDurationLimitMessage(company.plan, company.maxAdDurationSeconds);
    throw new AppError("PLAN_LIMIT", message, { durationSeconds: message });
  }
  return mediaColumns(media, duration, urlFor);
}

/** Ads that count against the plan's maximum: every ad not deleted (paused ones included). */
async function countLiveAds(db: Executor, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(ads)
    .where(and(eq(ads.companyId, companyId), isNull(ads.deletedAt)));
  return row?.total ?? 0;
}

function assertFutureExpiry(input: AdFields, now: Date) {
  if (input.expiresAt && new Date(input.expiresAt) <= now) {
    throw new AppError("VALIDATION", "Expiry must be in the future", {
      expiresAt: "Expiry must be in the future",
    });
  }
}

/**
 * Creates an ad within the plan's limits. The company row is locked for the check, so two ads
 * created at once can never take a plan past its maximum.
 */
export async function createAd(deps: AppDeps, company: Company, input: AdFields): Promise<CompanyAd> {
  assertFutureExpiry(input, deps.now());
  return deps.db.transaction(async (tx) => {
    const locked = await lockCompany(tx, company.id);
    if ((await countLiveAds(tx, company.id)) >= locked.maxAds) {
      throw new AppError(
        "PLAN_LIMIT",
        `Your ${plans[locked.plan].name} plan allows ${locked.maxAds} ad${locked.maxAds === 1 ? "" : "s"}. Delete an ad or upgrade your plan.`,
      );
    }
    const [ad] = await tx
      .insert(ads)
      .values({
        companyId: company.id,
        ...inputColumns(input),
        ...(await branchColumnsFor(tx, company.id, input.branchId)),
        ...(await checkedMediaColumns(tx, locked, input, deps.storage.urlFor.bind(deps.storage))),
      })
      .returning();
    await setFreeCodes(tx, ad!.id, wantedCodes(input));
    const codes = await codePoolsOf(tx, [ad!.id]);
    return toCompanyAd(ad!, codes.get(ad!.id), deps.now());
  });
}

/** Edits an ad. Codes already given to someone stay in the pool; unused ones follow the new list. */
export async function updateAd(deps: AppDeps, company: Company, adId: number, input: AdFields) {
  assertFutureExpiry(input, deps.now());
  return deps.db.transaction(async (tx) => {
    await findCompanyAd(tx, company.id, adId);
    await assertCapAboveRedemptions(tx, adId, input.maxRedemptions);
    const [ad] = await tx
      .update(ads)
      .set({
        ...inputColumns(input),
        ...(await branchColumnsFor(tx, company.id, input.branchId)),
        ...(await checkedMediaColumns(tx, company, input, deps.storage.urlFor.bind(deps.storage))),
      })
      .where(eq(ads.id, adId))
      .returning();
    await setFreeCodes(tx, adId, wantedCodes(input));
    const codes = await codePoolsOf(tx, [adId]);
    return toCompanyAd(ad!, codes.get(adId), deps.now());
  });
}

/** The ad's row stays locked, so a redemption can't slip in between this check and the new cap. */
async function assertCapAboveRedemptions(tx: Executor, adId: number, maxRedemptions: number) {
  const [row] = await tx
    .select({ used: ads.currentRedemptions })
    .from(ads)
    .where(eq(ads.id, adId))
    .for("no key update");
  if (row && maxRedemptions < row.used) {
    const message = `This offer has already been redeemed ${row.used} times: the maximum can't be lower`;
    throw new AppError("VALIDATION", message, { maxRedemptions: message });
  }
}

/**
 * The owner pauses or resumes an ad. Resuming counts against the plan's live ads (the company row is
 * locked for the check), so after a plan shrinks the owner chooses which ads stay live.
 */
export async function setAdPaused(deps: AppDeps, company: Company, adId: number, paused: boolean) {
  return deps.db.transaction(async (tx) => {
    const locked = await lockCompany(tx, company.id);
    const current = await findCompanyAd(tx, company.id, adId);
    if (!paused && !current.isActive)
      assertRoomToResume(locked, current, await countActiveAds(tx, company.id));
    const [ad] = await tx
      .update(ads)
      .set({ isActive: !paused, pausedAt: paused ? deps.now() : null, pausedByPlan: false })
      .where(eq(ads.id, adId))
      .returning();
    const codes = await codePoolsOf(tx, [adId]);
    return toCompanyAd(ad!, codes.get(adId), deps.now());
  });
}

function assertRoomToResume(company: Company, ad: Ad, activeAds: number) {
  const planName = plans[company.plan].name;
  const problem = adOutsidePlan(company, ad);
  if (problem)
    throw new AppError("PLAN_LIMIT", `Your ${planName} plan ${problem}. Upgrade your plan to show it.`);
  if (activeAds >= company.maxAds) {
    throw new AppError(
      "PLAN_LIMIT",
      `Your ${planName} plan shows ${company.maxAds} ad${company.maxAds === 1 ? "" : "s"} at a time. Pause another ad first, or upgrade your plan.`,
    );
  }
}

/** Soft delete: rewards already earned from the ad keep working; the ad no longer counts against the plan. */
export async function deleteAd(deps: AppDeps, company: Company, adId: number) {
  await findCompanyAd(deps.db, company.id, adId);
  await deps.db.update(ads).set({ deletedAt: deps.now(), isActive: false }).where(eq(ads.id, adId));
}

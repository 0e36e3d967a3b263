import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type Ad, ads } from "../../db/schema/ads";
import type { Company } from "../companies";

type PlanLimits = Pick<Company, "maxAds" | "allowsVideo" | "maxAdDurationSeconds">;

/** Why the plan can't show this ad ("doesn't include video"), or undefined when it can. */
export function adOutsidePlan(limits: PlanLimits, ad: Pick<Ad, "adType" | "durationSeconds">) {
  if (ad.adType === "video" && !limits.allowsVideo) return "doesn't include video ads";
  if (ad.durationSeconds > limits.maxAdDurationSeconds)
    return `allows ads of up to ${limits.maxAdDurationSeconds} seconds`;
  return undefined;
}

export async function countActiveAds(db: Executor, companyId: number): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(ads)
    .where(and(eq(ads.companyId, companyId), isNull(ads.deletedAt), eq(ads.isActive, true)));
  return row?.total ?? 0;
}

/**
 * After a plan changes (a lapse, a downgrade, an upgrade), makes the company's live ads fit it. Ads the
 * plan can't show, and live ads over its count (the newest stay), are paused, never deleted, and marked
 * as paused by the plan; when the plan has room again, those come back, newest first. Ads the owner
 * paused stay paused. Returns how many ads were paused and resumed.
 */
export async function fitAdsToPlan(tx: Executor, companyId: number, limits: PlanLimits, now: Date) {
  const rows = await tx
    .select()
    .from(ads)
    .where(and(eq(ads.companyId, companyId), isNull(ads.deletedAt)))
    .orderBy(desc(ads.createdAt), desc(ads.id))
    .for("update");
  const keep: number[] = [];
  const pause: number[] = [];
  const live = rows.filter((ad) => ad.isActive);
  const resumable = rows.filter((ad) => !ad.isActive && ad.pausedByPlan);
  for (const ad of live) {
    (keep.length < limits.maxAds && !adOutsidePlan(limits, ad) ? keep : pause).push(ad.id);
  }
  const resume: number[] = [];
  for (const ad of resumable) {
    if (keep.length + resume.length >= limits.maxAds) break;
    if (!adOutsidePlan(limits, ad)) resume.push(ad.id);
  }
  if (pause.length > 0) {
    await tx
      .update(ads)
      .set({ isActive: false, pausedAt: now, pausedByPlan: true })
      .where(inArray(ads.id, pause));
  }
  if (resume.length > 0) {
    await tx
      .update(ads)
      .set({ isActive: true, pausedAt: null, pausedByPlan: false })
      .where(inArray(ads.id, resume));
  }
  return { paused: pause.length, resumed: resume.length };
}

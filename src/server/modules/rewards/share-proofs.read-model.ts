import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ShareProofResponse, StaffShareProof } from "../../../shared/contracts/share-proofs";
import type { SharePlatformId } from "../../../shared/share-platforms";
import type { Executor } from "../../db/client";
import { ads } from "../../db/schema/ads";
import { users } from "../../db/schema/auth";
import { companies } from "../../db/schema/companies";
import type { ProofStatus } from "../../db/schema/enums";
import { rewards } from "../../db/schema/rewards";
import { readNumberSettings } from "../settings";

const pageSize = 20;
type RewardRow = typeof rewards.$inferSelect;

function proofOf(row: RewardRow, shareXp: number): ShareProofResponse {
  return {
    rewardId: row.id,
    platform: (row.sharedPlatform ?? "other") as SharePlatformId,
    status: row.shareProofStatus,
    proofUrl: row.shareProofUrl,
    proofImageUrl: row.shareProofImageUrl,
    submittedAt: (row.sharedAt ?? row.createdAt).toISOString(),
    staffNotes: row.shareProofNotes,
    xpAwarded: row.shareProofStatus === "verified" ? shareXp : 0,
  };
}

/** The member's proofs, newest first (or just the one on `rewardId`). */
export async function listMyShareProofs(
  db: Executor,
  userId: number,
  rewardId?: number,
): Promise<ShareProofResponse[]> {
  const { xp_share: shareXp } = await readNumberSettings(db, ["xp_share"]);
  const rows = await db
    .select()
    .from(rewards)
    .where(
      and(
        eq(rewards.userId, userId),
        eq(rewards.isShared, true),
        rewardId ? eq(rewards.id, rewardId) : undefined,
      ),
    )
    .orderBy(desc(rewards.sharedAt))
    .limit(100);
  return rows.map((row) => proofOf(row, shareXp));
}

/** The staff queue: newest first, paged by reward id in SQL. */
export async function listShareProofs(
  db: Executor,
  status: ProofStatus | undefined,
  before?: number,
  onlyRewardId?: number,
): Promise<{ proofs: StaffShareProof[]; nextBefore: number | null }> {
  const { xp_share: shareXp } = await readNumberSettings(db, ["xp_share"]);
  const reviewer = alias(users, "reviewer");
  const rows = await db
    .select({ reward: rewards, member: users, ad: ads, company: companies, reviewer: reviewer.displayName })
    .from(rewards)
    .innerJoin(users, eq(users.id, rewards.userId))
    .innerJoin(companies, eq(companies.id, rewards.companyId))
    .leftJoin(ads, eq(ads.id, rewards.adId))
    .leftJoin(reviewer, eq(reviewer.id, rewards.verifiedBy))
    .where(
      and(
        eq(rewards.isShared, true),
        status ? eq(rewards.shareProofStatus, status) : undefined,
        onlyRewardId ? eq(rewards.id, onlyRewardId) : undefined,
        // Paged on (sharedAt, id): a proof sent again for an old reward is new again.
        before
          ? sql`(${rewards.sharedAt}, ${rewards.id}) < (select r.shared_at, r.id from ${rewards} r where r.id = ${before})`
          : undefined,
      ),
    )
    .orderBy(desc(rewards.sharedAt), desc(rewards.id))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  return {
    proofs: page.map((row) => ({
      ...proofOf(row.reward, shareXp),
      member: { id: row.member.id, displayName: row.member.displayName, anigyeId: row.member.anigyeId },
      ad: row.ad ? { id: row.ad.id, title: row.ad.title } : null,
      company: { id: row.company.id, name: row.company.name },
      reviewedBy: row.reviewer,
      reviewedAt:
        row.reward.shareProofStatus === "pending" ? null : (row.reward.verifiedAt?.toISOString() ?? null),
    })),
    nextBefore: rows.length > pageSize ? page.at(-1)!.reward.id : null,
  };
}

/** One proof as the staff queue shows it. */
export async function findStaffShareProof(db: Executor, rewardId: number) {
  const { proofs } = await listShareProofs(db, undefined, undefined, rewardId);
  return proofs[0];
}

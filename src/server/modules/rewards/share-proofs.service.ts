import { and, eq, sql } from "drizzle-orm";
import type { ShareProofRequest, ShareVerifyRequest } from "../../../shared/contracts/share-proofs";
import type { AppDeps } from "../../app-deps";
import { rewards } from "../../db/schema/rewards";
import { AppError, forbidden, notFound } from "../../lib/errors";
import { recordAudit } from "../audit";
import { type FraudSignal, recordFraudSignal } from "../fraud";
import { creditXp } from "../ledger";
import { storeProofImage } from "../media";
import { notifyMember } from "../notifications";
import { readNumberSettings } from "../settings";

/*
 * Share proofs live on the reward that was shared (the rewards.shareProof* columns). A member may
 * send a proof again while it waits or after a rejection; a verified share is final and earns its XP once.
 */

export async function submitShareProof(deps: AppDeps, userId: number, body: ShareProofRequest) {
  const now = deps.now();
  const [reward] = await deps.db
    .select({ id: rewards.id, isShared: rewards.isShared, status: rewards.shareProofStatus })
    .from(rewards)
    .where(and(eq(rewards.id, body.rewardId), eq(rewards.userId, userId)));
  if (!reward) throw notFound("You have no reward with that id");
  if (reward.isShared && reward.status === "verified") {
    throw new AppError("CONFLICT", "This share is already verified");
  }
  const image = body.proofImage
    ? await storeProofImage(deps.storage, "share-proofs", body.proofImage)
    : undefined;
  const [updated] = await deps.db
    .update(rewards)
    .set({
      isShared: true,
      sharedAt: now,
      sharedPlatform: body.platform,
      shareProofUrl: body.proofUrl ?? null,
      shareProofImageUrl: image?.url ?? null,
      shareProofStatus: "pending",
      shareProofNotes: null,
      verifiedBy: null,
      verifiedAt: null,
    })
    // Not over a verification that landed meanwhile.
    .where(and(eq(rewards.id, reward.id), eq(rewards.userId, userId), notVerified()))
    .returning({ id: rewards.id });
  if (!updated) throw new AppError("CONFLICT", "This share is already verified");
  return reward.id;
}

function notVerified() {
  return sql`not (${rewards.isShared} and ${rewards.shareProofStatus} = 'verified')`;
}

/**
 * Staff decide a pending proof once: the conditional update lets one of several parallel decisions
 * through; the others get 409. A verified share earns the share XP (a platform setting) exactly once.
 */
export async function decideShareProof(
  deps: AppDeps,
  staff: { id: number; displayName: string },
  rewardId: number,
  body: ShareVerifyRequest,
) {
  const staffId = staff.id;
  const now = deps.now();
  const { xp_share: shareXp } = await readNumberSettings(deps.db, ["xp_share"]);
  const [owner] = await deps.db
    .select({ userId: rewards.userId })
    .from(rewards)
    .where(eq(rewards.id, rewardId));
  if (owner?.userId === staffId) throw forbidden("You can't decide your own share proof");
  await deps.db.transaction(async (tx) => {
    const [decided] = await tx
      .update(rewards)
      .set({
        shareProofStatus: body.status,
        shareProofNotes: body.staffNotes ?? null,
        verifiedBy: staffId,
        verifiedAt: now,
      })
      .where(
        and(eq(rewards.id, rewardId), eq(rewards.isShared, true), eq(rewards.shareProofStatus, "pending")),
      )
      .returning({ userId: rewards.userId, id: rewards.id });
    if (!decided) {
      const [exists] = await tx
        .select({ isShared: rewards.isShared })
        .from(rewards)
        .where(eq(rewards.id, rewardId));
      if (!exists?.isShared) throw notFound("No share proof with that id");
      throw new AppError("CONFLICT", "This proof has already been decided");
    }
    await recordAudit(
      tx,
      {
        actor: staff,
        action: `share_proof.${body.status}`,
        targetType: "share_proof",
        targetId: rewardId,
        before: { status: "pending" },
        after: { status: body.status },
        reason: body.staffNotes ?? null,
      },
      now,
    );
    if (!decided.userId) return;
    const verified = body.status === "verified";
    if (verified && shareXp > 0) {
      await creditXp(
        tx,
        {
          userId: decided.userId,
          amount: shareXp,
          reason: "share",
          idempotencyKey: `share:reward:${rewardId}`,
          sourceType: "reward",
          sourceId: rewardId,
        },
        now,
      );
    }
    if (!verified) {
      const details = { kind: "share", rewardId, notes: body.staffNotes ?? null };
      const signal: FraudSignal = {
        userId: decided.userId,
        adId: null,
        eventType: "rejected_proof",
        riskScore: 20,
        details,
      };
      await recordFraudSignal(tx, signal, null, now);
    }
    await notifyMember(
      tx,
      {
        userId: decided.userId,
        type: verified ? "share_verified" : "share_rejected",
        title: verified ? "Share verified" : "Share proof not accepted",
        message: verified
          ? {
              message: "Thanks for sharing! You earned {xp} XP, and it counts toward competitions.",
              values: { xp: shareXp },
            }
          : body.staffNotes
            ? {
                message: "We couldn't verify your share: {notes} You can send a new proof.",
                values: { notes: body.staffNotes },
              }
            : "We couldn't verify your share. You can send a new proof.",
        link: "/rewards",
        dedupeKey: `share:${rewardId}:${body.status}:${now.getTime()}`,
      },
      now,
    );
  });
}

import { and, desc, eq, sql } from "drizzle-orm";
import { reportsToUnpublish } from "../../../shared/contracts/purchases";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { reviewVotes, userReviews, verifiedPurchases } from "../../db/schema/purchases";
import { AppError, forbidden } from "../../lib/errors";
import { countReviewSubmitted } from "../auth";
import { findOpenCompany } from "./purchase-reports.service";

/** The member's newest verified purchase at the business, if any. */
export async function findVerifiedPurchase(db: Executor, userId: number, companyId: number) {
  const [purchase] = await db
    .select({ id: verifiedPurchases.id })
    .from(verifiedPurchases)
    .where(
      and(
        eq(verifiedPurchases.userId, userId),
        eq(verifiedPurchases.companyId, companyId),
        eq(verifiedPurchases.verificationStatus, "verified"),
      ),
    )
    .orderBy(desc(verifiedPurchases.id))
    .limit(1);
  return purchase;
}

const alreadyReviewed = () => new AppError("CONFLICT", "You have already reviewed this business");

/**
 * A member with a verified purchase at the business reviews it, once. The unique index on (member,
 * business) decides between two reviews sent at once; the loser is told it already reviewed.
 */
export async function writeReview(
  deps: AppDeps,
  userId: number,
  companyId: number,
  body: { rating: number; title: string; text: string; isAnonymous?: boolean },
): Promise<number> {
  const now = deps.now();
  const company = await findOpenCompany(deps.db, companyId);
  if (!company) throw new AppError("NOT_FOUND", "This business is not on Anigye");
  return deps.db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: userReviews.id })
      .from(userReviews)
      .where(and(eq(userReviews.userId, userId), eq(userReviews.companyId, companyId)));
    if (existing) throw alreadyReviewed();
    const purchase = await findVerifiedPurchase(tx, userId, companyId);
    if (!purchase) throw forbidden("Only members with a verified purchase here can review this business");
    const [review] = await tx
      .insert(userReviews)
      .values({
        userId,
        companyId,
        purchaseId: purchase.id,
        rating: body.rating,
        reviewTitle: body.title,
        reviewText: body.text,
        isAnonymous: body.isAnonymous ?? false,
        verificationStatus: "verified",
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: userReviews.id });
    if (!review) throw alreadyReviewed();
    await countReviewSubmitted(tx, userId);
    return review.id;
  });
}

async function findPublishedReview(db: Executor, reviewId: number) {
  const [review] = await db
    .select({ id: userReviews.id, userId: userReviews.userId })
    .from(userReviews)
    .where(and(eq(userReviews.id, reviewId), eq(userReviews.isPublished, true)));
  if (!review) throw new AppError("NOT_FOUND", "Review not found");
  return review;
}

async function voteState(db: Executor, reviewId: number, userId: number) {
  const [review] = await db
    .select({ helpfulVotes: userReviews.helpfulVotes, isPublished: userReviews.isPublished })
    .from(userReviews)
    .where(eq(userReviews.id, reviewId));
  const votes = await db
    .select({ kind: reviewVotes.kind })
    .from(reviewVotes)
    .where(and(eq(reviewVotes.reviewId, reviewId), eq(reviewVotes.userId, userId)));
  return {
    helpfulVotes: review?.helpfulVotes ?? 0,
    isPublished: review?.isPublished ?? false,
    votedHelpful: votes.some((vote) => vote.kind === "helpful"),
    reported: votes.some((vote) => vote.kind === "report"),
  };
}

/**
 * A member marks someone else's review helpful. Once per member: the vote row is unique, and only a new
 * row adds to the count, so a second tap (or two at once) changes nothing and is not an error.
 */
export async function markReviewHelpful(deps: AppDeps, userId: number, reviewId: number) {
  const review = await findPublishedReview(deps.db, reviewId);
  if (review.userId === userId) throw forbidden("You can't mark your own review helpful");
  await deps.db.transaction(async (tx) => {
    const [vote] = await tx
      .insert(reviewVotes)
      .values({ reviewId, userId, kind: "helpful", createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ id: reviewVotes.id });
    if (!vote) return;
    await tx
      .update(userReviews)
      .set({ helpfulVotes: sql`${userReviews.helpfulVotes} + 1` })
      .where(eq(userReviews.id, reviewId));
  });
  return voteState(deps.db, reviewId, userId);
}

/**
 * A member reports a review (once each). At three reports from different members who each have a
 * verified purchase, the review leaves the business's page until staff look at it; reports from
 * members without one are counted but can't hide a review (throwaway accounts can't bury reviews).
 */
export async function reportReview(deps: AppDeps, userId: number, reviewId: number, reason: string) {
  const review = await findPublishedReview(deps.db, reviewId);
  if (review.userId === userId) throw forbidden("You can't report your own review");
  await deps.db.transaction(async (tx) => {
    const [vote] = await tx
      .insert(reviewVotes)
      .values({ reviewId, userId, kind: "report", reason, createdAt: deps.now() })
      .onConflictDoNothing()
      .returning({ id: reviewVotes.id });
    if (!vote) return;
    const trustedReports = await countTrustedReports(tx, reviewId);
    await tx
      .update(userReviews)
      .set({
        reportedCount: sql`${userReviews.reportedCount} + 1`,
        isPublished: sql`${userReviews.isPublished} and ${trustedReports} < ${reportsToUnpublish}`,
        updatedAt: deps.now(),
      })
      .where(eq(userReviews.id, reviewId));
  });
  return voteState(deps.db, reviewId, userId);
}

/** Reports on a review from members with at least one verified purchase. */
async function countTrustedReports(tx: Executor, reviewId: number): Promise<number> {
  const [row] = await tx
    .select({ reports: sql<number>`count(*)::int` })
    .from(reviewVotes)
    .where(
      and(
        eq(reviewVotes.reviewId, reviewId),
        eq(reviewVotes.kind, "report"),
        sql`exists (select 1 from ${verifiedPurchases} where ${verifiedPurchases.userId} = ${reviewVotes.userId} and ${verifiedPurchases.verificationStatus} = 'verified')`,
      ),
    );
  return row?.reports ?? 0;
}

import { and, avg, count, desc, eq, inArray, lt } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  anonymousReviewer,
  type MyPurchase,
  type PublicCompany,
  type PublicReview,
  type PurchaseStatus,
  type StaffPurchase,
} from "../../../shared/contracts/purchases";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";
import { companies } from "../../db/schema/companies";
import { reviewVotes, userReviews, verifiedPurchases } from "../../db/schema/purchases";
import { listBranches } from "../companies";

/*
 * Reads for purchases and reviews that need the member's name or the business's details. Read only.
 */

const staffPageSize = 30;
const reviewPageSize = 20;

const verifiers = alias(users, "verifiers");

const purchaseColumns = {
  purchase: verifiedPurchases,
  companyName: companies.name,
};

type PurchaseRow = { purchase: typeof verifiedPurchases.$inferSelect; companyName: string };

function toMyPurchase({ purchase, companyName }: PurchaseRow, reviewed: Set<number>): MyPurchase {
  return {
    id: purchase.id,
    company: { id: purchase.companyId, name: companyName },
    purchaseAmountPesewas: purchase.purchaseAmountPesewas,
    discountAmountPesewas: purchase.discountAmountPesewas,
    finalAmountPesewas: purchase.finalAmountPesewas,
    receiptNumber: purchase.receiptNumber ?? "",
    receiptImageUrl: purchase.receiptImageUrl,
    purchaseDate: purchase.purchaseDate.toISOString(),
    status: purchase.verificationStatus,
    rejectionReason: purchase.rejectionReason,
    createdAt: purchase.createdAt.toISOString(),
    canReview: purchase.verificationStatus === "verified" && !reviewed.has(purchase.companyId),
  };
}

async function reviewedCompanies(db: Executor, userId: number): Promise<Set<number>> {
  const rows = await db
    .select({ companyId: userReviews.companyId })
    .from(userReviews)
    .where(eq(userReviews.userId, userId));
  return new Set(rows.map((row) => row.companyId));
}

/** The member's purchases, newest first (the latest 100). */
export async function listMyPurchases(db: Executor, userId: number, onlyId?: number): Promise<MyPurchase[]> {
  const rows = await db
    .select(purchaseColumns)
    .from(verifiedPurchases)
    .innerJoin(companies, eq(companies.id, verifiedPurchases.companyId))
    .where(
      and(
        eq(verifiedPurchases.userId, userId),
        onlyId === undefined ? undefined : eq(verifiedPurchases.id, onlyId),
      ),
    )
    .orderBy(desc(verifiedPurchases.id))
    .limit(100);
  const reviewed = await reviewedCompanies(db, userId);
  return rows.map((row) => toMyPurchase(row, reviewed));
}

/** The staff queue: purchases with one status, newest first, a page at a time (ids below `before`). */
export async function listStaffPurchases(
  db: Executor,
  status: PurchaseStatus,
  before?: number,
  onlyId?: number,
): Promise<{ purchases: StaffPurchase[]; nextBefore: number | null }> {
  const rows = await db
    .select({
      ...purchaseColumns,
      memberName: users.displayName,
      memberAnigyeId: users.anigyeId,
      verifierName: verifiers.displayName,
    })
    .from(verifiedPurchases)
    .innerJoin(companies, eq(companies.id, verifiedPurchases.companyId))
    .leftJoin(users, eq(users.id, verifiedPurchases.userId))
    .leftJoin(verifiers, eq(verifiers.id, verifiedPurchases.verifiedBy))
    .where(
      onlyId !== undefined
        ? eq(verifiedPurchases.id, onlyId)
        : and(
            eq(verifiedPurchases.verificationStatus, status),
            before === undefined ? undefined : lt(verifiedPurchases.id, before),
          ),
    )
    .orderBy(desc(verifiedPurchases.id))
    .limit(staffPageSize + 1);
  const page = rows.slice(0, staffPageSize);
  const none = new Set<number>();
  return {
    purchases: page.map((row) => {
      const { canReview: _unused, ...purchase } = toMyPurchase(row, none);
      const p = row.purchase;
      return {
        ...purchase,
        member:
          p.userId !== null && row.memberName !== null && row.memberAnigyeId !== null
            ? { id: p.userId, displayName: row.memberName, anigyeId: row.memberAnigyeId }
            : null,
        flagged: p.flaggedForReview,
        flagReason: p.flagReason,
        rewardId: p.rewardId,
        verifiedBy: row.verifierName,
        verifiedAt: p.verifiedAt?.toISOString() ?? null,
      };
    }),
    nextBefore: rows.length > staffPageSize ? page.at(-1)!.purchase.id : null,
  };
}

async function ratingSummary(db: Executor, companyId: number) {
  const [row] = await db
    .select({ average: avg(userReviews.rating), total: count() })
    .from(userReviews)
    .where(and(eq(userReviews.companyId, companyId), eq(userReviews.isPublished, true)));
  const average = row?.average === null || row?.average === undefined ? null : Number(row.average);
  return {
    averageRating: average === null ? null : Math.round(average * 10) / 10,
    count: row?.total ?? 0,
  };
}

/** A business's published reviews, newest first; anonymous reviewers are never named. */
export async function listCompanyReviews(
  db: Executor,
  companyId: number,
  viewerId: number | undefined,
  before?: number,
) {
  const rows = await db
    .select({ review: userReviews, displayName: users.displayName })
    .from(userReviews)
    .leftJoin(users, eq(users.id, userReviews.userId))
    .where(
      and(
        eq(userReviews.companyId, companyId),
        eq(userReviews.isPublished, true),
        before === undefined ? undefined : lt(userReviews.id, before),
      ),
    )
    .orderBy(desc(userReviews.id))
    .limit(reviewPageSize + 1);
  const page = rows.slice(0, reviewPageSize);
  const votes =
    viewerId === undefined || page.length === 0
      ? []
      : await db
          .select({ reviewId: reviewVotes.reviewId, kind: reviewVotes.kind })
          .from(reviewVotes)
          .where(
            and(
              eq(reviewVotes.userId, viewerId),
              inArray(
                reviewVotes.reviewId,
                page.map((row) => row.review.id),
              ),
            ),
          );
  const voted = (reviewId: number, kind: string) =>
    votes.some((vote) => vote.reviewId === reviewId && vote.kind === kind);
  const reviews: PublicReview[] = page.map(({ review, displayName }) => ({
    id: review.id,
    rating: review.rating,
    title: review.reviewTitle ?? "",
    text: review.reviewText ?? "",
    author: review.isAnonymous ? anonymousReviewer : (displayName ?? "Former member"),
    verifiedPurchase: review.verificationStatus === "verified" && review.purchaseId !== null,
    helpfulVotes: review.helpfulVotes,
    createdAt: review.createdAt.toISOString(),
    votedHelpful: voted(review.id, "helpful"),
    reported: voted(review.id, "report"),
    isMine: viewerId !== undefined && review.userId === viewerId,
  }));
  return {
    ...(await ratingSummary(db, companyId)),
    reviews,
    nextBefore: rows.length > reviewPageSize ? page.at(-1)!.review.id : null,
  };
}

/** What anyone may see about a business on its page, and where the signed-in member stands there. */
export async function loadPublicCompany(
  db: Executor,
  companyId: number,
  viewerId: number | undefined,
): Promise<PublicCompany | undefined> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company || company.deletedAt || !company.isActive || company.status !== "active") return undefined;
  const { averageRating, count: reviewCount } = await ratingSummary(db, companyId);
  const branches = await listBranches(db, companyId);
  let me: PublicCompany["me"] = null;
  if (viewerId !== undefined) {
    const mine = await db
      .select({ status: verifiedPurchases.verificationStatus })
      .from(verifiedPurchases)
      .where(and(eq(verifiedPurchases.userId, viewerId), eq(verifiedPurchases.companyId, companyId)));
    const [review] = await db
      .select({ id: userReviews.id })
      .from(userReviews)
      .where(and(eq(userReviews.userId, viewerId), eq(userReviews.companyId, companyId)));
    const hasVerified = mine.some((row) => row.status === "verified");
    me = {
      canReview: hasVerified && !review,
      hasReviewed: Boolean(review),
      pendingPurchases: mine.filter((row) => row.status === "pending").length,
    };
  }
  const mapUrl =
    company.googleMapsUrl ??
    (company.address
      ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${company.address}, Ghana`)}`
      : null);
  return {
    id: company.id,
    name: company.name,
    logo: company.logo,
    storefrontImage: company.storefrontImage,
    category: company.category,
    subcategory: company.subcategory,
    address: company.address,
    city: company.city,
    businessHours: company.businessHours,
    mapUrl,
    branches,
    averageRating,
    reviewCount,
    me,
  };
}

/** One review as the business's page shows it. */
export async function findPublicReview(db: Executor, reviewId: number, viewerId: number) {
  const [row] = await db
    .select({ companyId: userReviews.companyId })
    .from(userReviews)
    .where(eq(userReviews.id, reviewId));
  if (!row) return undefined;
  const { reviews } = await listCompanyReviews(db, row.companyId, viewerId, reviewId + 1);
  return reviews.find((review) => review.id === reviewId);
}

import { and, eq, ne, sql } from "drizzle-orm";
import { accraDay } from "../../../shared/accra-time";
import {
  type PurchaseDecisionRequest,
  purchaseDateProblem,
  type ReportPurchaseRequest,
} from "../../../shared/contracts/purchases";
import { formatCedis } from "../../../shared/money";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { type VerifiedPurchase, verifiedPurchases } from "../../db/schema/purchases";
import { AppError } from "../../lib/errors";
import { countVerifiedPurchase } from "../auth";
import { findCompany } from "../companies";
import { type FraudSignal, recordFraudSignal } from "../fraud";
import { storeProofImage } from "../media";
import { notifyMember } from "../notifications";
import { findMemberReward } from "../rewards";
import { decideOnce, type ReviewedItem } from "../staff-review";

/** The business a purchase is reported at, if members can see it. */
export async function findOpenCompany(db: Executor, companyId: number) {
  const company = await findCompany(db, companyId);
  if (!company?.isActive || company.status !== "active") return undefined;
  return company;
}

function invalid(field: string, message: string): AppError {
  return new AppError("VALIDATION", message, { [field]: message });
}

async function checkReward(db: Executor, userId: number, companyId: number, rewardId: number) {
  const message = "Choose one of your own rewards from this business";
  const reward = await findMemberReward(db, userId, rewardId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === "NOT_FOUND") return undefined;
    throw error;
  });
  if (!reward || reward.companyId !== companyId) throw invalid("rewardId", message);
}

/**
 * Why this receipt looks sent before, or null: the same receipt number at this business on a purchase
 * that wasn't rejected, or the very same photo on any purchase. A flag never refuses the report; it
 * tells staff to look twice.
 */
async function duplicateReason(tx: Executor, companyId: number, receiptNumber: string, imageHash: string) {
  const reasons: string[] = [];
  const [sameNumber] = await tx
    .select({ id: verifiedPurchases.id })
    .from(verifiedPurchases)
    .where(
      and(
        eq(verifiedPurchases.companyId, companyId),
        eq(sql`lower(${verifiedPurchases.receiptNumber})`, receiptNumber.toLowerCase()),
        ne(verifiedPurchases.verificationStatus, "rejected"),
      ),
    )
    .limit(1);
  if (sameNumber) reasons.push(`Same receipt number as purchase #${sameNumber.id}`);
  const [samePhoto] = await tx
    .select({ id: verifiedPurchases.id })
    .from(verifiedPurchases)
    .where(eq(verifiedPurchases.receiptImageHash, imageHash))
    .limit(1);
  if (samePhoto) reasons.push(`Same receipt photo as purchase #${samePhoto.id}`);
  return reasons.length ? reasons.join("; ") : null;
}

/** A member reports a purchase with its receipt; it waits, pending, for staff. */
export async function reportPurchase(deps: AppDeps, userId: number, body: ReportPurchaseRequest) {
  const now = deps.now();
  const company = await findOpenCompany(deps.db, body.companyId);
  if (!company) throw invalid("companyId", "This business is not on Anigye");
  const day = body.purchaseDate;
  if (day !== undefined) {
    const problem = purchaseDateProblem(day, accraDay(now));
    if (problem) throw invalid("purchaseDate", problem);
  }
  if (body.rewardId !== undefined) await checkReward(deps.db, userId, company.id, body.rewardId);
  const purchaseAmount = body.purchaseAmountPesewas;
  const discount = body.discountAmountPesewas ?? 0;
  const receiptNumber = body.receiptNumber.trim();

  // The photo is stored first (its key is its content hash, so a retry rewrites the same file).
  const photo = await storeProofImage(deps.storage, "receipts", body.receiptImage);

  return deps.db.transaction(async (tx) => {
    // Two reports of one receipt at the same moment must still see each other: the business's lock,
    // then the photo's (always in this order, so two reports never wait on each other in a circle).
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`purchase_receipt:${company.id}`}))`);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`purchase_photo:${photo.sha256}`}))`);
    const flagReason = await duplicateReason(tx, company.id, receiptNumber, photo.sha256);
    const [row] = await tx
      .insert(verifiedPurchases)
      .values({
        userId,
        companyId: company.id,
        rewardId: body.rewardId ?? null,
        purchaseAmountPesewas: purchaseAmount,
        discountAmountPesewas: discount,
        finalAmountPesewas: purchaseAmount - discount,
        purchaseDate: day !== undefined ? new Date(`${day}T00:00:00Z`) : now,
        receiptImageUrl: photo.url,
        receiptNumber,
        receiptImageHash: photo.sha256,
        flaggedForReview: flagReason !== null,
        flagReason,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: verifiedPurchases.id });
    if (flagReason) {
      const details = { purchaseId: row!.id, companyId: company.id, receiptNumber, flagReason };
      const signal: FraudSignal = {
        userId,
        adId: null,
        eventType: "duplicate_receipt",
        riskScore: 50,
        details,
      };
      await recordFraudSignal(tx, signal, null, now);
    }
    return row!.id;
  });
}

/** A reported purchase as staff review it (modules/staff-review): verifying lets the member review the place. */
function reviewedPurchase(purchaseId: number): ReviewedItem<VerifiedPurchase> {
  return {
    kind: "purchase",
    id: purchaseId,
    ownItemRefusal: "Another member of staff must check your own purchase",
    keptIn: { table: verifiedPurchases, id: verifiedPurchases.id, sender: verifiedPurchases.userId },
    notFoundMessage: "Purchase not found",
    async claim(tx, { status, reason, staffId, now }) {
      const [decided] = await tx
        .update(verifiedPurchases)
        .set({
          verificationStatus: status,
          verifiedBy: staffId,
          verifiedAt: now,
          rejectionReason: status === "rejected" ? reason : null,
          updatedAt: now,
        })
        .where(and(eq(verifiedPurchases.id, purchaseId), eq(verifiedPurchases.verificationStatus, "pending")))
        .returning();
      return decided;
    },
    whyUndecided: async () =>
      new AppError("CONFLICT", "This purchase has already been decided by another member of staff"),
    rejectionDetails: (decided, { reason }) => ({
      kind: "purchase",
      purchaseId,
      companyId: decided.companyId,
      reason: reason ?? undefined,
    }),
    async tellTheMember(tx, decided, decision, now) {
      const company = await findCompany(tx, decided.companyId);
      const place = company?.name ?? "the business";
      const amount = formatCedis(decided.finalAmountPesewas);
      const verified = decision.status === "verified";
      if (verified) await countVerifiedPurchase(tx, decided.userId);
      await notifyMember(
        tx,
        {
          userId: decided.userId,
          type: verified ? "purchase_verified" : "purchase_rejected",
          title: verified ? "Purchase verified" : "Purchase not verified",
          message: verified
            ? {
                message: "Your {amount} purchase at {place} is verified. You can now review {place}.",
                values: { amount, place },
              }
            : {
                message: "Your {amount} purchase at {place} was not verified: {reason}",
                values: { amount, place, reason: decision.reason ?? "" },
              },
          link: `/places/${decided.companyId}`,
          dedupeKey: `purchase_decided:${decided.id}`,
        },
        now,
      );
    },
  };
}

/** Staff verify or reject a pending purchase, once (the shared review flow); the member is told. */
export async function decidePurchase(
  deps: AppDeps,
  staff: { id: number; displayName: string },
  purchaseId: number,
  body: { status: PurchaseDecisionRequest["status"]; reason?: string },
) {
  await decideOnce(deps, staff, reviewedPurchase(purchaseId), {
    status: body.status,
    reason: body.reason ?? null,
  });
}

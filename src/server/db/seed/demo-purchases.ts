import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import type { MediaStorage } from "../../integrations/storage/storage";
import { countReviewSubmitted, countVerifiedPurchase } from "../../modules/auth";
import { contentKey } from "../../modules/media/image-processing";
import type { Database } from "../client";
import { userReviews, verifiedPurchases } from "../schema";
import { findUserByEmail } from "./factories";

/** Ama's receipts: one verified (with her review of Kofi's), one waiting in the staff queue. */
export const demoPurchases = {
  memberEmail: "ama@example.com",
  staffEmail: "staff@example.com",
  verified: {
    companySlug: "kofi-chop-bar",
    receiptNumber: "KCB-10421",
    purchaseAmountPesewas: 65_00,
    discountAmountPesewas: 6_50,
    daysAgo: 5,
    review: {
      rating: 5,
      reviewTitle: "Best waakye in Osu",
      reviewText:
        "Generous portions, hot shito and the gari was fresh. Showed my Anigye discount at the counter and Esi took it straight away.",
    },
  },
  pending: {
    companySlug: "nkwanta-fresh-mart",
    receiptNumber: "NFM-2207",
    purchaseAmountPesewas: 182_40,
    discountAmountPesewas: 0,
    daysAgo: 1,
  },
} as const;

/** A simple receipt drawn as an SVG and stored as WebP, like a member's photo after upload. */
async function storeReceipt(storage: MediaStorage, shop: string, number: string, pesewas: number) {
  const total = `GH₵ ${(pesewas / 100).toFixed(2)}`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="360" height="540">
    <rect width="360" height="540" fill="#fffdf7"/>
    <text x="180" y="60" font-family="sans-serif" font-size="24" text-anchor="middle" font-weight="bold">${shop}</text>
    <text x="30" y="120" font-family="monospace" font-size="18">Receipt ${number}</text>
    <line x1="30" y1="150" x2="330" y2="150" stroke="#999" stroke-dasharray="4"/>
    <text x="30" y="420" font-family="monospace" font-size="22" font-weight="bold">TOTAL ${total}</text>
    <text x="180" y="500" font-family="sans-serif" font-size="16" text-anchor="middle">Medaase!</text>
  </svg>`;
  const webp = await sharp(Buffer.from(svg)).webp({ quality: 70 }).toBuffer();
  const key = contentKey("receipts", webp, ".webp");
  await storage.save(key, webp, "image/webp");
  return { url: storage.urlFor(key), hash: createHash("sha256").update(webp).digest("hex") };
}

/**
 * Ama's verified purchase and published review at Kofi's Chop Bar, and a pending purchase for the staff
 * queue. Safe to run again: nothing is added once Ama has the Kofi's receipt.
 */
export async function seedDemoPurchases(
  db: Database,
  storage: MediaStorage,
  companyIds: Map<string, number>,
  now = new Date(),
): Promise<void> {
  const ama = await findUserByEmail(db, demoPurchases.memberEmail);
  const staff = await findUserByEmail(db, demoPurchases.staffEmail);
  const kofiId = companyIds.get(demoPurchases.verified.companySlug);
  const martId = companyIds.get(demoPurchases.pending.companySlug);
  if (!ama || !staff || !kofiId || !martId) return;
  const [existing] = await db
    .select({ id: verifiedPurchases.id })
    .from(verifiedPurchases)
    .where(
      and(
        eq(verifiedPurchases.userId, ama.id),
        eq(verifiedPurchases.receiptNumber, demoPurchases.verified.receiptNumber),
      ),
    );
  if (existing) return;

  const { verified, pending } = demoPurchases;
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const kofiReceipt = await storeReceipt(
    storage,
    "Kofi's Chop Bar",
    verified.receiptNumber,
    verified.purchaseAmountPesewas - verified.discountAmountPesewas,
  );
  const martReceipt = await storeReceipt(
    storage,
    "Nkwanta Fresh Mart",
    pending.receiptNumber,
    pending.purchaseAmountPesewas,
  );

  await db.transaction(async (tx) => {
    const [purchase] = await tx
      .insert(verifiedPurchases)
      .values({
        userId: ama.id,
        companyId: kofiId,
        purchaseAmountPesewas: verified.purchaseAmountPesewas,
        discountAmountPesewas: verified.discountAmountPesewas,
        finalAmountPesewas: verified.purchaseAmountPesewas - verified.discountAmountPesewas,
        purchaseDate: daysAgo(verified.daysAgo),
        receiptImageUrl: kofiReceipt.url,
        receiptImageHash: kofiReceipt.hash,
        receiptNumber: verified.receiptNumber,
        verificationStatus: "verified",
        verifiedBy: staff.id,
        verifiedAt: daysAgo(verified.daysAgo - 1),
        createdAt: daysAgo(verified.daysAgo),
      })
      .returning({ id: verifiedPurchases.id });
    await countVerifiedPurchase(tx, ama.id);
    await tx.insert(userReviews).values({
      userId: ama.id,
      companyId: kofiId,
      purchaseId: purchase!.id,
      ...verified.review,
      verificationStatus: "verified",
      createdAt: daysAgo(verified.daysAgo - 2),
    });
    await countReviewSubmitted(tx, ama.id);
    await tx.insert(verifiedPurchases).values({
      userId: ama.id,
      companyId: martId,
      purchaseAmountPesewas: pending.purchaseAmountPesewas,
      discountAmountPesewas: pending.discountAmountPesewas,
      finalAmountPesewas: pending.purchaseAmountPesewas - pending.discountAmountPesewas,
      purchaseDate: daysAgo(pending.daysAgo),
      receiptImageUrl: martReceipt.url,
      receiptImageHash: martReceipt.hash,
      receiptNumber: pending.receiptNumber,
      createdAt: daysAgo(pending.daysAgo),
    });
  });
}

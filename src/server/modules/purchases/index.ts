/**
 * Verified purchases and reviews: members report purchases with a receipt photo, staff verify them, and a
 * verified purchase lets its member review the business once. Owns verified_purchases, user_reviews and
 * review_votes; the business's public page reads through purchases.read-model.ts.
 */
export { purchasesRoutes } from "./purchases.routes";
export { countPendingPurchases } from "./purchases-overview.read-model";

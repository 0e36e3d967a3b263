/** The whole data model. One file per domain; see docs/data-model.md. */

export * from "./ads";
export * from "./auth";
export * from "./badges-achievements";
export * from "./companies";
export * from "./competitions-draws";
export * from "./enums";
export * from "./fraud";
export * from "./leaderboards-referrals";
export * from "./loyalty";
export * from "./media";
export * from "./notifications";
export * from "./points";
export * from "./prelaunch";
export * from "./purchases-reviews";
export * from "./qr";
export * from "./redemptions";
export * from "./rewards";
export * from "./settings";
export * from "./subscriptions-payments";
export * from "./tiers-ledger";
export * from "./users";
export * from "./watch";

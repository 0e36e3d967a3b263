/**
 * The whole data model, for the database client, drizzle-kit, the seed and tests. One file per owning
 * domain: `<domain>.ts` holds the tables that only `src/server/modules/<domain>/` may import (the
 * dependency rule in .dependency-cruiser.cjs enforces it; docs/architecture.md has the table map).
 * Modules never import this barrel.
 */

export * from "./ads";
export * from "./audit";
export * from "./auth";
export * from "./badges";
export * from "./coming-soon";
export * from "./companies";
export * from "./counter";
export * from "./draws";
export * from "./enums";
export * from "./fraud";
export * from "./jobs";
export * from "./ledger";
export * from "./loyalty";
export * from "./media";
export * from "./money";
export * from "./notifications";
export * from "./outbox";
export * from "./payments";
export * from "./points";
export * from "./purchases";
export * from "./rate-limit";
export * from "./redemptions";
export * from "./referrals";
export * from "./rewards";
export * from "./settings";
export * from "./ussd";
export * from "./watch";

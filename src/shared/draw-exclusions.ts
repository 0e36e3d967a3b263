/**
 * Why an entry of the list frozen when entries closed holds no ticket: its member was suspended, had
 * deleted the account, or was no longer a consumer at the draw (docs/product-rules.md#draws-suspended-at-the-draw).
 * Its own file, so the contracts (and the first screens that read them) don't carry the draw's checker.
 */
export const drawExclusionReasons = ["suspended", "deleted", "not_consumer"] as const;
export type DrawExclusionReason = (typeof drawExclusionReasons)[number];

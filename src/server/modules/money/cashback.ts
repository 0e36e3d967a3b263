/** What a cashback amount belongs to: an ad's reward, or a completed stamp card's reward. */
export type CashbackSource = { rewardId: number } | { loyaltyCardId: number };

/** An amount of cashback a business set aside (or sets aside) for one reward. */
export interface Cashback {
  companyId: number;
  amountPesewas: number;
  source: CashbackSource;
}

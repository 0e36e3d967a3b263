import type { CounterActor } from "../../../shared/contracts/counter";

/** Esi, counter staff at Kofi's Chop Bar (a stamp card, no minimum spend): the counter's DOM tests. */
export const esi: CounterActor = {
  kind: "staff",
  companyId: 1,
  companyName: "Kofi's Chop Bar",
  companyLogo: null,
  staffId: 4,
  staffName: "Esi",
  branchName: null,
  hasLoyaltyProgram: true,
  minimumSpend: null,
};

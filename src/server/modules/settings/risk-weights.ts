import type { FraudSignalType } from "../../../shared/fraud-signals";

/**
 * The fraud signal types the anti-cheat review scores, with their default weights (risk points per
 * signal in the last 30 days) and the words used to explain a score. Admins change the weights as
 * platform settings (`risk_weight_<type>`).
 */
export const riskSignalDefaults = {
  watch_faster_than_real_time: { weight: 10, label: "too-fast watch", plural: "too-fast watches" },
  replayed_watch_progress: { weight: 15, label: "replayed watch report", plural: "replayed watch reports" },
  foreign_watch_session: {
    weight: 20,
    label: "watch report from another session",
    plural: "watch reports from another session",
  },
  suspicious_counter_scan: {
    weight: 10,
    label: "suspicious counter scan",
    plural: "suspicious counter scans",
  },
  impossible_travel: {
    weight: 25,
    label: "scan at two places minutes apart",
    plural: "scans at two places minutes apart",
  },
  /** Weighted per account beyond the first on one device, not per signal. */
  many_accounts_on_device: {
    weight: 10,
    label: "extra account on one device",
    plural: "extra accounts on one device",
  },
  rejected_proof: { weight: 5, label: "rejected proof", plural: "rejected proofs" },
  duplicate_receipt: { weight: 20, label: "duplicate receipt", plural: "duplicate receipts" },
  /** A member's verified number asked for counter codes at three or more shops in a day. */
  phone_checkin_many_shops: {
    weight: 10,
    label: "number used at many counters in a day",
    plural: "numbers used at many counters in a day",
  },
} as const satisfies Partial<Record<FraudSignalType, { weight: number; label: string; plural: string }>>;

export type RiskSignalType = keyof typeof riskSignalDefaults;
export const riskSignalTypes = Object.keys(riskSignalDefaults) as RiskSignalType[];

export function riskWeightKey(type: string) {
  return `risk_weight_${type}`;
}

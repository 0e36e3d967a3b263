/** Fraud signals, risk scores and the anti-cheat review's cases (owns fraud_detection, anti_cheat_violations). */

export type { AntiCheatViolation, FraudDetection } from "../../db/schema/fraud";
export { fraudFlagsViewSql } from "./flagged-view";
export { type ClientSignals, type FraudSignal, hasSignalSince, recordFraudSignal } from "./fraud.service";
export { countSignalsSince, listFraudEvents } from "./fraud-feed.read-model";
export { deviceRisk, memberRisk, riskSummary } from "./risk.service";
export {
  claimViolation,
  countPendingViolations,
  evidenceOf,
  listViolations,
  signalsByIds,
  type ViolationStatus,
  violationsOfMember,
} from "./violations.service";

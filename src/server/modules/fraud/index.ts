/** Fraud signals for the anti-cheat review. */
export { type ClientSignals, type FraudSignal, recordFraudSignal } from "./fraud.service";

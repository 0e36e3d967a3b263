/**
 * Every kind of fraud signal the platform records (`fraud_detection.event_type`), with the words the
 * admin's anti-cheat screens use for it. A signal is recorded only with one of these types (the fraud
 * module's `FraudSignal` takes a `FraudSignalType`), so a new kind can't reach the screens unnamed.
 */
export const fraudSignalLabels = {
  watch_faster_than_real_time: "Too-fast watching",
  replayed_watch_progress: "Replayed watch report",
  foreign_watch_session: "Watch report from another session",
  suspicious_counter_scan: "Suspicious counter scan",
  impossible_travel: "Scans at two places minutes apart",
  many_accounts_on_device: "Many accounts on one device",
  rejected_proof: "Rejected proof",
  duplicate_receipt: "Duplicate receipt",
  phone_checkin_many_shops: "One number at many counters in a day",
  phone_checkin_staff_burst: "Many counter codes sent by one staff member in an hour",
  counter_code_guessing: "Many wrong codes typed at one counter",
} as const;

export type FraudSignalType = keyof typeof fraudSignalLabels;
export const fraudSignalTypes = Object.keys(fraudSignalLabels) as FraudSignalType[];

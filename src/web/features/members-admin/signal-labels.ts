/** Plain words for each fraud signal type (unknown types show as they are). */
const labels: Record<string, string> = {
  watch_faster_than_real_time: "Too-fast watching",
  replayed_watch_progress: "Replayed watch report",
  foreign_watch_session: "Watch report from another session",
  suspicious_counter_scan: "Suspicious counter scan",
  impossible_travel: "Scans at two places minutes apart",
  many_accounts_on_device: "Many accounts on one device",
  rejected_proof: "Rejected proof",
  duplicate_receipt: "Duplicate receipt",
};

export function signalLabel(type: string): string {
  return labels[type] ?? type.replaceAll("_", " ");
}

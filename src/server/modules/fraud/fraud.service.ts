import type { Executor } from "../../db/client";
import { fraudDetection } from "../../db/schema/fraud";
import type { ClientSignals } from "../../lib/client-signals";

/** Where a suspicious request came from, as the server saw it. */
export type { ClientSignals } from "../../lib/client-signals";

export interface FraudSignal {
  userId: number;
  adId: number | null;
  /** What was seen, e.g. "watch_faster_than_real_time". */
  eventType: string;
  /** 0-100: how strongly it suggests cheating. */
  riskScore: number;
  details: Record<string, unknown>;
}

/** Records an automatic fraud signal for the anti-cheat review; it never blocks the caller by itself. */
export async function recordFraudSignal(db: Executor, signal: FraudSignal, client: ClientSignals) {
  await db.insert(fraudDetection).values({
    userId: signal.userId,
    adId: signal.adId,
    eventType: signal.eventType,
    ipAddress: client.ipAddress,
    deviceFingerprint: client.deviceFingerprint?.slice(0, 200),
    suspiciousActivity: signal.details,
    riskScore: signal.riskScore,
    reason: signal.eventType.replaceAll("_", " "),
  });
}

import { and, eq, gte } from "drizzle-orm";
import type { FraudSignalType } from "../../../shared/fraud-signals";
import type { Executor } from "../../db/client";
import { fraudDetection } from "../../db/schema/fraud";
import type { ClientSignals } from "../../lib/client-signals";
import { openViolationIfRisky } from "./violations.service";

/** Where a suspicious request came from, as the server saw it. */
export type { ClientSignals } from "../../lib/client-signals";

export interface FraudSignal {
  /** null for a signal about a shop's staff or a number no member has, not about a member. */
  userId: number | null;
  adId: number | null;
  /** What was seen, e.g. "watch_faster_than_real_time"; each type has its label for the admin's screens. */
  eventType: FraudSignalType;
  /** 0-100: how strongly it suggests cheating. */
  riskScore: number;
  details: Record<string, unknown>;
}

/**
 * Records an automatic fraud signal for the anti-cheat review, and opens (or adds to) the member's case
 * when their risk score reaches the threshold. It never blocks the caller by itself.
 */
export async function recordFraudSignal(
  db: Executor,
  signal: FraudSignal,
  /** The member's request, or null when the signal comes from a staff decision. */
  client: ClientSignals | null,
  now: Date = new Date(),
) {
  await db.insert(fraudDetection).values({
    userId: signal.userId,
    adId: signal.adId,
    eventType: signal.eventType,
    ipAddress: client?.ipAddress,
    deviceFingerprint: client?.deviceFingerprint?.slice(0, 200),
    suspiciousActivity: signal.details,
    riskScore: signal.riskScore,
    reason: signal.eventType.replaceAll("_", " "),
    createdAt: now,
  });
  if (signal.userId !== null) await openViolationIfRisky(db, signal.userId, now);
}

/** Whether this member already has a signal of this type (on this device) since a moment, to log once. */
export async function hasSignalSince(
  db: Executor,
  query: { userId: number; eventType: FraudSignalType; deviceFingerprint: string; since: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: fraudDetection.id })
    .from(fraudDetection)
    .where(
      and(
        eq(fraudDetection.userId, query.userId),
        eq(fraudDetection.eventType, query.eventType),
        eq(fraudDetection.deviceFingerprint, query.deviceFingerprint),
        gte(fraudDetection.createdAt, query.since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

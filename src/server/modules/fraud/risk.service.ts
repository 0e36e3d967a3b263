import { and, count, eq, gte, max, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { fraudDetection } from "../../db/schema/fraud";
import {
  type RiskSignalType,
  readNumberSettings,
  riskSignalDefaults,
  riskSignalTypes,
  riskWeightKey,
} from "../settings";

/** Signals older than this no longer count toward a score. */
export const riskWindowMs = 30 * 24 * 60 * 60 * 1000;

export interface RiskReason {
  type: string;
  count: number;
  points: number;
  /** e.g. "3 too-fast watches" or "4 accounts on this device". */
  text: string;
}

export interface RiskAssessment {
  score: number;
  reasons: RiskReason[];
}

interface SignalTally {
  type: string;
  signals: number;
  /** The most accounts one device was seen with (many_accounts_on_device only). */
  accounts: number;
}

/** A member's risk score from their signals in the last 30 days, explained reason by reason. */
export async function memberRisk(db: Executor, userId: number, now: Date): Promise<RiskAssessment> {
  return scoreTallies(db, await tallySignals(db, eq(fraudDetection.userId, userId), now));
}

/** A device's risk score from the signals seen on it in the last 30 days. */
export async function deviceRisk(db: Executor, fingerprint: string, now: Date): Promise<RiskAssessment> {
  return scoreTallies(db, await tallySignals(db, eq(fraudDetection.deviceFingerprint, fingerprint), now));
}

function tallySignals(db: Executor, whose: ReturnType<typeof eq>, now: Date): Promise<SignalTally[]> {
  return db
    .select({
      type: fraudDetection.eventType,
      signals: count(),
      accounts: max(
        sql<number>`coalesce((${fraudDetection.suspiciousActivity}->>'accounts')::int, 0)`,
      ).mapWith(Number),
    })
    .from(fraudDetection)
    .where(and(whose, gte(fraudDetection.createdAt, new Date(now.getTime() - riskWindowMs))))
    .groupBy(fraudDetection.eventType);
}

async function scoreTallies(db: Executor, tallies: SignalTally[]): Promise<RiskAssessment> {
  const weights = await readNumberSettings(db, riskSignalTypes.map(riskWeightKey));
  const reasons = tallies
    .filter((tally): tally is SignalTally & { type: RiskSignalType } => tally.type in riskSignalDefaults)
    .map((tally) => explain(tally, weights[riskWeightKey(tally.type)] ?? 0))
    .filter((reason) => reason.points > 0)
    .sort((a, b) => b.points - a.points);
  const total = reasons.reduce((sum, reason) => sum + reason.points, 0);
  return { score: Math.min(100, total), reasons };
}

function explain(tally: SignalTally & { type: RiskSignalType }, weight: number): RiskReason {
  if (tally.type === "many_accounts_on_device") {
    const extra = Math.max(0, tally.accounts - 1);
    return {
      type: tally.type,
      count: tally.accounts,
      points: extra * weight,
      text: `${tally.accounts} accounts on this device`,
    };
  }
  const { label, plural } = riskSignalDefaults[tally.type];
  return {
    type: tally.type,
    count: tally.signals,
    points: tally.signals * weight,
    text: `${tally.signals} ${tally.signals === 1 ? label : plural}`,
  };
}

/** "why 82: 3 too-fast watches, 4 accounts on this device" */
export function riskSummary(risk: RiskAssessment): string {
  if (risk.reasons.length === 0) return `${risk.score}: no signals in the last 30 days`;
  return `${risk.score}: ${risk.reasons.map((reason) => reason.text).join(", ")}`;
}

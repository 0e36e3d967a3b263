import { and, count, desc, eq, gte, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { type AntiCheatViolation, antiCheatViolations, fraudDetection } from "../../db/schema/fraud";
import { AppError } from "../../lib/errors";
import { readNumberSettings } from "../settings";
import { memberRisk, type RiskAssessment, riskSummary, riskWindowMs } from "./risk.service";

/** What a case keeps as its evidence: the score and reasons when it was last updated, and its signals. */
export interface ViolationEvidence {
  score: number;
  reasons: RiskAssessment["reasons"];
  signalIds: number[];
  adIds: number[];
}

const evidenceSignalLimit = 50;

/**
 * Opens a case for the review queue when a member's score reaches the threshold setting, or refreshes
 * the evidence of their open case (one pending case per member, enforced by a unique index).
 */
export async function openViolationIfRisky(db: Executor, userId: number, now: Date): Promise<void> {
  const risk = await memberRisk(db, userId, now);
  const { risk_violation_threshold: threshold } = await readNumberSettings(db, ["risk_violation_threshold"]);
  if (risk.score < threshold) return;
  const evidence = await collectEvidence(db, userId, risk, now);
  const values = {
    violationType: risk.reasons[0]?.type ?? "risk",
    violationDescription: `Risk ${riskSummary(risk)}`,
    severity: severityOf(risk.score, threshold),
    evidenceData: evidence as unknown as Record<string, unknown>,
    updatedAt: now,
  };
  await db
    .insert(antiCheatViolations)
    .values({ userId, ...values, createdAt: now })
    .onConflictDoUpdate({
      target: antiCheatViolations.userId,
      targetWhere: sql`${antiCheatViolations.status} = 'pending'`,
      set: values,
    });
}

/**
 * A case's severity by its score. Reaching the review threshold is what opens or refreshes a case, so a
 * score at or above it is never "low": a case at the default threshold of 50 reads "medium".
 */
function severityOf(score: number, threshold: number) {
  if (score >= 90) return "critical" as const;
  if (score >= 75) return "high" as const;
  if (score >= Math.min(60, threshold)) return "medium" as const;
  return "low" as const;
}

async function collectEvidence(db: Executor, userId: number, risk: RiskAssessment, now: Date) {
  const signals = await db
    .select({ id: fraudDetection.id, adId: fraudDetection.adId })
    .from(fraudDetection)
    .where(
      and(
        eq(fraudDetection.userId, userId),
        gte(fraudDetection.createdAt, new Date(now.getTime() - riskWindowMs)),
      ),
    )
    .orderBy(desc(fraudDetection.id))
    .limit(evidenceSignalLimit);
  const adIds = [...new Set(signals.flatMap((signal) => (signal.adId ? [signal.adId] : [])))];
  return { score: risk.score, reasons: risk.reasons, signalIds: signals.map((s) => s.id), adIds };
}

export const violationStatuses = ["pending", "reviewed", "actioned", "dismissed"] as const;
export type ViolationStatus = (typeof violationStatuses)[number];
const violationPageSize = 25;

/** The review queue (or its history), oldest pending first so nothing waits forever; paged in SQL. */
export async function listViolations(db: Executor, filter: { status?: ViolationStatus; page: number }) {
  const where = filter.status ? eq(antiCheatViolations.status, filter.status) : undefined;
  const order =
    filter.status === "pending"
      ? [antiCheatViolations.createdAt, antiCheatViolations.id]
      : [desc(antiCheatViolations.updatedAt), desc(antiCheatViolations.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(antiCheatViolations)
      .where(where)
      .orderBy(...order)
      .limit(violationPageSize)
      .offset((filter.page - 1) * violationPageSize),
    db.select({ n: count() }).from(antiCheatViolations).where(where),
  ]);
  return { items: rows, total: total?.n ?? 0, page: filter.page, pageSize: violationPageSize };
}

/** Cases waiting for an admin, for the overview. */
export async function countPendingViolations(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(antiCheatViolations)
    .where(eq(antiCheatViolations.status, "pending"));
  return row?.n ?? 0;
}

export function violationsOfMember(db: Executor, userId: number) {
  return db
    .select()
    .from(antiCheatViolations)
    .where(eq(antiCheatViolations.userId, userId))
    .orderBy(desc(antiCheatViolations.id))
    .limit(20);
}

export function evidenceOf(violation: AntiCheatViolation): ViolationEvidence {
  const data = violation.evidenceData as Partial<ViolationEvidence>;
  return {
    score: data.score ?? 0,
    reasons: data.reasons ?? [],
    signalIds: data.signalIds ?? [],
    adIds: data.adIds ?? [],
  };
}

export type ViolationAction = "dismiss" | "warn" | "suspend" | "reverse";
const statusAfter = {
  dismiss: "dismissed",
  warn: "reviewed",
  suspend: "actioned",
  reverse: "actioned",
} as const satisfies Record<ViolationAction, ViolationStatus>;

/**
 * Decides a pending case once: one conditional update, so two admins deciding at the same moment can't
 * both act. Call in the transaction that carries out the action.
 */
export async function claimViolation(
  tx: Executor,
  violationId: number,
  decision: { action: ViolationAction; notes: string; adminId: number },
  now: Date,
): Promise<AntiCheatViolation> {
  const [claimed] = await tx
    .update(antiCheatViolations)
    .set({
      status: statusAfter[decision.action],
      actionTaken: decision.action,
      reviewNotes: decision.notes,
      reviewedBy: decision.adminId,
      reviewedAt: now,
      updatedAt: now,
    })
    .where(and(eq(antiCheatViolations.id, violationId), eq(antiCheatViolations.status, "pending")))
    .returning();
  if (claimed) return claimed;
  const [exists] = await tx
    .select({ status: antiCheatViolations.status })
    .from(antiCheatViolations)
    .where(eq(antiCheatViolations.id, violationId));
  if (!exists) throw new AppError("NOT_FOUND", "Case not found");
  throw new AppError("CONFLICT", `This case was already decided (${exists.status}).`);
}

/** The signals a case points at, for the evidence panel. */
export function signalsByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(fraudDetection)
    .where(inArray(fraudDetection.id, ids))
    .orderBy(desc(fraudDetection.id));
}

import type {
  FraudEventItem,
  ViolationDecisionRequest,
  ViolationItem,
} from "../../../shared/contracts/anti-cheat";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { recordAudit } from "../audit";
import { membersByIds, setMemberStatus, statusOf } from "../auth";
import {
  type AntiCheatViolation,
  claimViolation,
  evidenceOf,
  type FraudDetection,
  listViolations,
  signalsByIds,
  type ViolationStatus,
} from "../fraud";
import { reverseXpCredits } from "../ledger";
import { refundReversedViews } from "../money";
import { notifyMember } from "../notifications";
import { memberRewardIdsForAds, withdrawUnusedRewards } from "../rewards";

type Admin = { id: number; displayName: string };

export function toFraudEventItem(row: FraudDetection): FraudEventItem {
  return {
    id: row.id,
    type: row.eventType,
    userId: row.userId,
    adId: row.adId,
    ipAddress: row.ipAddress,
    deviceFingerprint: row.deviceFingerprint,
    riskScore: row.riskScore,
    details: JSON.stringify(row.suspiciousActivity),
    at: row.createdAt.toISOString(),
  };
}

/** Cases with their member and evidence signals, each traceable to what was seen. */
async function toViolationItems(db: Executor, rows: AntiCheatViolation[]): Promise<ViolationItem[]> {
  const members = await membersByIds(
    db,
    rows.flatMap((row) => (row.userId ? [row.userId] : [])),
  );
  const signals = await signalsByIds(
    db,
    rows.flatMap((row) => evidenceOf(row).signalIds),
  );
  const signalById = new Map(signals.map((signal) => [signal.id, signal]));
  return rows.map((row) => {
    const evidence = evidenceOf(row);
    const member = row.userId ? members.get(row.userId) : undefined;
    return {
      id: row.id,
      userId: row.userId,
      member: member
        ? {
            displayName: member.displayName,
            email: member.email,
            anigyeId: member.anigyeId,
            status: statusOf(member),
          }
        : null,
      type: row.violationType,
      description: row.violationDescription,
      severity: row.severity,
      status: row.status,
      evidence: {
        score: evidence.score,
        reasons: evidence.reasons,
        signals: evidence.signalIds.flatMap((id) => {
          const signal = signalById.get(id);
          return signal ? [toFraudEventItem(signal)] : [];
        }),
      },
      actionTaken: row.actionTaken,
      reviewNotes: row.reviewNotes,
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

export async function violationQueue(db: Executor, filter: { status?: ViolationStatus; page: number }) {
  const page = await listViolations(db, filter);
  return { ...page, items: await toViolationItems(db, page.items) };
}

const decidedMessages = {
  dismiss: "Case dismissed.",
  warn: "Case closed; the member was warned.",
  suspend: "Member suspended and signed out everywhere.",
  reverse: "Earnings reversed.",
} as const;

/**
 * Carries out an admin's decision on a pending case in one transaction with its claim, so the case,
 * the reversal or suspension, the member's notice and the audit entry happen together or not at all.
 */
export async function decideViolation(
  deps: AppDeps,
  admin: Admin,
  violationId: number,
  decision: ViolationDecisionRequest,
) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const violation = await claimViolation(tx, violationId, { ...decision, adminId: admin.id }, now);
    const effects = { xpReversed: 0, rewardsWithdrawn: 0 };
    const userId = violation.userId;
    if (userId !== null) {
      if (decision.action === "warn") await warnMember(tx, userId, violation.id, decision.notes, now);
      if (decision.action === "suspend") {
        await setMemberStatus(tx, { userId, status: "suspended", reason: decision.notes, admin }, now);
      }
      if (decision.action === "reverse") {
        Object.assign(effects, await reverseEarnings(tx, violation, decision.notes, now));
      }
    }
    await recordDecision(tx, admin, violation, decision, effects, now);
    const [item] = await toViolationItems(tx, [violation]);
    const reversal =
      decision.action === "reverse"
        ? ` ${effects.xpReversed} XP taken back, ${effects.rewardsWithdrawn} unused rewards withdrawn.`
        : "";
    return { violation: item!, ...effects, message: decidedMessages[decision.action] + reversal };
  });
}

function warnMember(tx: Executor, userId: number, violationId: number, notes: string, now: Date) {
  return notifyMember(
    tx,
    {
      userId,
      type: "account_warning",
      title: "A warning about your account",
      message: {
        message:
          "We noticed activity that breaks Anigye's rules: {notes} Another case may suspend your account.",
        values: { notes },
      },
      link: "/notifications",
      dedupeKey: `violation:${violationId}:warn`,
    },
    now,
  );
}

/**
 * Takes back what the case's evidence shows was earned: the XP from the rewards of the ads named in
 * the evidence (reversing rows, never below zero), those rewards if still unused (used codes stay
 * used), and what campaigns were charged for the views that earned them.
 */
async function reverseEarnings(tx: Executor, violation: AntiCheatViolation, notes: string, now: Date) {
  const userId = violation.userId!;
  const rewardIds = await memberRewardIdsForAds(tx, userId, evidenceOf(violation).adIds);
  const { xpReversed } = await reverseXpCredits(tx, {
    userId,
    sourceType: "reward",
    sourceIds: rewardIds,
    keyPrefix: `violation:${violation.id}`,
  });
  const rewardsWithdrawn = await withdrawUnusedRewards(tx, rewardIds, now);
  // Views a campaign was charged for give their business its money back.
  await refundReversedViews(tx, rewardIds, now);
  if (xpReversed > 0 || rewardsWithdrawn > 0) {
    await notifyMember(
      tx,
      {
        userId,
        type: "earnings_reversed",
        title: "Earnings removed",
        message: {
          message: "We removed {xp} XP and {rewards} unused rewards earned against the rules: {notes}",
          values: { xp: xpReversed, rewards: rewardsWithdrawn, notes },
        },
        link: "/rewards",
        dedupeKey: `violation:${violation.id}:reverse`,
      },
      now,
    );
  }
  return { xpReversed, rewardsWithdrawn };
}

function recordDecision(
  tx: Executor,
  admin: Admin,
  violation: AntiCheatViolation,
  decision: ViolationDecisionRequest,
  effects: { xpReversed: number; rewardsWithdrawn: number },
  now: Date,
) {
  return recordAudit(
    tx,
    {
      actor: admin,
      action: `violation.${decision.action}`,
      targetType: "violation",
      targetId: violation.id,
      before: { status: "pending", userId: violation.userId, evidence: violation.evidenceData },
      after: { status: violation.status, ...effects },
      reason: decision.notes,
    },
    now,
  );
}

import type { AdminMemberDetail, AdminMemberItem } from "../../../shared/contracts/admin-members";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { findMemberForAdmin, statusOf, type User } from "../auth";
import { deviceRisk, memberRisk, riskSummary, violationsOfMember } from "../fraud";
import { memberLedger, sumXpLedger } from "../ledger";
import { recentMemberRewards } from "../rewards";
import { memberDevices, recentViews } from "../watch";

const iso = (date: Date | null) => date?.toISOString() ?? null;

export function toAdminMemberItem(user: User): AdminMemberItem {
  return {
    id: user.id,
    anigyeId: user.anigyeId,
    displayName: user.displayName,
    email: user.email,
    phoneNumber: user.phoneNumber,
    role: user.role,
    status: statusOf(user),
    tier: user.tier,
    xpPoints: user.xpPoints,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: iso(user.lastLoginAt),
  };
}

/** Everything an admin needs to judge a member: balances, risk, ledger, rewards, views and devices. */
export async function memberDetail(deps: AppDeps, userId: number): Promise<AdminMemberDetail> {
  const db: Executor = deps.db;
  const user = await findMemberForAdmin(db, userId);
  const now = deps.now();
  const [risk, ledger, xpLedgerSum, rewards, views, devices, violations] = await Promise.all([
    memberRisk(db, userId, now),
    memberLedger(db, userId),
    sumXpLedger(db, userId),
    recentMemberRewards(db, userId),
    recentViews(db, userId),
    memberDevices(db, userId),
    violationsOfMember(db, userId),
  ]);
  return {
    member: {
      ...toAdminMemberItem(user),
      lifetimeXp: user.lifetimeXp,
      prizePoints: user.prizePoints,
      isEmailVerified: user.isEmailVerified,
      isPhoneVerified: user.isPhoneVerified,
      isPlus: user.isPlus,
      suspendedAt: iso(user.suspendedAt),
      suspensionReason: user.suspensionReason,
      xpLedgerSum,
    },
    risk: { ...risk, summary: riskSummary(risk) },
    ledger: ledger.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
    rewards: rewards.map((row) => ({
      ...row,
      expiresAt: iso(row.expiresAt),
      createdAt: row.createdAt.toISOString(),
    })),
    views: views.map((row) => ({
      ...row,
      startedAt: iso(row.startedAt),
      completedAt: iso(row.completedAt),
    })),
    devices: await Promise.all(
      devices.map(async (device) => {
        const risk = await deviceRisk(db, device.fingerprint, now);
        return { ...device, lastSeen: iso(device.lastSeen), risk: { ...risk, summary: riskSummary(risk) } };
      }),
    ),
    violations: violations.map((row) => ({
      id: row.id,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
    })),
  };
}

import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";
import { ledgerEntries } from "../../db/schema/ledger";
import { referrals } from "../../db/schema/referrals";
import { watchProgress } from "../../db/schema/watch";

/**
 * What referrals needs to know about members, read here so the module never imports auth (auth calls
 * referrals at registration). Reads only; referrals.service.ts writes the referrals table.
 */

const liveMember = and(eq(users.isActive, true), isNull(users.deletedAt));

export interface ReferralMember {
  id: number;
  displayName: string;
  role: "user" | "staff" | "admin";
  referralCode: string | null;
  phoneNumber: string | null;
  signupFingerprint: string | null;
  activatedAt: Date | null;
  city: string | null;
  leaderboardOptOut: boolean;
  isLive: boolean;
}

const memberColumns = {
  id: users.id,
  displayName: users.displayName,
  role: users.role,
  referralCode: users.referralCode,
  phoneNumber: users.phoneNumber,
  signupFingerprint: users.signupFingerprint,
  activatedAt: users.activatedAt,
  city: users.city,
  leaderboardOptOut: users.leaderboardOptOut,
  isLive: sql<boolean>`(${users.isActive} and ${users.deletedAt} is null)`,
};

/** A live member account by id (the session's user), or undefined. */
export async function findLiveMember(db: Executor, userId: number): Promise<ReferralMember | undefined> {
  const [member] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, userId), liveMember))
    .limit(1);
  return member;
}

/** Any account by id, live or not (the referrer of a referral being settled). */
export async function findMember(db: Executor, userId: number): Promise<ReferralMember | undefined> {
  const [member] = await db.select(memberColumns).from(users).where(eq(users.id, userId)).limit(1);
  return member;
}

/** The live consumer whose own referral code this is. */
export async function findReferrerByCode(db: Executor, code: string): Promise<ReferralMember | undefined> {
  const [member] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.referralCode, code), eq(users.role, "user"), liveMember))
    .limit(1);
  return member;
}

/** Has the referrer ever used this device: at sign-up or on any view they watched? */
export async function referrerUsedDevice(
  db: Executor,
  referrer: ReferralMember,
  fingerprints: string[],
): Promise<boolean> {
  const devices = fingerprints.filter(Boolean);
  if (devices.length === 0) return false;
  if (referrer.signupFingerprint && devices.includes(referrer.signupFingerprint)) return true;
  const [seen] = await db
    .select({ id: watchProgress.id })
    .from(watchProgress)
    .where(
      and(
        eq(watchProgress.userId, referrer.id),
        isNotNull(watchProgress.deviceFingerprint),
        sql`${watchProgress.deviceFingerprint} in (${sql.join(
          devices.map((d) => sql`${d}`),
          sql`, `,
        )})`,
      ),
    )
    .limit(1);
  return seen !== undefined;
}

/** The people a member invited, newest first, with display names only. */
export async function listInvited(db: Executor, referrerId: number, limit = 100) {
  return db
    .select({
      displayName: sql<string | null>`${users.displayName}`,
      status: referrals.status,
      joinedAt: referrals.createdAt,
      completedAt: referrals.completedAt,
      cancelReason: referrals.cancelReason,
    })
    .from(referrals)
    .leftJoin(users, eq(users.id, referrals.referredId))
    .where(eq(referrals.referrerId, referrerId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id))
    .limit(limit);
}

/** XP the member's referrals actually paid: the ledger's truth, so a changed setting doesn't rewrite history. */
export async function sumReferralXp(db: Executor, userId: number): Promise<number> {
  const [row] = await db
    .select({ xp: sql<number>`coalesce(sum(${ledgerEntries.amount}), 0)::int` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.userId, userId),
        eq(ledgerEntries.currency, "xp"),
        sql`${ledgerEntries.idempotencyKey} like 'referral:%'`,
      ),
    );
  return row?.xp ?? 0;
}

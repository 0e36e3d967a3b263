import { and, count, eq } from "drizzle-orm";
import {
  type MyReferrals,
  type ReferralCancelReason,
  referralCancelReasons,
} from "../../../shared/contracts/referrals";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { referrals } from "../../db/schema/referrals";
import type { Saying } from "../../lib/i18n";
import { creditXp } from "../ledger";
import { readNumberSettings } from "../settings";
import {
  findLiveMember,
  findMember,
  findReferrerByCode,
  listInvited,
  type ReferralMember,
  referrerUsedDevice,
  sumReferralXp,
} from "./referrals.read-model";

/** The ledger key of a referral's XP: one credit per referred member, whatever path completes it. */
export const referralXpKey = (referredUserId: number) => `referral:${referredUserId}`;

export interface NewMemberReferral {
  referredUserId: number;
  /** The code from `?ref=`, already trimmed and upper-cased by the contract. */
  referralCode: string | undefined;
}

/**
 * Records who invited a member who just registered, in the registration's transaction. An unknown code,
 * the member's own code or a code of a closed account is ignored: an invite link never blocks a sign-up.
 * Returns whether a referral was recorded.
 */
export async function recordReferral(tx: Executor, input: NewMemberReferral): Promise<boolean> {
  if (!input.referralCode) return false;
  const referrer = await findReferrerByCode(tx, input.referralCode);
  if (!referrer || referrer.id === input.referredUserId) return false;
  const inserted = await tx
    .insert(referrals)
    .values({
      referrerId: referrer.id,
      referredId: input.referredUserId,
      referralCode: input.referralCode,
    })
    .onConflictDoNothing()
    .returning({ id: referrals.id });
  return inserted.length > 0;
}

/**
 * The inviter's notice, for the caller to hand to notifications' `notifyMember` (its MemberNotice shape).
 * Referrals does not import notifications itself: notifications reaches auth, which calls referrals.
 */
export interface ReferralNotice {
  userId: number;
  type: "referral_completed";
  title: string;
  message: Saying;
  link: string;
  dedupeKey: string;
}

export interface ReferralCompletion {
  /** The referred member whose verified watch just earned. */
  userId: number;
  /** The device the watch came from (X-Device-Fingerprint when it started). */
  fingerprint: string | null | undefined;
}

/**
 * Settles a referred member's pending referral when their verified watch earns, inside the watch's
 * transaction: the referrer gets the `xp_referral` setting once (ledger key `referral:<referredUserId>`)
 * and the referral becomes completed exactly once (a conditional update on pending). A self-referral
 * (a device or phone number the referrer uses) is cancelled instead and earns nothing. A member not yet
 * activated stays pending. Returns the referrer's notice for the caller to deliver, or null.
 */
export async function completeReferral(
  tx: Executor,
  completion: ReferralCompletion,
  now: Date,
): Promise<ReferralNotice | null> {
  const [referral] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.referredId, completion.userId), eq(referrals.status, "pending")))
    .limit(1);
  if (!referral) return null;

  const referred = await findMember(tx, completion.userId);
  if (!referred?.activatedAt) return null;
  const referrer = referral.referrerId ? await findMember(tx, referral.referrerId) : undefined;

  const reason = await whyItDoesNotCount(tx, referrer, referred, completion.fingerprint);
  if (reason || !referrer) {
    await tx
      .update(referrals)
      .set({ status: "cancelled", cancelReason: reason ?? "inviter_gone", updatedAt: now })
      .where(and(eq(referrals.id, referral.id), eq(referrals.status, "pending")));
    return null;
  }

  const [completed] = await tx
    .update(referrals)
    .set({ status: "completed", rewardGiven: true, completedAt: now, updatedAt: now })
    .where(and(eq(referrals.id, referral.id), eq(referrals.status, "pending")))
    .returning({ id: referrals.id });
  if (!completed) return null;

  const { xp_referral: xp } = await readNumberSettings(tx, ["xp_referral"]);
  if (xp > 0) {
    await creditXp(
      tx,
      {
        userId: referrer.id,
        amount: xp,
        reason: "referral",
        idempotencyKey: referralXpKey(completion.userId),
        sourceType: "referral",
        sourceId: referral.id,
      },
      now,
    );
  }
  return {
    userId: referrer.id,
    type: "referral_completed",
    title: "Your invite paid off",
    message:
      xp > 0
        ? {
            message: "{name} watched their first ad. You earned {xp} XP for inviting them.",
            values: { name: referred.displayName, xp },
          }
        : { message: "{name} watched their first ad.", values: { name: referred.displayName } },
    link: "/profile",
    dedupeKey: `referral_completed:${referral.id}`,
  };
}

/** A stored reason as the API names it; a referral cancelled without one counts as the inviter's absence. */
function cancelReasonOf(stored: string | null): ReferralCancelReason {
  return referralCancelReasons.find((reason) => reason === stored) ?? "inviter_gone";
}

/** The self-referral checks: one device or one phone number on both sides means one person. */
async function whyItDoesNotCount(
  tx: Executor,
  referrer: ReferralMember | undefined,
  referred: ReferralMember,
  fingerprint: string | null | undefined,
): Promise<ReferralCancelReason | null> {
  if (!referrer?.isLive) return "inviter_gone";
  if (referred.phoneNumber && referred.phoneNumber === referrer.phoneNumber) return "same_phone";
  const devices = [referred.signupFingerprint, fingerprint].filter((d): d is string => Boolean(d));
  if (await referrerUsedDevice(tx, referrer, devices)) return "same_device";
  return null;
}

/** The member's invite link, counts and invited people (GET /api/referrals/mine). */
export async function myReferrals(deps: AppDeps, userId: number): Promise<MyReferrals> {
  const member = await findLiveMember(deps.db, userId);
  const code = member?.referralCode ?? "";
  const [counts, invited, xpEarned] = await Promise.all([
    deps.db
      .select({ status: referrals.status, n: count() })
      .from(referrals)
      .where(eq(referrals.referrerId, userId))
      .groupBy(referrals.status),
    listInvited(deps.db, userId),
    sumReferralXp(deps.db, userId),
  ]);
  const byStatus = Object.fromEntries(counts.map((row) => [row.status, row.n])) as Record<string, number>;
  const completed = byStatus.completed ?? 0;
  return {
    code,
    link: `${deps.config.appUrl}/register?ref=${encodeURIComponent(code)}`,
    invited: (byStatus.pending ?? 0) + completed + (byStatus.cancelled ?? 0),
    pending: byStatus.pending ?? 0,
    completed,
    cancelled: byStatus.cancelled ?? 0,
    xpEarned,
    referrals: invited.map((row) => ({
      displayName: row.displayName ?? "A deleted account",
      status: row.status,
      joinedAt: row.joinedAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      cancelReason: row.status === "cancelled" ? cancelReasonOf(row.cancelReason) : null,
    })),
  };
}

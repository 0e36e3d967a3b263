import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { PlanId } from "../../../shared/plans";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { type HeldPhoneReward, heldPhoneRewards } from "../../db/schema/counter";
import { retryOnTransientConflict } from "../../lib/db-errors";
import { AppError, type ErrorCode } from "../../lib/errors";
import { verifiedPhoneOwnerSql } from "../auth";
import { findCompany } from "../companies";
import { memberInGoodStanding } from "../ledger";
import { stampAtCounter } from "../loyalty";
import { notifyMember } from "../notifications";
import { grantPoints } from "../points";
import { memberById } from "./phone-member";

/**
 * Stamps and points held for a number no member had verified land on the account that verifies it within
 * 30 days (docs/product-rules.md#counter-held-for-a-number), each told in the member's notification
 * centre: each held row is taken by one conditional update in the transaction that stamps the card or
 * grants the points (and writes the notice), so it lands once however many verifications or confirms run
 * at the same moment.
 */

/** Rules that refuse a held reward for good when it comes to land (the day's stamp already given, …). */
const finalRefusals = new Set<ErrorCode>([
  "DAILY_LIMIT",
  "NO_PROGRAM",
  "BELOW_MINIMUM",
  "CARD_LIMIT",
  "POINTS_LIMIT",
  "ALLOCATION_USED",
  "MEMBER_SUSPENDED",
]);

/** Lands everything held for the number on the member who verified it; answers how many landed. */
export async function landHeldRewards(deps: AppDeps, userId: number, phoneNumber: string): Promise<number> {
  const now = deps.now();
  const waiting = await deps.db
    .select()
    .from(heldPhoneRewards)
    .where(
      and(
        eq(heldPhoneRewards.phoneNumber, phoneNumber),
        isNull(heldPhoneRewards.landedAt),
        gt(heldPhoneRewards.claimUntil, now),
      ),
    )
    .orderBy(asc(heldPhoneRewards.heldAt), asc(heldPhoneRewards.id));
  let landed = 0;
  for (const held of waiting) {
    if (await landOne(deps, userId, held, now)) landed++;
  }
  return landed;
}

async function landOne(deps: AppDeps, userId: number, held: HeldPhoneReward, now: Date): Promise<boolean> {
  try {
    return await retryOnTransientConflict(() =>
      deps.db.transaction(async (tx) => {
        if (!(await takeHeld(tx, held, userId, now, "landed"))) return false;
        if (held.stamps > 0) await landStamp(tx, userId, held, now);
        else await landPoints(tx, userId, held, now);
        return true;
      }),
    );
  } catch (error) {
    if (!(error instanceof AppError && finalRefusals.has(error.code))) throw error;
    // Refused by a rule of the counter: recorded, and never tried again.
    await takeHeld(deps.db, held, userId, now, error.code);
    return false;
  }
}

/** One conditional update: the held row is still waiting, in time, and the member still owns the number. */
async function takeHeld(db: Executor, held: HeldPhoneReward, userId: number, now: Date, outcome: string) {
  const [taken] = await db
    .update(heldPhoneRewards)
    .set({ landedAt: now, landedUserId: userId, landOutcome: outcome })
    .where(
      and(
        eq(heldPhoneRewards.id, held.id),
        isNull(heldPhoneRewards.landedAt),
        gt(heldPhoneRewards.claimUntil, now),
        sql`${verifiedPhoneOwnerSql(held.phoneNumber)} = ${userId}::integer`,
      ),
    )
    .returning({ id: heldPhoneRewards.id });
  return taken !== undefined;
}

/** The held stamp, as the counter would have stamped it on the day it was given (that day's limit applies). */
async function landStamp(tx: Executor, userId: number, held: HeldPhoneReward, now: Date) {
  const member = await memberById(tx, userId, held.companyId, held.heldAt, true);
  if (!member?.cardState) throw new AppError("MEMBER_SUSPENDED", "This account can't collect stamps.");
  await stampAtCounter(
    tx,
    {
      userId,
      memberName: member.summary.displayName,
      companyId: held.companyId,
      purchasePesewas: held.purchasePesewas ?? undefined,
      staffId: held.staffId,
      qrCodeData: `phone-checkin:${held.checkinId}`,
      method: "phone",
      ipAddress: "held",
      deviceFingerprint: undefined,
      scannedAt: held.heldAt,
      state: member.cardState,
      memberInGoodStanding: memberInGoodStanding(userId),
      // Given at the counter when it was held; whoever gave it need not still work there.
      staffOnDuty: sql`true`,
    },
    now,
  );
}

/** The held points, from the shop's allocation and within the member's day, as a grant now. */
async function landPoints(tx: Executor, userId: number, held: HeldPhoneReward, now: Date) {
  const member = await memberById(tx, userId, held.companyId, now, false);
  const company = await findCompany(tx, held.companyId);
  if (!member || !company) throw new AppError("MEMBER_SUSPENDED", "This account can't collect points.");
  await grantPoints(
    tx,
    {
      companyId: held.companyId,
      plan: company.plan as PlanId,
      userId,
      memberName: member.summary.displayName,
      points: held.points,
      purchasePesewas: held.purchasePesewas ?? undefined,
      note: "Held for the customer's phone number",
      staffName: "Phone check-in",
      staffId: held.staffId,
      merchantDevice: undefined,
    },
    now,
  );
  // The member wasn't at the counter when these were given: told as a landed stamp is (loyalty's stamp notice).
  await notifyMember(
    tx,
    {
      userId,
      type: "points_added",
      title: "Points added",
      message: {
        message: "{points} points from {shop}, held for your phone number, are now yours.",
        values: { points: held.points, shop: company.name },
      },
      link: "/loyalty-dashboard",
      dedupeKey: `held_points:${held.id}`,
    },
    now,
  );
}

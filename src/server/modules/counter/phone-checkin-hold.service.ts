import { and, eq, lt, sql } from "drizzle-orm";
import { startOfAccraDay } from "../../../shared/accra-time";
import type { PhoneCheckinResult } from "../../../shared/contracts/counter";
import type { Language } from "../../../shared/i18n/languages";
import type { PlanId } from "../../../shared/plans";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { executeRows } from "../../db/prepared";
import { heldPhoneRewards, type PhoneCheckin, phoneCheckins, phoneInvites } from "../../db/schema/counter";
import { queueSms } from "../../integrations/message-queue/message-queue";
import { retryOnTransientConflict } from "../../lib/db-errors";
import { AppError } from "../../lib/errors";
import type { CounterActorRecord } from "../companies";
import { allocationThisMonth, dailyPointsLimit } from "../points";
import { countCounterText } from "./counter-texts.service";
import {
  closedMessage,
  expiredMessage,
  findCheckin,
  maskPhone,
  maxWrongCodes,
  notHeld,
  refuseStampEarly,
  replayed,
} from "./phone-checkin-rows";
import { inviteText } from "./phone-checkin-texts";
import { newInviteToken } from "./phone-invite-token";
import { type Said, saying } from "./scan-log";

/*
 * Holding a stamp or points for a number no member has verified yet, within the shop's limits, and the
 * invitation texted to it (docs/product-rules.md#counter-phone-check-ins).
 */

/** How long a stamp or points wait for the number to be verified. */
export const holdDays = 30;

/**
 * Holds the stamp or points for a number no member has verified, within the counter's limits for that
 * number at this shop (one held stamp and at most the daily points limit a day, and points only from an
 * allocation that has them), and invites the number once per shop
 * (docs/product-rules.md#counter-phone-invite-once).
 */
export async function holdForNumber(
  deps: AppDeps,
  actor: CounterActorRecord,
  checkin: PhoneCheckin,
  now: Date,
  language: Language,
): Promise<Said<PhoneCheckinResult>> {
  const outcome = await retryOnTransientConflict(() =>
    deps.db.transaction(async (tx) => {
      // One number's holds at one shop are decided one at a time, so the day's limits hold under parallel confirms.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`phone_hold:${checkin.companyId}:${checkin.phoneNumber}`}))`,
      );
      const taken = await tx
        .update(phoneCheckins)
        .set({ status: "held", confirmedAt: now })
        .where(
          and(
            eq(phoneCheckins.id, checkin.id),
            eq(phoneCheckins.status, "code_sent"),
            lt(phoneCheckins.wrongAttempts, maxWrongCodes),
            sql`${phoneCheckins.expiresAt} > ${now.toISOString()}::timestamptz`,
          ),
        )
        .returning({ id: phoneCheckins.id });
      if (taken.length === 0) return undefined;
      await refuseBeyondHoldLimits(tx, actor, checkin, now);
      const claimUntil = new Date(now.getTime() + holdDays * 24 * 60 * 60 * 1000);
      await tx.insert(heldPhoneRewards).values({
        checkinId: checkin.id,
        companyId: checkin.companyId,
        staffId: checkin.staffId,
        phoneNumber: checkin.phoneNumber,
        stamps: checkin.action === "stamp" ? 1 : 0,
        points: checkin.action === "points" ? (checkin.points ?? 0) : 0,
        purchasePesewas: checkin.purchasePesewas,
        heldAt: now,
        claimUntil,
      });
      const invite = newInviteToken();
      const invited = await tx
        .insert(phoneInvites)
        .values({
          companyId: checkin.companyId,
          phoneNumber: checkin.phoneNumber,
          checkinId: checkin.id,
          sentAt: now,
          tokenHash: invite.tokenHash,
        })
        .onConflictDoNothing()
        .returning({ companyId: phoneInvites.companyId });
      const inviting = invited.length > 0 && (await inviteWithinCaps(tx, actor, checkin, now));
      if (inviting)
        await queueSms(tx, {
          to: checkin.phoneNumber,
          text: inviteText(deps, language, actor, checkin, invite.token),
          key: `phone-invite:${checkin.companyId}:${checkin.phoneNumber}`,
          waitedFor: false,
        });
      const answer = heldAnswer(checkin, claimUntil);
      await tx
        .update(phoneCheckins)
        .set({ answer, smsSent: inviting ? 2 : 1 })
        .where(eq(phoneCheckins.id, checkin.id));
      return { answer };
    }),
  );
  if (!outcome) {
    // A parallel confirm took it first: its answer, or why it can't be confirmed any more.
    const now2 = await findCheckin(deps.db, actor.companyId, checkin.id);
    if (now2.answer) return replayed(now2.answer);
    throw new AppError("EXPIRED_CODE", now2.wrongAttempts >= maxWrongCodes ? closedMessage : expiredMessage);
  }
  return outcome.answer;
}

/**
 * The invite is a text like the code, under the same caps. Past one, the hold still stands and the
 * invite waits for the number's next hold at this shop (its invite row is taken back).
 */
async function inviteWithinCaps(tx: Executor, actor: CounterActorRecord, checkin: PhoneCheckin, now: Date) {
  if ((await countCounterText(tx, actor, checkin.phoneNumber, now)) === null) return true;
  await tx
    .delete(phoneInvites)
    .where(
      and(eq(phoneInvites.companyId, checkin.companyId), eq(phoneInvites.phoneNumber, checkin.phoneNumber)),
    );
  return false;
}

async function refuseBeyondHoldLimits(
  tx: Executor,
  actor: CounterActorRecord,
  checkin: PhoneCheckin,
  now: Date,
) {
  const today = startOfAccraDay(now).toISOString();
  const heldSoFar = sql`
    select count(*) filter (where stamps > 0)::int as stamps, coalesce(sum(points), 0)::int as points
    from ${heldPhoneRewards}
    where company_id = ${checkin.companyId}::integer and phone_number = ${checkin.phoneNumber}::text
      and held_at >= ${today}::timestamptz`;
  const [heldToday] = await executeRows<{ stamps: number; points: number }>(tx, heldSoFar);
  if (checkin.action === "stamp") {
    if ((heldToday?.stamps ?? 0) > 0) {
      throw new AppError(
        "DAILY_LIMIT",
        "This number already has today's stamp held here. Come back tomorrow!",
      );
    }
    await refuseStampEarly(
      tx,
      checkin.companyId,
      checkin.purchasePesewas === null ? undefined : checkin.purchasePesewas / 100,
    );
    return;
  }
  const points = checkin.points ?? 0;
  const limit = await dailyPointsLimit(tx);
  if ((heldToday?.points ?? 0) + points > limit) {
    throw new AppError("POINTS_LIMIT", {
      message: "At most {limit} points a day can be held for one number here.",
      values: { limit },
    });
  }
  const allocation = await allocationThisMonth(tx, actor.companyId, actor.plan as PlanId, now);
  if (allocation.remaining < points) {
    throw new AppError("ALLOCATION_USED", {
      message: "This month's points allocation has {remaining} points left.",
      values: { remaining: allocation.remaining },
    });
  }
}

function heldAnswer(checkin: PhoneCheckin, claimUntil: Date): Said<PhoneCheckinResult> {
  const phone = maskPhone(checkin.phoneNumber);
  const answer = {
    ...notHeld,
    ok: true as const,
    held: true,
    action: checkin.action === "points" ? ("points" as const) : ("stamp" as const),
    alreadyApplied: false,
    member: null,
    card: null,
    points: checkin.action === "points" ? checkin.points : null,
    claimUntil: claimUntil.toISOString(),
  };
  return checkin.action === "points"
    ? saying(
        answer,
        "{points} points are held for {phone} for 30 days: they land when the customer joins Anigye and verifies this number.",
        { points: checkin.points ?? 0, phone },
      )
    : saying(
        answer,
        "A stamp is held for {phone} for 30 days: it lands when the customer joins Anigye and verifies this number.",
        { phone },
      );
}

import { type SQL, sql } from "drizzle-orm";
import { startOfAccraDay } from "../../../shared/accra-time";
import type { RedemptionMethod } from "../../../shared/contracts/counter";
import type { Executor } from "../../db/client";
import { columnNames, executeNamed } from "../../db/prepared";
import { redemptions } from "../../db/schema/redemptions";
import { AppError } from "../../lib/errors";
import { takeRedemptionSql } from "../ads";
import { memberNotSuspended } from "../auth";
import { xpCreditCtes } from "../ledger";
import { markRewardUsedSql, type RewardToRedeem } from "../rewards";

export interface RedemptionWrite {
  method: RedemptionMethod;
  redemptionNumber: string;
  /** The nonce of the scanned reward QR (qr). */
  qrNonce?: string;
  staffId: number | null;
  staffName: string | null;
  /** The branch it was redeemed at (docs/product-rules.md#counter-branch-of-a-scan). */
  branchId: number | null;
  /** When the server received the request (later than the redemption for a queued scan). */
  receivedAt?: Date;
  location?: string;
  proofUrl?: string;
  ipAddress: string;
  userAgent: string | undefined;
  deviceFingerprint: string | undefined;
}

/** The redemption statement's one row: the caps' counts as it saw them, and what it took. */
interface Outcome {
  today: number;
  this_week: number;
  member_ok: boolean;
  taken: boolean;
  redemption_id: number | null;
}

/** The redemptions table's columns by their schema names, each rendering its bare name (see columnNames). */
const redemption = columnNames(redemptions);

/**
 * Writes a redemption in one statement: the ad's daily and weekly caps and the member's standing are
 * checked, then the ad's redemption is taken (its maximum re-checked) and counted in the day's stats, the
 * reward is marked used (still unused, unexpired, its newest QR) and the redemption row is inserted; all
 * of it or nothing. The caller read the reward with its ad's row locked (findRewardToRedeem), so this
 * statement's counts include every earlier redemption of the ad. Returns the redemption's id, or
 * undefined when the reward changed since it was read (the caller says how); a cap or a suspension is
 * refused here. `xp` (more than 0) is credited to the member by the same statement, keyed by the redemption.
 */
export async function writeRedemption(
  tx: Executor,
  reward: RewardToRedeem,
  write: RedemptionWrite,
  { xp, now }: { xp: number; now: Date },
): Promise<number | undefined> {
  const { dailyRedemptionCap: daily, weeklyRedemptionCap: weekly } = reward.ad;
  const withinCaps = sql`${daily ? sql`today < ${daily}` : sql`true`} and ${weekly ? sql`this_week < ${weekly}` : sql`true`}`;
  const ad = takeRedemptionSql(reward.adId, now, sql`(select may_redeem from checks)`);
  const used = markRewardUsedSql(reward.id, write, now, sql`exists (select 1 from ${ad.taken})`);
  const { rows } = await executeNamed<Outcome>(
    tx,
    "redemption_write",
    sql`
    with counted as (
      select ${daily ? redemptionsSince(reward.adId, startOfAccraDay(now)) : sql`0`} as today,
        ${weekly ? redemptionsSince(reward.adId, startOfIsoWeek(now)) : sql`0`} as this_week,
        ${reward.userId === null ? sql`true` : memberNotSuspended(reward.userId)} as member_ok
    ),
    checks as (select counted.*, member_ok and ${withinCaps} as may_redeem from counted),
    ${ad.ctes},
    used as (${used}),
    redeemed as (${insertRedemption(reward, write, now)})
    ${redemptionXpCtes(reward.userId, xp, now)}
    select today, this_week, member_ok, exists (select 1 from ${ad.taken}) as taken,
      (select id from redeemed) as redemption_id
    from checks`,
  );
  const [outcome] = rows;
  if (outcome?.redemption_id) return outcome.redemption_id;
  if (outcome && !outcome.taken) refuseTaking(reward, write.method, outcome);
  return undefined;
}

/** The member's XP for a redemption, as more of the redemption's common table expressions; none for 0. */
function redemptionXpCtes(userId: number | null, xp: number, now: Date): SQL {
  if (userId === null || xp <= 0) return sql``;
  const credit = {
    userId,
    amount: xp,
    reason: "redemption",
    idempotencyKey: sql`'redemption:' || redeemed.id`,
    sourceType: "redemption",
    sourceId: sql`redeemed.id`,
    from: sql`redeemed`,
  };
  return sql`, ${xpCreditCtes(credit, now)}`;
}

function insertRedemption(reward: RewardToRedeem, write: RedemptionWrite, now: Date): SQL {
  return sql`insert into ${redemptions} (${redemption.userId}, ${redemption.adId}, ${redemption.rewardId},
      ${redemption.companyId}, ${redemption.method}, ${redemption.status}, ${redemption.proofUrl}, ${redemption.location},
      ${redemption.redemptionNumber}, ${redemption.staffMember}, ${redemption.staffId}, ${redemption.branchId},
      ${redemption.ipAddress}, ${redemption.userAgent}, ${redemption.deviceFingerprint}, ${redemption.timestamp},
      ${redemption.createdAt})
    select ${reward.userId}::integer, ${reward.adId}::integer, used.id, ${reward.companyId}::integer,
      ${write.method}::redemption_method, 'complete'::redemption_status, ${write.proofUrl ?? null}::text,
      ${write.location ?? null}::text, ${write.redemptionNumber}::text, ${write.staffName}::text,
      ${write.staffId}::integer, ${write.branchId}::integer, ${write.ipAddress}::text, ${write.userAgent?.slice(0, 300) ?? null}::text,
      ${write.deviceFingerprint?.slice(0, 200) ?? null}::text, ${now.toISOString()}::timestamptz,
      ${(write.receivedAt ?? now).toISOString()}::timestamptz
    from used
    returning ${redemption.id}`;
}

/** The ad's live redemptions (pending or complete) from a moment on: the period caps count these. */
function redemptionsSince(adId: number, from: Date): SQL {
  return sql`(select count(*) from ${redemptions} where ${redemption.adId} = ${adId}
    and ${redemption.timestamp} >= ${from.toISOString()}::timestamptz
    and ${redemption.status} in ('pending', 'complete'))::integer`;
}

/** Monday 00:00 in Accra (ISO weeks; Accra is UTC all year). */
function startOfIsoWeek(now: Date): Date {
  const day = startOfAccraDay(now);
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * 24 * 60 * 60 * 1000);
}

/** Why the ad's redemption was not taken, in the order staff and members have always been told. */
function refuseTaking(reward: RewardToRedeem, method: RedemptionMethod, outcome: Outcome): never {
  const { dailyRedemptionCap: daily, weeklyRedemptionCap: weekly } = reward.ad;
  if (daily && outcome.today >= daily) {
    throw new AppError("CAP_REACHED", {
      message: "This offer's daily limit of {cap} redemptions is reached. Try again tomorrow.",
      values: { cap: daily },
    });
  }
  if (weekly && outcome.this_week >= weekly) {
    throw new AppError("CAP_REACHED", {
      message: "This offer's weekly limit of {cap} redemptions is reached. Try again next week.",
      values: { cap: weekly },
    });
  }
  if (!outcome.member_ok) {
    throw new AppError(
      "MEMBER_SUSPENDED",
      method === "qr"
        ? "This customer's account is suspended, so their rewards can't be used."
        : "Your account is suspended, so your rewards can't be used.",
    );
  }
  throw maximumReached();
}

export function maximumReached(): AppError {
  return new AppError(
    "CAP_REACHED",
    "This offer has reached its limit of redemptions. It can't be used any more.",
  );
}

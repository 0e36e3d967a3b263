import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { executeNamed, executeRows } from "../../db/prepared";
import {
  type MemberAtCounter,
  memberAtCounterFrom,
  memberAtCounterSql,
  verifiedPhoneOwnerSql,
} from "../auth";
import { memberSuspendedAtCounter } from "../ledger";
import { type StampCardState, stampCardStateFrom, stampCardStateSql } from "../loyalty";
import { pointsReceivedTodaySql } from "../points";

export interface PhoneMember {
  summary: MemberAtCounter;
  pointsToday: number;
  cardState: StampCardState | undefined;
}

type MemberRow = {
  member: Parameters<typeof memberAtCounterFrom>[0] | null;
  points_today: number | string | null;
  card_state: Parameters<typeof stampCardStateFrom>[0] | null;
};

/**
 * The member `who` names (an expression: a verified number's owner, or an id), as the counter reads a
 * scanned member: one statement with their points today and, for a stamp, their card at this shop.
 * Undefined when nobody (or a closed account) answers to it.
 */
async function memberAt(
  tx: Executor,
  name: string,
  who: SQL,
  companyId: number,
  at: Date,
  withCard: boolean,
): Promise<PhoneMember | undefined> {
  const owner = sql`who.id`;
  const { rows } = await executeNamed<MemberRow>(
    tx,
    name,
    sql`
    with who as (select ${who} as id)
    select ${memberAtCounterSql(owner)} as member, ${pointsReceivedTodaySql(owner, at)} as points_today,
      ${withCard ? stampCardStateSql(owner, companyId, at) : sql`null`} as card_state
    from who where who.id is not null`,
  );
  const [row] = rows;
  const summary = row?.member ? memberAtCounterFrom(row.member) : undefined;
  if (!row || !summary) return undefined;
  return {
    summary,
    pointsToday: Number(row.points_today ?? 0),
    cardState: row.card_state ? stampCardStateFrom(row.card_state) : undefined,
  };
}

/** The member who verified this number, refused when suspended (as a scan of their code would be). */
export async function memberOfVerifiedPhone(
  tx: Executor,
  phoneNumber: string,
  companyId: number,
  at: Date,
  withCard: boolean,
): Promise<PhoneMember | undefined> {
  const member = await memberAt(
    tx,
    "phone_checkin_member",
    verifiedPhoneOwnerSql(phoneNumber),
    companyId,
    at,
    withCard,
  );
  if (member && !member.summary.isActive) {
    throw memberSuspendedAtCounter();
  }
  return member;
}

/** A member by id, as `memberOfVerifiedPhone` reads them (for held rewards landing on their account). */
export function memberById(tx: Executor, userId: number, companyId: number, at: Date, withCard: boolean) {
  return memberAt(tx, "held_reward_member", sql`${userId}::integer`, companyId, at, withCard);
}

/** Whether some member has verified this number (one statement). */
export async function verifiedOwnerOf(db: Executor, phoneNumber: string): Promise<number | null> {
  const [row] = await executeRows<{ id: number | null }>(
    db,
    sql`select ${verifiedPhoneOwnerSql(phoneNumber)} as id`,
  );
  return row?.id ?? null;
}

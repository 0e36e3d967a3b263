import { and, eq, isNull, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";
import { AppError } from "../../lib/errors";

export interface MemberSummary {
  id: number;
  /** What staff may see at the counter: a first name, never the email or phone. */
  displayName: string;
  tier: string;
}

function firstNameOf(member: { displayName: string | null; username: string }): string {
  return (member.displayName ?? member.username).trim().split(/\s+/)[0] ?? member.username;
}

/**
 * The member named by `userId` (a column or expression of the caller's statement) as one JSON value, so
 * another module reads them inside its own statement: null for a closed account, and also for a
 * suspended one when `onlyActive`.
 */
function memberJsonSql(userId: SQLWrapper, onlyActive: boolean): SQL {
  return sql`(select json_build_object('id', ${users.id}, 'displayName', ${users.displayName},
    'username', ${users.username}, 'tier', ${users.tier}, 'isActive', ${users.isActive})
    from ${users} where ${users.id} = ${userId} and ${users.deletedAt} is null
    ${onlyActive ? sql`and ${users.isActive}` : sql``})`;
}

/** The little staff are shown about a member, as one column of another module's read: null for a suspended or closed account. */
export function memberSummaryColumn(userId: SQLWrapper): SQL<MemberSummary | null> {
  return memberJsonSql(userId, true).mapWith((value: string | SummaryRow) => {
    const member: SummaryRow = typeof value === "string" ? JSON.parse(value) : value;
    return { id: member.id, displayName: firstNameOf(member), tier: member.tier };
  });
}

type SummaryRow = { id: number; displayName: string | null; username: string; tier: string };

/**
 * A condition for a statement that uses a member's reward or credit: false only while the account is
 * suspended (a closed account's history is kept and its rewards can still be handed over). Part of that
 * statement, so re-checking standing costs no round trip.
 */
export function memberNotSuspended(userId: number): SQL<boolean> {
  return sql<boolean>`not exists (select 1 from ${users} where ${users.id} = ${userId}
    and not ${users.isActive} and ${users.deletedAt} is null)`;
}

/**
 * The member about to earn or redeem, locked for the rest of the caller's transaction, so a suspension
 * either commits first (and is refused here) or waits until this earning has committed. Undefined for a
 * closed (deleted) account; a suspended one is refused with `suspendedMessage`.
 */
export async function lockMemberInGoodStanding(
  tx: Executor,
  userId: number,
  suspendedMessage: string,
): Promise<MemberSummary | undefined> {
  const [member] = await tx
    .select({
      id: users.id,
      displayName: users.displayName,
      username: users.username,
      tier: users.tier,
      isActive: users.isActive,
    })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .for("no key update");
  if (!member) return undefined;
  if (!member.isActive) throw new AppError("MEMBER_SUSPENDED", suspendedMessage);
  return { id: member.id, displayName: firstNameOf(member), tier: member.tier };
}

/** A member as staff see them at the counter, and whether they may earn (read inside a counter's statement). */
export interface MemberAtCounter extends MemberSummary {
  isActive: boolean;
}

/** The member as the counter reads them in the statement that finds their code, suspended or not. */
export function memberAtCounterSql(userId: SQL): SQL {
  return memberJsonSql(userId, false);
}

export function memberAtCounterFrom(
  json: { id: number; displayName: string | null; username: string; tier: string; isActive: boolean } | null,
): MemberAtCounter | undefined {
  if (!json) return undefined;
  return { id: json.id, displayName: firstNameOf(json), tier: json.tier, isActive: json.isActive };
}

/**
 * The member who verified this phone number (E.164), as an expression of the caller's statement: null
 * when no live account has. A verified number belongs to one account at a time.
 */
export function verifiedPhoneOwnerSql(phoneNumber: string): SQL<number | null> {
  return sql<
    number | null
  >`(select ${users.id} from ${users} where ${users.phoneNumber} = ${phoneNumber}::text
    and ${users.isPhoneVerified} and ${users.deletedAt} is null order by ${users.id} limit 1)`;
}

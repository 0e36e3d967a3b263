import { sql } from "drizzle-orm";
import type { PlanId } from "../../../shared/plans";
import type { Executor } from "../../db/client";
import { executeNamed } from "../../db/prepared";
import { AppError } from "../../lib/errors";
import { type MemberAtCounter, memberAtCounterFrom, memberAtCounterSql } from "../auth";
import { memberPrizePointsSql, memberSuspendedAtCounter } from "../ledger";
import {
  presentedMemberCodeSql,
  type ScannedMember,
  type StampCardState,
  scannedMemberFrom,
  stampCardStateFrom,
  stampCardStateSql,
} from "../loyalty";
import { type GrantLimits, grantLimitsFrom, grantLimitsSql, pointsReceivedTodaySql } from "../points";
import {
  AnsweredBefore,
  type LogDraft,
  type LoggedAnswer,
  loggedAnswerSql,
  refuseIfBackdated,
  type ScanContext,
  throwIfAnsweredBefore,
} from "./scan-log";

export interface Scanned {
  code: ScannedMember;
  summary: MemberAtCounter;
  pointsToday: number;
  /** The shop's program and the member's card here, when asked for (a stamp). */
  cardState: StampCardState | undefined;
  /** The settings a point grant is held to, when asked for (a grant). */
  grantLimits: GrantLimits | undefined;
  /** The member's prize points, with the grant's settings (a grant knows its draw entry before it writes). */
  prizePoints: number | undefined;
}

type CodeRow = Parameters<typeof scannedMemberFrom>[0];

/** The statement's one row: the code's columns are null when no live code matched. */
type ScannedRow = (CodeRow | { [K in keyof CodeRow]: null }) & {
  member: Parameters<typeof memberAtCounterFrom>[0];
  points_today: number | string | null;
  card_state: Parameters<typeof stampCardStateFrom>[0] | null;
  grant_limits: Parameters<typeof grantLimitsFrom>[1] | null;
  prize_points: number | null;
  /** The answer logged under the scan's key, when the statement was asked to read it (a live scan). */
  logged: LoggedAnswer | null;
};

/**
 * The member whose code staff presented, in one statement: the code (marked used when asked; a refusal
 * rolls that back), the member as staff see them, their points today, for a stamp their card here, for a
 * grant the settings it is held to and, for a live scan, an earlier answer under its key (then nothing is
 * done: AnsweredBefore).
 */
export async function scannedMember(
  tx: Executor,
  context: ScanContext,
  presented: string,
  log: LogDraft,
  options: {
    withCard: boolean;
    grantLimitsFor?: PlanId;
    /** The read marks the code used (in the scan's transaction); else the write that accepts the scan does. */
    markUsed: boolean;
  },
): Promise<Scanned> {
  const code = presentedMemberCodeSql(presented, context.scannedAt, context.now, options);
  if (!code) {
    await throwIfAnsweredBefore(tx, context);
    throw unknownCode();
  }
  const owner = sql`code.user_id`;
  const { rows } = await executeNamed<ScannedRow>(
    tx,
    "scanned_member",
    sql`
    with code as materialized (${code.sql})
    select code.*, ${memberAtCounterSql(owner)} as member,
      ${pointsReceivedTodaySql(owner, context.scannedAt)} as points_today,
      ${options.withCard ? stampCardStateSql(owner, context.actor.companyId, context.scannedAt) : sql`null`} as card_state,
      ${options.grantLimitsFor ? grantLimitsSql(options.grantLimitsFor) : sql`null`} as grant_limits,
      ${options.grantLimitsFor ? memberPrizePointsSql(owner) : sql`null::integer`} as prize_points,
      ${context.logUnread ? loggedAnswerSql(context) : sql`null`} as logged
    from (select 1) as one left join code on true`,
  );
  const [row] = rows;
  // An earlier answer under the key is the answer, whether or not the code is still known.
  if (row?.logged) throw new AnsweredBefore(row.logged);
  if (!row || row.user_id === null) throw unknownCode();
  const scanned = scannedMemberFrom(row, code.typed, context.scannedAt);
  log.userId = scanned.userId;
  refuseIfBackdated(context);
  const summary = memberAtCounterFrom(row.member);
  if (!summary) throw new AppError("UNKNOWN_CODE", "This member's account is closed.");
  if (!summary.isActive) {
    throw memberSuspendedAtCounter();
  }
  return {
    code: scanned,
    summary,
    pointsToday: Number(row.points_today ?? 0),
    cardState: row.card_state ? stampCardStateFrom(row.card_state) : undefined,
    grantLimits:
      options.grantLimitsFor && row.grant_limits
        ? grantLimitsFrom(options.grantLimitsFor, row.grant_limits)
        : undefined,
    prizePoints: row.prize_points ?? undefined,
  };
}

function unknownCode() {
  return new AppError(
    "UNKNOWN_CODE",
    "We don't recognise this code. Ask the customer to open their Anigye loyalty card and try again.",
  );
}

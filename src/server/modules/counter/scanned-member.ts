import { sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { executeNamed } from "../../db/prepared";
import { AppError } from "../../lib/errors";
import { type MemberAtCounter, memberAtCounterFrom, memberAtCounterSql } from "../auth";
import {
  presentedMemberCodeSql,
  type ScannedMember,
  type StampCardState,
  scannedMemberFrom,
  stampCardStateFrom,
  stampCardStateSql,
} from "../loyalty";
import { pointsReceivedTodaySql } from "../points";
import { type LogDraft, refuseIfBackdated, type ScanContext } from "./scan-log";

export interface Scanned {
  code: ScannedMember;
  summary: MemberAtCounter;
  pointsToday: number;
  /** The shop's program and the member's card here, when asked for (a stamp). */
  cardState: StampCardState | undefined;
}

type ScannedRow = Parameters<typeof scannedMemberFrom>[0] & {
  member: Parameters<typeof memberAtCounterFrom>[0];
  points_today: number | string | null;
  card_state: Parameters<typeof stampCardStateFrom>[0] | null;
};

/**
 * The member whose code staff presented, in one statement: the code (marked used; a refusal rolls that
 * back), the member as staff see them, their points today and, for a stamp, their card here.
 */
export async function scannedMember(
  tx: Executor,
  context: ScanContext,
  presented: string,
  log: LogDraft,
  options: { withCard: boolean },
): Promise<Scanned> {
  const code = presentedMemberCodeSql(presented, context.scannedAt, context.now);
  if (!code) throw unknownCode();
  const owner = sql`code.user_id`;
  const { rows } = await executeNamed<ScannedRow>(
    tx,
    "scanned_member",
    sql`
    with code as (${code.sql})
    select code.*, ${memberAtCounterSql(owner)} as member,
      ${pointsReceivedTodaySql(owner, context.scannedAt)} as points_today,
      ${options.withCard ? stampCardStateSql(owner, context.actor.companyId, context.scannedAt) : sql`null`} as card_state
    from code`,
  );
  const [row] = rows;
  if (!row) throw unknownCode();
  const scanned = scannedMemberFrom(row, code.typed, context.scannedAt);
  log.userId = scanned.userId;
  refuseIfBackdated(context);
  const summary = memberAtCounterFrom(row.member);
  if (!summary) throw new AppError("UNKNOWN_CODE", "This member's account is closed.");
  if (!summary.isActive) {
    throw new AppError(
      "MEMBER_SUSPENDED",
      "This customer's account is suspended, so it can't collect stamps, points or rewards.",
    );
  }
  return {
    code: scanned,
    summary,
    pointsToday: Number(row.points_today ?? 0),
    cardState: row.card_state ? stampCardStateFrom(row.card_state) : undefined,
  };
}

function unknownCode() {
  return new AppError(
    "UNKNOWN_CODE",
    "We don't recognise this code. Ask the customer to open their Anigye loyalty card and try again.",
  );
}

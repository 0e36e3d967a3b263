import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { startOfAccraDay } from "../../../shared/accra-time";
import type {
  CounterDashboard,
  CounterLogEntry,
  CounterTexts,
  CounterTotals,
} from "../../../shared/contracts/counter";
import type { Language } from "../../../shared/i18n/languages";
import type { Executor } from "../../db/client";
import { users } from "../../db/schema/auth";
import { companyBranches, companyStaff } from "../../db/schema/companies";
import { heldPhoneRewards, phoneCheckins, qrScanLogs } from "../../db/schema/counter";
import { redemptions } from "../../db/schema/redemptions";
import { type Saying, sayingText, translateMessage } from "../../lib/i18n";
import { maskPhone } from "./phone-checkin-rows";

// The counter's log and dashboard: scan logs with the staff member's and member's names (counter,
// companies and auth tables).

/** Who scanned, when it was the owner from the dashboard (no staff member): said in the staff's language. */
const ownerLabel = "Owner";

/**
 * A log line's message in the staff's language: an accepted scan's answer keeps what it said unfilled
 * (`said`); a refusal is the English of its error, translated when the catalog has it.
 */
function loggedMessage(log: typeof qrScanLogs.$inferSelect, language: Language): string {
  const said = (log.response as { said?: Saying } | null)?.said;
  return said ? sayingText(said, language) : translateMessage(log.message, language);
}

/** The most lines the log shows. */
const logLength = 100;

/**
 * Today's counter log for the shop, newest first: every scan (phone check-ins confirmed for a member are
 * scans too), and every phone check-in held for a number no member has verified.
 */
export async function listCounterLog(
  db: Executor,
  companyId: number,
  now: Date,
  language: Language,
): Promise<CounterLogEntry[]> {
  const dayStart = startOfAccraDay(now);
  const [scans, held] = await Promise.all([
    db
      .select({
        log: qrScanLogs,
        staffName: companyStaff.name,
        memberName: sql<string | null>`split_part(coalesce(${users.displayName}, ${users.username}), ' ', 1)`,
      })
      .from(qrScanLogs)
      .leftJoin(companyStaff, eq(companyStaff.id, qrScanLogs.staffId))
      .leftJoin(users, eq(users.id, qrScanLogs.userId))
      .where(and(eq(qrScanLogs.companyId, companyId), gte(qrScanLogs.createdAt, dayStart)))
      .orderBy(desc(qrScanLogs.createdAt), desc(qrScanLogs.id))
      .limit(logLength),
    listHeldToday(db, companyId, dayStart, language),
  ]);
  const scanLines = scans.map(({ log, staffName, memberName }) => ({
    id: log.id,
    action: (log.scanType ?? "lookup") as CounterLogEntry["action"],
    accepted: log.accepted,
    message: loggedMessage(log, language),
    memberName,
    staffName: staffName ?? translateMessage(ownerLabel, language),
    points: log.points,
    isSuspicious: log.isSuspicious,
    suspiciousReasons: log.suspiciousReasons,
    scannedAt: log.scannedAt.toISOString(),
    synced: log.wasQueued,
    held: null,
  }));
  return [...scanLines, ...held]
    .sort((a, b) => Date.parse(b.scannedAt) - Date.parse(a.scannedAt))
    .slice(0, logLength);
}

/** Today's phone check-ins held for a number, as log lines ("Stamp · held for +233 24 *** **33 · 30 days"). */
async function listHeldToday(
  db: Executor,
  companyId: number,
  dayStart: Date,
  language: Language,
): Promise<CounterLogEntry[]> {
  const rows = await db
    .select({ checkin: phoneCheckins, staffName: companyStaff.name, claimUntil: heldPhoneRewards.claimUntil })
    .from(phoneCheckins)
    .innerJoin(heldPhoneRewards, eq(heldPhoneRewards.checkinId, phoneCheckins.id))
    .leftJoin(companyStaff, eq(companyStaff.id, phoneCheckins.staffId))
    .where(
      and(
        eq(phoneCheckins.companyId, companyId),
        eq(phoneCheckins.status, "held"),
        gte(phoneCheckins.confirmedAt, dayStart),
      ),
    )
    .orderBy(desc(phoneCheckins.confirmedAt), desc(phoneCheckins.id))
    .limit(logLength);
  return rows.map(({ checkin, staffName, claimUntil }) => {
    const said = (checkin.answer as { said?: Saying } | null)?.said;
    return {
      id: checkin.id,
      action: checkin.action === "points" ? "points" : "stamp",
      accepted: true,
      message: said ? sayingText(said, language) : "",
      memberName: null,
      staffName: staffName ?? translateMessage(ownerLabel, language),
      points: checkin.action === "points" ? checkin.points : null,
      isSuspicious: checkin.isSuspicious,
      suspiciousReasons: checkin.suspiciousReasons,
      scannedAt: (checkin.confirmedAt ?? checkin.createdAt).toISOString(),
      synced: false,
      held: { maskedPhone: maskPhone(checkin.phoneNumber), claimUntil: claimUntil.toISOString() },
    };
  });
}

function totalsFrom(
  rows: { action: string | null; accepted: boolean; points: number | null; n: number }[],
  typedCodes: { n: number }[],
  phoneWork: { n: number; sms: number }[],
  heldWork: { n: number }[],
): CounterTotals {
  const totals: CounterTotals = {
    scans: 0,
    stamps: 0,
    redemptions: 0,
    points: 0,
    refused: 0,
    phoneCheckins: 0,
    smsSent: 0,
    held: 0,
  };
  for (const row of rows) {
    totals.scans += row.n;
    if (!row.accepted) {
      totals.refused += row.n;
      continue;
    }
    if (row.action === "stamp") totals.stamps += row.n;
    if (row.action === "redeem") totals.redemptions += row.n;
    if (row.action === "points") totals.points += row.points ?? 0;
  }
  for (const row of typedCodes) totals.redemptions += row.n;
  for (const row of phoneWork) {
    totals.phoneCheckins += row.n;
    totals.smsSent += row.sms;
  }
  for (const row of heldWork) totals.held += row.n;
  return totals;
}

/** A group of the month's work: who did it, where, on which day. */
interface Worked {
  staffName: string;
  branchId: number | null;
  isToday: boolean;
}

/** Words the dashboard says itself, in the staff's language. */
const noBranchLabel = "No branch";

/**
 * Today's and this month's counter work, for the shop, by staff member and by branch (the owner and work
 * at no branch named in `language`).
 */
export async function loadCounterDashboard(
  db: Executor,
  companyId: number,
  now: Date,
  allocation: CounterDashboard["allocation"],
  texts: CounterTexts,
  language: Language,
): Promise<CounterDashboard> {
  const owner = translateMessage(ownerLabel, language);
  const dayStart = startOfAccraDay(now);
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [rows, typedCodes, phoneWork, heldWork, branches] = await Promise.all([
    db
      .select({
        staffName: sql<string>`coalesce(${companyStaff.name}, ${owner})`,
        branchId: qrScanLogs.branchId,
        isToday: sql<boolean>`${qrScanLogs.scannedAt} >= ${dayStart.toISOString()}::timestamptz`,
        action: qrScanLogs.scanType,
        accepted: qrScanLogs.accepted,
        points: sql<number>`coalesce(sum(${qrScanLogs.points}), 0)::int`,
        suspicious: sql<number>`count(*) filter (where ${qrScanLogs.isSuspicious})::int`,
        n: sql<number>`count(*)::int`,
      })
      .from(qrScanLogs)
      .leftJoin(companyStaff, eq(companyStaff.id, qrScanLogs.staffId))
      .where(and(eq(qrScanLogs.companyId, companyId), gte(qrScanLogs.scannedAt, monthStart)))
      .groupBy(sql`1`, qrScanLogs.branchId, sql`3`, qrScanLogs.scanType, qrScanLogs.accepted),
    // Redemptions confirmed with a staff code on the member's phone never pass the scanner: add them.
    db
      .select({
        staffName: sql<string>`coalesce(${companyStaff.name}, ${owner})`,
        branchId: redemptions.branchId,
        isToday: sql<boolean>`${redemptions.timestamp} >= ${dayStart.toISOString()}::timestamptz`,
        n: sql<number>`count(*)::int`,
      })
      .from(redemptions)
      .leftJoin(companyStaff, eq(companyStaff.id, redemptions.staffId))
      .where(
        and(
          eq(redemptions.companyId, companyId),
          eq(redemptions.method, "staff"),
          gte(redemptions.timestamp, monthStart),
        ),
      )
      .groupBy(sql`1`, redemptions.branchId, sql`3`),
    // Check-ins by phone number: the codes sent, and every SMS they cost (a code, and an invite when held).
    db
      .select({
        staffName: sql<string>`coalesce(${companyStaff.name}, ${owner})`,
        branchId: phoneCheckins.branchId,
        isToday: sql<boolean>`${phoneCheckins.createdAt} >= ${dayStart.toISOString()}::timestamptz`,
        n: sql<number>`count(*)::int`,
        sms: sql<number>`coalesce(sum(${phoneCheckins.smsSent}), 0)::int`,
      })
      .from(phoneCheckins)
      .leftJoin(companyStaff, eq(companyStaff.id, phoneCheckins.staffId))
      .where(and(eq(phoneCheckins.companyId, companyId), gte(phoneCheckins.createdAt, monthStart)))
      .groupBy(sql`1`, phoneCheckins.branchId, sql`3`),
    // Check-ins held for a number: on the day they were held (the log lists them that day).
    db
      .select({
        staffName: sql<string>`coalesce(${companyStaff.name}, ${owner})`,
        branchId: phoneCheckins.branchId,
        isToday: sql<boolean>`${phoneCheckins.confirmedAt} >= ${dayStart.toISOString()}::timestamptz`,
        n: sql<number>`count(*)::int`,
      })
      .from(phoneCheckins)
      .leftJoin(companyStaff, eq(companyStaff.id, phoneCheckins.staffId))
      .where(
        and(
          eq(phoneCheckins.companyId, companyId),
          eq(phoneCheckins.status, "held"),
          gte(phoneCheckins.confirmedAt, monthStart),
        ),
      )
      .groupBy(sql`1`, phoneCheckins.branchId, sql`3`),
    db
      .select({
        id: companyBranches.id,
        name: companyBranches.name,
        isOpen: isNull(companyBranches.deletedAt),
      })
      .from(companyBranches)
      .where(eq(companyBranches.companyId, companyId))
      .orderBy(companyBranches.createdAt, companyBranches.id),
  ]);
  const totalsOf = (belongs: (row: Worked) => boolean) => {
    const own = rows.filter(belongs);
    const typed = typedCodes.filter(belongs);
    const byPhone = phoneWork.filter(belongs);
    const held = heldWork.filter(belongs);
    const today = (row: Worked) => row.isToday;
    return {
      today: totalsFrom(own.filter(today), typed.filter(today), byPhone.filter(today), held.filter(today)),
      month: totalsFrom(own, typed, byPhone, held),
    };
  };
  const worked: Worked[] = [...rows, ...typedCodes, ...phoneWork, ...heldWork];
  const staffNames = [...new Set(worked.map((row) => row.staffName))].sort();
  const workedAt = new Set(worked.map((row) => row.branchId));
  // A closed branch is listed while it has work this month; work recorded at no branch is "No branch".
  const named = branches.filter((branch) => branch.isOpen || workedAt.has(branch.id));
  const namedIds = new Set(named.map((branch) => branch.id));
  const atNoBranch = (row: Worked) => row.branchId === null || !namedIds.has(row.branchId);
  const noBranch = worked.some(atNoBranch)
    ? [{ branchId: null, branchName: translateMessage(noBranchLabel, language), ...totalsOf(atNoBranch) }]
    : [];
  return {
    ...totalsOf(() => true),
    byStaff: staffNames.map((staffName) => ({
      staffName,
      ...totalsOf((row) => row.staffName === staffName),
    })),
    byBranch: [
      ...named.map((branch) => ({
        branchId: branch.id,
        branchName: branch.name,
        ...totalsOf((row) => row.branchId === branch.id),
      })),
      ...noBranch,
    ],
    allocation,
    suspiciousToday: rows.filter((row) => row.isToday).reduce((sum, row) => sum + row.suspicious, 0),
    texts,
  };
}

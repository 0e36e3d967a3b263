import { randomUUID } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import { startOfAccraDay } from "../../../shared/accra-time";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { columnNames, executeNamed } from "../../db/prepared";
import { qrScanLogs } from "../../db/schema/counter";
import type { ClientSignals } from "../../lib/client-signals";
import { retryOnTransientConflict, uniqueViolationConstraint } from "../../lib/db-errors";
import { AppError, type ErrorCode } from "../../lib/errors";
import { type MessageValues, type Saying, sayingText } from "../../lib/i18n";
import { assertSameRequest } from "../../lib/request-hash";
import {
  type CounterActorRecord,
  counterActorOnDutySql,
  findShopStaff,
  signInAtCounterAgain,
} from "../companies";
import { recordFraudSignal } from "../fraud";
import { offlineScanWindowMs } from "../loyalty";
import { slowedWhenGuessing } from "./typed-code-guard";

/**
 * The counter's scan log: every scan is answered once per idempotency key (a resend gets the first answer
 * back), and logged with what looks suspicious about it. Read once (before the scan's work, or for a
 * live scan of a member's QR in the work's first statement) and written once after it
 * (docs/product-rules.md#hot-writes-statement-budgets).
 */

/** A device scanning more than this many codes in a minute is flagged (a real queue is slower). */
const burstScansPerMinute = 12;
/** The same member at two branches this close together is flagged (docs/product-rules.md#counter-suspicious-scans). */
const twoPlacesWindowMs = 10 * 60 * 1000;
/** A queued scan may claim a time this far before its phone's last live scan (a phone clock running behind). */
export const phoneClockSlackMs = 30_000;

/** Refusals staff read at the counter; they are logged (and replayed for a resent scan). */
const refusalCodes = new Set<ErrorCode>([
  "ALREADY_USED",
  "EXPIRED_CODE",
  "EXPIRED_REWARD",
  "DAILY_LIMIT",
  "NOT_THIS_SHOP",
  "CAP_REACHED",
  "BELOW_MINIMUM",
  "NO_PROGRAM",
  "CARD_LIMIT",
  "NOTHING_TO_CLAIM",
  "POINTS_LIMIT",
  "ALLOCATION_USED",
  "UNKNOWN_CODE",
  "BACKDATED_SCAN",
  "MEMBER_SUSPENDED",
]);

export type LoggedAction = "stamp" | "redeem" | "lookup" | "points";

export interface ScanContext {
  deps: AppDeps;
  /** Who the scan is credited to (for a queued scan, the staff member who made it). */
  actor: CounterActorRecord;
  /** Whose session sent it: they must still be on duty when it is applied. */
  sender: CounterActorRecord;
  client: ClientSignals;
  idempotencyKey: string;
  /** What the request asked (requestHash), logged beside its answer; null when the caller keeps none. */
  requestHash: string | null;
  scannedAt: Date;
  /** Sent from the phone's offline queue (it carries the time the scan was made). */
  wasQueued: boolean;
  /** For a queued scan, when the server last heard a live scan from this phone (null: never). */
  lastLiveAt: Date | null;
  /**
   * The log is not read yet for an earlier answer under the key: the scan's first statement reads it
   * (loggedAnswerSql) and throws AnsweredBefore when there is one.
   */
  logUnread: boolean;
  now: Date;
}

/** The condition a scan's writes re-check in their own statements: the sender still works the counter. */
export function senderOnDuty(context: ScanContext): SQL {
  return counterActorOnDutySql(context.sender.companyId, context.sender.staffId);
}

/**
 * When the scan happened: now, or the time a queued offline scan was made. A scan more than a day old
 * is refused (docs/product-rules.md#counter-offline-scans); a device clock running ahead is treated as now.
 */
export function scanTime(scannedAt: string | undefined, now: Date): Date {
  if (!scannedAt) return now;
  const at = new Date(scannedAt);
  if (at > now) return now;
  if (now.getTime() - at.getTime() > offlineScanWindowMs) {
    throw new AppError(
      "EXPIRED_CODE",
      "This scan was saved offline more than 24 hours ago, so it can't be applied. Scan the customer again.",
    );
  }
  return at;
}

/**
 * A queued scan is credited to the staff member who made it, even when a colleague's session sends it
 * (the phone keeps who scanned). Only a staff member of the sender's own shop can be named.
 */
async function whoScanned(
  deps: AppDeps,
  sender: CounterActorRecord,
  input: { madeByStaffId?: number; scannedAt?: string },
): Promise<CounterActorRecord> {
  if (input.madeByStaffId === undefined || input.scannedAt === undefined) return sender;
  if (input.madeByStaffId === sender.staffId) return sender;
  const staff = await findShopStaff(deps.db, sender.companyId, input.madeByStaffId);
  if (!staff) throw new AppError("FORBIDDEN", "That staff member doesn't work at this shop");
  return { ...sender, kind: "staff", staffId: staff.id, staffName: staff.name, branchId: staff.branchId };
}

/**
 * An answer and what its message says, unfilled: the message is English (as logged), and the route
 * says it again in the staff's language. The saying is kept in the logged answer, so a resend is
 * answered in the language it asks for too.
 */
export type Said<T> = T & { said?: Saying };

export function saying<T extends object>(
  answer: T,
  message: string,
  values: MessageValues,
): Said<T & { message: string }> {
  const said = { message, values };
  return { ...answer, message: sayingText(said, "en"), said };
}

/**
 * Answers a request once per idempotency key: a resend (the offline queue, a retry after a dropped
 * answer) gets the first answer back, accepted or refused, and changes nothing. A resend that asks
 * something else under the same key is refused (docs/product-rules.md#conventions-idempotency-keys).
 */
export async function once<T>(
  deps: AppDeps,
  sender: CounterActorRecord,
  input: {
    idempotencyKey?: string;
    scannedAt?: string;
    madeByStaffId?: number;
    requestHash?: string;
    /** The code presented, when it may have been typed (a typed code is slowed when guessed). */
    qrData?: string;
  },
  client: ClientSignals,
  work: (context: ScanContext) => Promise<T>,
  { workReadsLog = false }: { workReadsLog?: boolean } = {},
): Promise<T> {
  const now = deps.now();
  const actor = await whoScanned(deps, sender, input);
  const idempotencyKey = input.idempotencyKey ?? randomUUID();
  const wasQueued = input.scannedAt !== undefined;
  // A live scan whose work reads the log in its first statement costs no read here; a queued one also
  // needs its phone's last live scan, read with the log.
  const logUnread = workReadsLog && !wasQueued;
  const earlier = logUnread
    ? { answer: undefined, lastLiveAt: null }
    : await readLog(deps.db, actor.companyId, idempotencyKey, wasQueued ? client : undefined);
  if (earlier.answer) return replay<T>(earlier.answer, input.requestHash);
  try {
    return await slowedWhenGuessing(deps, sender, client, input.qrData, () =>
      work({
        deps,
        actor,
        sender,
        client,
        idempotencyKey,
        requestHash: input.requestHash ?? null,
        scannedAt: scanTime(input.scannedAt, now),
        wasQueued,
        lastLiveAt: earlier.lastLiveAt,
        logUnread,
        now,
      }),
    );
  } catch (error) {
    if (error instanceof AnsweredBefore) return replay<T>(error.answer, input.requestHash);
    // Two copies sent at once: the one that lost the race on the key answers with the winner's result.
    // A refusal this request logged itself had no winner: an accepted copy would have held the key first.
    const raced =
      uniqueViolationConstraint(error) === "qr_scan_logs_company_idempotency_key" ||
      (error instanceof AppError && refusalCodes.has(error.code) && !loggedRefusals.has(error));
    if (raced) {
      const winner = (await readLog(deps.db, actor.companyId, idempotencyKey)).answer;
      if (winner?.accepted) return replay<T>(winner, input.requestHash);
    }
    throw error;
  }
}

/** The scan log's columns by their schema names, each rendering its bare name (see columnNames). */
const logs = columnNames(qrScanLogs);

export interface LoggedAnswer {
  requestHash: string | null;
  accepted: boolean;
  resultCode: string;
  message: string;
  response: Record<string, unknown> | null;
}

/** Thrown by a scan's first statement that found an earlier answer under the key (its work is rolled back). */
export class AnsweredBefore extends Error {
  constructor(readonly answer: LoggedAnswer) {
    super("this request was answered before");
  }
}

/**
 * For a scan whose first statement never ran (what was presented isn't a code at all): the log's own read,
 * throwing AnsweredBefore when an answer is logged under the key.
 */
export async function throwIfAnsweredBefore(tx: Executor, context: ScanContext): Promise<void> {
  if (!context.logUnread) return;
  const { answer } = await readLog(tx, context.actor.companyId, context.idempotencyKey);
  if (answer) throw new AnsweredBefore(answer);
}

/** The answer logged under the scan's key, as one JSON value (null for none), for the scan's first statement. */
export function loggedAnswerSql(context: ScanContext): SQL {
  return sql`(select json_build_object('requestHash', ${logs.requestHash}, 'accepted', ${logs.accepted},
      'resultCode', ${logs.resultCode}, 'message', ${logs.message}, 'response', ${logs.response})
    from ${qrScanLogs} where ${logs.companyId} = ${context.actor.companyId}::integer
      and ${logs.idempotencyKey} = ${context.idempotencyKey}::text)`;
}

/**
 * The read's one row: the logged answer's columns (null when nothing is logged under the key), and when
 * this phone's last live scan was (a timestamp's text).
 */
interface LogReadRow {
  request_hash: string | null;
  accepted: boolean | null;
  result_code: string | null;
  message: string | null;
  response: Record<string, unknown> | null;
  last_live_at: string | null;
}

/**
 * The answer already logged for this key, if any, and for a queued scan the last scan this phone (its
 * fingerprint, or its address without one) sent live to this shop: one statement.
 */
async function readLog(
  db: Executor,
  companyId: number,
  key: string,
  queuedFrom?: ClientSignals,
): Promise<{ answer: LoggedAnswer | undefined; lastLiveAt: Date | null }> {
  const samePhone = queuedFrom?.deviceFingerprint
    ? sql`${logs.merchantDeviceFingerprint} = ${queuedFrom.deviceFingerprint}::text`
    : sql`${logs.merchantDeviceFingerprint} is null and ${logs.ipAddress} = ${queuedFrom?.ipAddress ?? ""}::text`;
  const lastLive = queuedFrom
    ? sql`(select max(${logs.createdAt}) from ${qrScanLogs} where ${samePhone}
        and ${logs.companyId} = ${companyId}::integer and not ${logs.wasQueued})`
    : sql`null::timestamptz`;
  const { rows } = await executeNamed<LogReadRow>(
    db,
    "scan_log_read",
    sql`
    select logged.${logs.requestHash}, logged.${logs.accepted}, logged.${logs.resultCode}, logged.${logs.message},
      logged.${logs.response}, ${lastLive} as last_live_at
    from (select 1) as one
    left join ${qrScanLogs} as logged on logged.${logs.companyId} = ${companyId}::integer
      and logged.${logs.idempotencyKey} = ${key}::text`,
  );
  const [row] = rows;
  const answer =
    row && row.accepted !== null
      ? {
          requestHash: row.request_hash,
          accepted: row.accepted,
          resultCode: String(row.result_code),
          message: String(row.message),
          response: row.response,
        }
      : undefined;
  return { answer, lastLiveAt: row?.last_live_at ? new Date(row.last_live_at) : null };
}

function replay<T>(earlier: LoggedAnswer, asked: string | undefined): T {
  assertSameRequest(earlier.requestHash, asked);
  if (earlier.accepted && earlier.response) return { ...earlier.response, alreadyApplied: true } as T;
  const said = (earlier.response as { said?: Saying } | null)?.said;
  throw new AppError(
    earlier.resultCode as ErrorCode,
    said?.values ? { message: said.message, values: said.values } : earlier.message,
  );
}

/**
 * A queued scan claims when it was made; a phone that was online after that time would have sent it
 * then. So a claim earlier than the phone's last live scan is refused (and flagged): it could otherwise
 * bring an expired code back to life by naming a time when it still worked.
 */
export function refuseIfBackdated(context: ScanContext) {
  const { lastLiveAt, scannedAt } = context;
  if (!lastLiveAt || scannedAt.getTime() + phoneClockSlackMs >= lastLiveAt.getTime()) return;
  throw new AppError(
    "BACKDATED_SCAN",
    "This saved scan is older than this phone's last online scan, so it can't be applied. Scan the customer's code again.",
  );
}

/** What a scan's log row records besides its outcome; filled in as the scan learns who it is for. */
export interface LogDraft {
  userId: number | null;
  points: number | null;
  /** Set when the scan's own write logged it (acceptedLogRow): the suspicious reasons its row records. */
  loggedReasons?: string[];
}

/** Refusals their own request logged (so no other copy of the request can have been accepted). */
const loggedRefusals = new WeakSet<AppError>();

/**
 * Runs a scan's rules and logs it. An accepted scan is logged with its effect, so the two commit together:
 * inside the scan's transaction or, with `workCommits`, inside the work's own write (the work runs on the
 * database itself, reads outside any transaction and commits each write on its own, logging the answer
 * with acceptedLogRow; docs/product-rules.md#hot-writes-one-statement). A refused scan is logged after
 * its rollback, so a resend gets the same refusal.
 */
export async function runLogged<T extends { ok: true; message: string }>(
  context: ScanContext,
  action: LoggedAction,
  work: (db: Executor, log: LogDraft) => Promise<T>,
  { workCommits = false }: { workCommits?: boolean } = {},
): Promise<T> {
  let log: LogDraft = { userId: null, points: null };
  try {
    if (workCommits) {
      const result = await retryOnTransientConflict(() => {
        log = { userId: null, points: null };
        return work(context.deps.db, log);
      });
      if (!log.loggedReasons) throw new Error(`The ${action} scan's write did not log its answer`);
      await flagIfSuspicious(context.deps.db, context, action, log, log.loggedReasons);
      return result;
    }
    return await retryOnTransientConflict(() =>
      context.deps.db.transaction(async (tx) => {
        log = { userId: null, points: null };
        const result = await work(tx, log);
        await writeLog(tx, context, action, log, {
          accepted: true,
          resultCode: "OK",
          message: result.message,
          response: result,
        });
        return result;
      }),
    );
  } catch (error) {
    if (error instanceof AppError && refusalCodes.has(error.code)) {
      const logged = await writeLog(context.deps.db, context, action, log, {
        accepted: false,
        resultCode: error.code,
        message: error.message,
        // A refusal with values keeps its saying, so the log and a resend say it in any language.
        response: error.values ? { said: error.said } : null,
      });
      if (logged) loggedRefusals.add(error);
    }
    throw error;
  }
}

/** Reasons known before the log is written; the rest are counted in the log's own statement. */
function reasonsOf(resultCode: string): string[] {
  if (resultCode === "EXPIRED_CODE") return ["expired_code"];
  if (resultCode === "ALREADY_USED") return ["replayed_code"];
  if (resultCode === "BACKDATED_SCAN") return ["backdated_offline_scan"];
  return [];
}

interface LogOutcome {
  accepted: boolean;
  resultCode: string;
  message: string;
  response: unknown;
  /** Fields of the response the statement fills in (acceptedLogRow). */
  figuresInSql?: Record<string, SQL>;
}

/**
 * Writes the log row in one statement that also counts what makes a scan suspicious (a burst from one
 * device, the member at another shop minutes ago) and the member's scans here today.
 */
async function writeLog(
  db: Executor,
  context: ScanContext,
  action: LoggedAction,
  log: LogDraft,
  outcome: LogOutcome,
): Promise<boolean> {
  const { rows } = await executeNamed<{ suspicious_reasons: string[] | string }>(
    db,
    "scan_log_write",
    logInsertSql(context, action, log, outcome),
  );
  const [row] = rows;
  if (!row && outcome.accepted) throw signInAtCounterAgain();
  await flagIfSuspicious(db, context, action, log, parseTextArray(row?.suspicious_reasons));
  return row !== undefined;
}

/**
 * The log row of an accepted scan, for the scan's own write to insert as one of its CTEs (runLogged's
 * `workCommits`): it is written only when `onlyIf` holds (the write accepted the scan) and the sender is
 * still on duty, and returns `suspicious_reasons` for loggedByWrite.
 */
export function acceptedLogRow(
  context: ScanContext,
  action: LoggedAction,
  log: LogDraft,
  answer: { message: string },
  onlyIf: SQL,
  /** Figures of the answer only the write knows, as expressions of its statement (they replace the answer's). */
  figuresInSql: Record<string, SQL> = {},
): SQL {
  const outcome = {
    accepted: true,
    resultCode: "OK",
    message: answer.message,
    response: answer,
    figuresInSql,
  };
  return logInsertSql(context, action, log, outcome, onlyIf);
}

/** Notes the log row the scan's own write inserted (its `returning`, as JSON; null: none was written). */
export function loggedByWrite(log: LogDraft, row: { suspicious_reasons?: string[] } | null): void {
  if (!row) throw new Error("The scan's write accepted it without logging it");
  log.loggedReasons = row.suspicious_reasons ?? [];
}

/**
 * The log row's insert (returning its suspicious reasons), counting in the same statement what makes a
 * scan suspicious (a burst from one device, the member at another shop minutes ago) and the member's
 * scans here today.
 */
function logInsertSql(
  context: ScanContext,
  action: LoggedAction,
  log: LogDraft,
  outcome: LogOutcome,
  onlyIf: SQL = sql`true`,
): SQL {
  const { actor, client, scannedAt, now } = context;
  const device = client.deviceFingerprint ?? null;
  const user = sql`${log.userId}::integer`;
  // A backlog sent after an outage arrives all at once; only live scans can show a burst. The count stops
  // at the threshold: a busy counter's minute is never read further than it needs.
  const burst =
    device && !context.wasQueued
      ? sql`(select count(*) from (select 1 from ${qrScanLogs} where ${logs.merchantDeviceFingerprint} = ${device}::text
          and ${logs.createdAt} >= ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz
          limit ${burstScansPerMinute}::int) as recent)::int`
      : sql`0`;
  // Another branch, of this business or another; where either scan's branch is unknown, another business.
  const branch = sql`${actor.branchId}::integer`;
  const elsewhere = sql`(exists (select 1 from ${qrScanLogs} where ${logs.userId} = ${user} and ${logs.accepted}
    and ${logs.scannedAt} >= ${new Date(scannedAt.getTime() - twoPlacesWindowMs).toISOString()}::timestamptz
    and case when ${branch} is null or ${logs.branchId} is null then ${logs.companyId} <> ${actor.companyId}::integer
      else ${logs.branchId} <> ${branch} end))`;
  const today = sql`(select count(*) from ${qrScanLogs} where ${logs.userId} = ${user}
    and ${logs.companyId} = ${actor.companyId}::integer and ${logs.accepted}
    and ${logs.scannedAt} >= ${startOfAccraDay(scannedAt).toISOString()}::timestamptz)::int`;
  const accepted = sql.raw(String(outcome.accepted));
  const knownReasons = `{${reasonsOf(outcome.resultCode).join(",")}}`;
  return sql`
    insert into ${qrScanLogs} (${logs.userId}, ${logs.companyId}, ${logs.staffId}, ${logs.branchId}, ${logs.scanType},
      ${logs.idempotencyKey}, ${logs.requestHash}, ${logs.accepted}, ${logs.resultCode}, ${logs.message}, ${logs.response},
      ${logs.scannedAt}, ${logs.points}, ${logs.wasQueued}, ${logs.merchantDeviceFingerprint}, ${logs.ipAddress},
      ${logs.isSuspicious}, ${logs.suspiciousReasons}, ${logs.isVerified}, ${logs.isFirstScanOfDay}, ${logs.dailyScanCount},
      ${logs.createdAt})
    select ${user}, ${actor.companyId}::integer, ${actor.staffId}::integer, ${branch}, ${action}::text,
      ${context.idempotencyKey}::text, ${context.requestHash}::text, ${accepted}, ${outcome.resultCode}::text, ${outcome.message}::text,
      ${responseSql(outcome)},
      ${scannedAt.toISOString()}::timestamptz, ${outcome.accepted ? log.points : null}::integer,
      ${sql.raw(String(context.wasQueued))}, ${device}::text, ${client.ipAddress}::text,
      cardinality(reasons.list) > 0, reasons.list, ${accepted}, ${accepted} and counts.today = 0,
      counts.today + ${outcome.accepted ? 1 : 0}::int, ${now.toISOString()}::timestamptz
    from (select ${burst} as burst, ${elsewhere} as elsewhere, ${today} as today) as counts
    cross join lateral (
      select array_remove(${knownReasons}::text[]
        || array[case when counts.burst >= ${burstScansPerMinute}::int then 'device_burst' end,
                 case when counts.elsewhere then 'two_places_minutes_apart' end], null) as list
    ) as reasons
    where ${onlyIf} ${
      // An accepted scan is logged only while its sender still works the counter: a staff member removed
      // (or a shop suspended) since the session was kept undoes the scan.
      outcome.accepted ? sql`and ${senderOnDuty(context)}` : sql``
    }
    ${
      // An accepted scan must fail on a duplicate key, undoing its effects (the first copy's answer is
      // replayed); a refusal that lost such a race is simply not logged twice.
      outcome.accepted ? sql`` : sql`on conflict (${logs.companyId}, ${logs.idempotencyKey}) do nothing`
    }
    returning ${logs.suspiciousReasons}`;
}

/** The logged response: the answer's JSON, with the figures the statement fills in over it. */
function responseSql(outcome: LogOutcome): SQL {
  const response = sql`${outcome.response === null ? null : JSON.stringify(outcome.response)}::jsonb`;
  const figures = Object.entries(outcome.figuresInSql ?? {});
  if (figures.length === 0) return response;
  const pairs = sql.join(
    figures.map(([field, value]) => sql`${field}::text, ${value}`),
    sql`, `,
  );
  return sql`(${response} || jsonb_build_object(${pairs}))`;
}

/** node-postgres parses a text[]; the embedded database may hand back its literal ("{a,b}"). */
function parseTextArray(value: string[] | string | undefined): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, "")
    .split(",")
    .filter(Boolean);
}

/** Records a fraud signal for a logged scan that looked suspicious (nothing when it didn't). */
async function flagIfSuspicious(
  db: Executor,
  context: ScanContext,
  action: LoggedAction,
  log: LogDraft,
  reasons: string[],
) {
  if (reasons.length === 0 || !log.userId) return;
  await recordFraudSignal(
    db,
    {
      userId: log.userId,
      adId: null,
      eventType: reasons.includes("two_places_minutes_apart")
        ? "impossible_travel"
        : "suspicious_counter_scan",
      riskScore: Math.min(100, 30 * reasons.length),
      details: {
        reasons,
        companyId: context.actor.companyId,
        branchId: context.actor.branchId,
        staffId: context.actor.staffId,
        action,
      },
    },
    context.client,
    context.now,
  );
}

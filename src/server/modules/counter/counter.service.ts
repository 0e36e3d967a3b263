import { randomUUID } from "node:crypto";
import { and, count, eq, gte, isNull, max, ne, sql } from "drizzle-orm";
import { accraDay, startOfAccraDay } from "../../../shared/accra-time";
import {
  type PointGrantRequest,
  type PointGrantResult,
  type ScanRequest,
  type ScanResult,
  toPesewas,
} from "../../../shared/contracts/counter";
import type { PlanId } from "../../../shared/plans";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import { dailyScanLimits, qrScanLogs } from "../../db/schema/counter";
import type { ClientSignals } from "../../lib/client-signals";
import { retryOnTransientConflict, uniqueViolationConstraint } from "../../lib/db-errors";
import { AppError, type ErrorCode } from "../../lib/errors";
import { type MessageValues, type Saying, sayingText } from "../../lib/i18n";
import { findMemberSummary, lockMemberInGoodStanding, type MemberSummary } from "../auth";
import { type CounterActorRecord, findCompany, findShopStaff } from "../companies";
import { recordFraudSignal } from "../fraud";
import {
  cardStateAt,
  checkStampAllowed,
  claimCardReward,
  markMemberCodeUsed,
  offlineScanWindowMs,
  resolveMemberCode,
  type ScannedMember,
  stampCard,
} from "../loyalty";
import { grantPoints, pointsReceivedToday } from "../points";
import {
  isRewardQr,
  readRewardQr,
  readRewardTypedCode,
  redeemReward,
  rewardClaimFromTypedCode,
} from "../redemptions";
import { describeRewardForCounter } from "../rewards";

/** PRODUCT.md: one stamp per member per company per day unless a shop allows more. */
export const defaultDailyScans = 1;
/** A device scanning more than this many codes in a minute is flagged (a real queue is slower). */
const burstScansPerMinute = 12;
/** The same member at two shops this close together is flagged. */
const twoPlacesWindowMs = 10 * 60 * 1000;
/** A queued scan may claim a time this far before its phone's last live scan (a phone clock running behind). */
const phoneClockSlackMs = 30_000;

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

type LoggedAction = ScanRequest["action"] | "points";

interface ScanContext {
  deps: AppDeps;
  actor: CounterActorRecord;
  client: ClientSignals;
  idempotencyKey: string;
  scannedAt: Date;
  /** Sent from the phone's offline queue (it carries the time the scan was made). */
  wasQueued: boolean;
  /** For a queued scan, when the server last heard a live scan from this phone (null: never). */
  lastLiveAt: Date | null;
  now: Date;
}

/**
 * When the scan happened: now, or the time a queued offline scan was made. A scan more than a day old
 * is refused (PRODUCT.md); a device clock running ahead is treated as now.
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
  return { ...sender, kind: "staff", staffId: staff.id, staffName: staff.name };
}

/**
 * An answer and what its message says, unfilled: the message is English (as logged), and the route
 * says it again in the staff's language. The saying is kept in the logged answer, so a resend is
 * answered in the language it asks for too.
 */
type Said<T> = T & { said?: Saying };

function saying<T extends object>(
  answer: T,
  message: string,
  values: MessageValues,
): Said<T & { message: string }> {
  const said = { message, values };
  return { ...answer, message: sayingText(said, "en"), said };
}

// --- Scans ---------------------------------------------------------------------------------------

export async function performScan(
  deps: AppDeps,
  sender: CounterActorRecord,
  input: ScanRequest,
  client: ClientSignals,
): Promise<Said<ScanResult>> {
  return once(deps, sender, input, client, (context) =>
    runLogged(context, input.action, (tx, log) =>
      isRewardQr(input.qrData) || readRewardTypedCode(input.qrData)
        ? scanRewardQr(tx, context, input, log)
        : scanMemberCode(tx, context, input, log),
    ),
  );
}

export async function performPointGrant(
  deps: AppDeps,
  sender: CounterActorRecord,
  input: PointGrantRequest,
  client: ClientSignals,
): Promise<Said<PointGrantResult>> {
  return once(deps, sender, input, client, async (context) => {
    const { actor } = context;
    const company = await findCompany(deps.db, actor.companyId);
    if (!company) throw new AppError("NOT_FOUND", "Company not found");
    return runLogged(context, "points", async (tx, log) => {
      if (isRewardQr(input.qrData)) {
        throw new AppError(
          "BAD_REQUEST",
          "This is a reward QR. Scan the customer's loyalty card to give points.",
        );
      }
      const member = await scannedMember(tx, context, input.qrData, log);
      log.points = input.points;
      const outcome = await grantPoints(
        tx,
        {
          companyId: actor.companyId,
          plan: company.plan as PlanId,
          userId: member.summary.id,
          memberName: member.summary.displayName,
          points: input.points,
          purchasePesewas: input.purchaseAmount === undefined ? undefined : toPesewas(input.purchaseAmount),
          note: input.transactionNote,
          staffName: input.merchantStaff ?? actor.staffName,
          staffId: actor.staffId,
          merchantDevice: context.client.deviceFingerprint,
        },
        context.scannedAt,
      );
      return saying(
        {
          ok: true as const,
          alreadyApplied: false,
          points: input.points,
          member: { displayName: member.summary.displayName, tier: member.summary.tier },
          memberPointsToday: outcome.memberPointsToday,
          allocationRemaining: outcome.allocationRemaining,
          drawEntryEarned: outcome.drawEntryEarned,
        },
        outcome.drawEntryEarned
          ? "{points} points for {name} — and a prize-draw entry!"
          : "{points} points for {name}.",
        { points: input.points, name: member.summary.displayName },
      );
    });
  });
}

/** What a scan's log row records besides its outcome; filled in as the scan learns who it is for. */
interface LogDraft {
  userId: number | null;
  userQrCodeId: number | null;
  points: number | null;
}

/**
 * Runs a scan's rules in one transaction and logs it. An accepted scan is logged inside the same
 * transaction, so its effect and its idempotency key commit together; a refused one is logged after the
 * rollback, so a resend gets the same refusal.
 */
async function runLogged<T extends { ok: true; message: string }>(
  context: ScanContext,
  action: LoggedAction,
  work: (tx: Executor, log: LogDraft) => Promise<T>,
): Promise<T> {
  const log: LogDraft = { userId: null, userQrCodeId: null, points: null };
  try {
    return await retryOnTransientConflict(() =>
      context.deps.db.transaction(async (tx) => {
        const result = await work(tx, log);
        await writeLog(tx, context, action, log, {
          accepted: true,
          resultCode: "OK",
          message: result.message,
          response: result,
        });
        if (log.userQrCodeId) await markMemberCodeUsed(tx, log.userQrCodeId, context.now);
        return result;
      }),
    );
  } catch (error) {
    if (error instanceof AppError && refusalCodes.has(error.code)) {
      await writeLog(context.deps.db, context, action, log, {
        accepted: false,
        resultCode: error.code,
        message: error.message,
        // A refusal with values keeps its saying, so the log and a resend say it in any language.
        response: error.values ? { said: error.said } : null,
      });
    }
    throw error;
  }
}

async function writeLog(
  db: Executor,
  context: ScanContext,
  action: LoggedAction,
  log: LogDraft,
  outcome: { accepted: boolean; resultCode: string; message: string; response: unknown },
) {
  const { actor, client, scannedAt } = context;
  const reasons = await suspiciousReasons(db, context, log, outcome.resultCode);
  const today = log.userId ? await scansToday(db, log.userId, actor.companyId, scannedAt) : 0;
  const insert = db.insert(qrScanLogs).values({
    userId: log.userId,
    companyId: actor.companyId,
    staffId: actor.staffId,
    scanType: action,
    idempotencyKey: context.idempotencyKey,
    accepted: outcome.accepted,
    resultCode: outcome.resultCode,
    message: outcome.message,
    response: outcome.response as Record<string, unknown> | null,
    scannedAt,
    points: outcome.accepted ? log.points : null,
    wasQueued: context.wasQueued,
    merchantDeviceFingerprint: client.deviceFingerprint,
    ipAddress: client.ipAddress,
    isSuspicious: reasons.length > 0,
    suspiciousReasons: reasons,
    isVerified: outcome.accepted,
    isFirstScanOfDay: outcome.accepted && today === 0,
    dailyScanCount: today + (outcome.accepted ? 1 : 0),
    createdAt: context.now,
  });
  // An accepted scan must fail on a duplicate key, undoing its effects (the first copy's answer is
  // replayed); a refusal that lost such a race is simply not logged twice.
  if (outcome.accepted) await insert;
  else await insert.onConflictDoNothing({ target: [qrScanLogs.companyId, qrScanLogs.idempotencyKey] });
  if (reasons.length > 0 && log.userId) {
    await recordFraudSignal(
      db,
      {
        userId: log.userId,
        adId: null,
        eventType: reasons.includes("two_places_minutes_apart")
          ? "impossible_travel"
          : "suspicious_counter_scan",
        riskScore: Math.min(100, 30 * reasons.length),
        details: { reasons, companyId: actor.companyId, staffId: actor.staffId, action },
      },
      client,
      context.now,
    );
  }
}

async function scansToday(db: Executor, userId: number, companyId: number, at: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(qrScanLogs)
    .where(
      and(
        eq(qrScanLogs.userId, userId),
        eq(qrScanLogs.companyId, companyId),
        eq(qrScanLogs.accepted, true),
        gte(qrScanLogs.scannedAt, startOfAccraDay(at)),
      ),
    );
  return row?.n ?? 0;
}

async function suspiciousReasons(db: Executor, context: ScanContext, log: LogDraft, resultCode: string) {
  const reasons: string[] = [];
  if (resultCode === "EXPIRED_CODE") reasons.push("expired_code");
  if (resultCode === "ALREADY_USED") reasons.push("replayed_code");
  if (resultCode === "BACKDATED_SCAN") reasons.push("backdated_offline_scan");
  const device = context.client.deviceFingerprint;
  // A backlog sent after an outage arrives all at once; only live scans can show a burst.
  if (device && !context.wasQueued) {
    const [burst] = await db
      .select({ n: count() })
      .from(qrScanLogs)
      .where(
        and(
          eq(qrScanLogs.merchantDeviceFingerprint, device),
          gte(qrScanLogs.createdAt, new Date(context.now.getTime() - 60_000)),
        ),
      );
    if ((burst?.n ?? 0) >= burstScansPerMinute) reasons.push("device_burst");
  }
  if (log.userId) {
    const [elsewhere] = await db
      .select({ n: count() })
      .from(qrScanLogs)
      .where(
        and(
          eq(qrScanLogs.userId, log.userId),
          ne(qrScanLogs.companyId, context.actor.companyId),
          eq(qrScanLogs.accepted, true),
          gte(qrScanLogs.scannedAt, new Date(context.scannedAt.getTime() - twoPlacesWindowMs)),
        ),
      );
    if ((elsewhere?.n ?? 0) > 0) reasons.push("two_places_minutes_apart");
  }
  return reasons;
}

/**
 * Answers a request once per idempotency key: a resend (the offline queue, a retry after a dropped
 * answer) gets the first answer back, accepted or refused, and changes nothing.
 */
async function once<T>(
  deps: AppDeps,
  sender: CounterActorRecord,
  input: { idempotencyKey?: string; scannedAt?: string; madeByStaffId?: number },
  client: ClientSignals,
  work: (context: ScanContext) => Promise<T>,
): Promise<T> {
  const now = deps.now();
  const actor = await whoScanned(deps, sender, input);
  const idempotencyKey = input.idempotencyKey ?? randomUUID();
  const earlier = await loggedScan(deps.db, actor.companyId, idempotencyKey);
  if (earlier) return replay<T>(earlier);
  const wasQueued = input.scannedAt !== undefined;
  try {
    return await work({
      deps,
      actor,
      client,
      idempotencyKey,
      scannedAt: scanTime(input.scannedAt, now),
      wasQueued,
      lastLiveAt: wasQueued ? await lastLiveScanAt(deps.db, actor.companyId, client) : null,
      now,
    });
  } catch (error) {
    // Two copies sent at once: the one that lost the race on the key answers with the winner's result.
    const raced =
      uniqueViolationConstraint(error) === "qr_scan_logs_company_idempotency_key" ||
      (error instanceof AppError && refusalCodes.has(error.code));
    if (raced) {
      const winner = await loggedScan(deps.db, actor.companyId, idempotencyKey);
      if (winner?.accepted) return replay<T>(winner);
    }
    throw error;
  }
}

/** The last scan this phone (its fingerprint, or its address without one) sent live to this shop. */
async function lastLiveScanAt(db: Executor, companyId: number, client: ClientSignals): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(qrScanLogs.createdAt) })
    .from(qrScanLogs)
    .where(
      and(
        client.deviceFingerprint
          ? eq(qrScanLogs.merchantDeviceFingerprint, client.deviceFingerprint)
          : and(isNull(qrScanLogs.merchantDeviceFingerprint), eq(qrScanLogs.ipAddress, client.ipAddress)),
        eq(qrScanLogs.companyId, companyId),
        eq(qrScanLogs.wasQueued, false),
      ),
    );
  return row?.at ?? null;
}

/**
 * A queued scan claims when it was made; a phone that was online after that time would have sent it
 * then. So a claim earlier than the phone's last live scan is refused (and flagged): it could otherwise
 * bring an expired code back to life by naming a time when it still worked.
 */
function refuseIfBackdated(context: ScanContext) {
  const { lastLiveAt, scannedAt } = context;
  if (!lastLiveAt || scannedAt.getTime() + phoneClockSlackMs >= lastLiveAt.getTime()) return;
  throw new AppError(
    "BACKDATED_SCAN",
    "This saved scan is older than this phone's last online scan, so it can't be applied. Scan the customer's code again.",
  );
}

async function loggedScan(db: Executor, companyId: number, key: string) {
  const [row] = await db
    .select({
      accepted: qrScanLogs.accepted,
      resultCode: qrScanLogs.resultCode,
      message: qrScanLogs.message,
      response: qrScanLogs.response,
    })
    .from(qrScanLogs)
    .where(and(eq(qrScanLogs.companyId, companyId), eq(qrScanLogs.idempotencyKey, key)));
  return row;
}

function replay<T>(earlier: NonNullable<Awaited<ReturnType<typeof loggedScan>>>): T {
  if (earlier.accepted && earlier.response) return { ...earlier.response, alreadyApplied: true } as T;
  const said = (earlier.response as { said?: Saying } | null)?.said;
  throw new AppError(
    earlier.resultCode as ErrorCode,
    said?.values ? { message: said.message, values: said.values } : earlier.message,
  );
}

// --- The member's QR -----------------------------------------------------------------------------

interface Scanned {
  code: ScannedMember;
  summary: MemberSummary;
}

async function scannedMember(
  db: Executor,
  context: ScanContext,
  qrData: string,
  log: LogDraft,
): Promise<Scanned> {
  const code = await resolveMemberCode(db, qrData, context.scannedAt);
  if (!code) {
    throw new AppError(
      "UNKNOWN_CODE",
      "We don't recognise this code. Ask the customer to open their Anigye loyalty card and try again.",
    );
  }
  log.userId = code.userId;
  log.userQrCodeId = code.qrCodeId;
  refuseIfBackdated(context);
  // Locked until the scan commits: a suspension can't land between this check and the stamp or points.
  const summary = await lockMemberInGoodStanding(
    db,
    code.userId,
    "This customer's account is suspended, so it can't collect stamps, points or rewards.",
  );
  if (!summary) throw new AppError("UNKNOWN_CODE", "This member's account is closed.");
  return { code, summary };
}

async function scanMemberCode(
  tx: Executor,
  context: ScanContext,
  input: ScanRequest,
  log: LogDraft,
): Promise<Said<ScanResult>> {
  const { actor, scannedAt } = context;
  const member = await scannedMember(tx, context, input.qrData, log);
  const base = {
    ok: true as const,
    action: input.action,
    alreadyApplied: false,
    member: { displayName: member.summary.displayName, tier: member.summary.tier },
    reward: null,
    pointsToday: await pointsReceivedToday(tx, member.summary.id, scannedAt),
    scannedAt: scannedAt.toISOString(),
  };
  const name = member.summary.displayName;

  if (input.action === "lookup") {
    const card = await cardStateAt(tx, member.summary.id, actor.companyId);
    if (!card) return saying({ ...base, card }, "{name} has no stamp card here yet.", { name });
    return card.rewardUnlocked
      ? saying({ ...base, card }, "{name} has a reward waiting: {reward}.", {
          name,
          reward: card.rewardTitle,
        })
      : saying({ ...base, card }, "{name} has {current} of {required} stamps.", {
          name,
          current: card.currentStamps,
          required: card.requiredStamps,
        });
  }

  if (input.action === "redeem") {
    const claimed = await claimCardReward(tx, member.summary.id, actor.companyId, scannedAt);
    const card = await cardStateAt(tx, member.summary.id, actor.companyId);
    const reward = {
      id: claimed.cardId,
      title: claimed.rewardTitle,
      discountPercent: null,
      code: null,
      kind: "loyalty_reward" as const,
    };
    return saying({ ...base, card, reward }, "Give {name} their reward: {reward}.", {
      name,
      reward: claimed.rewardTitle,
    });
  }

  const purchasePesewas = input.purchaseAmount === undefined ? undefined : toPesewas(input.purchaseAmount);
  // The program and minimum are checked before the day's scan is used up, so a refused stamp costs nothing.
  await checkStampAllowed(tx, actor.companyId, purchasePesewas);
  await takeDailyScan(tx, member.summary.id, actor.companyId, scannedAt, name);
  const card = await stampCard(
    tx,
    {
      userId: member.summary.id,
      companyId: actor.companyId,
      purchasePesewas,
      staffId: actor.staffId,
      qrCodeData: member.code.qrData,
      typed: member.code.typed,
      ipAddress: context.client.ipAddress,
      deviceFingerprint: context.client.deviceFingerprint,
    },
    scannedAt,
  );
  return card.isCompleted
    ? saying(
        { ...base, card },
        "Card complete for {name}! {reward} is unlocked: scan Redeem to hand it over.",
        { name, reward: card.rewardTitle },
      )
    : saying({ ...base, card }, "Stamp {current} of {required} for {name}.", {
        name,
        current: card.currentStamps,
        required: card.requiredStamps,
      });
}

/**
 * One stamp per member per shop per Accra day: a conditional upsert, so 50 scans at once of one member
 * stamp once.
 */
async function takeDailyScan(tx: Executor, userId: number, companyId: number, at: Date, name: string) {
  const [used] = await tx
    .insert(dailyScanLimits)
    .values({ userId, companyId, scanDate: accraDay(at), scanCount: 1, maxScansAllowed: defaultDailyScans })
    .onConflictDoUpdate({
      target: [dailyScanLimits.userId, dailyScanLimits.companyId, dailyScanLimits.scanDate],
      set: { scanCount: sql`${dailyScanLimits.scanCount} + 1`, updatedAt: at },
      setWhere: sql`${dailyScanLimits.scanCount} < ${dailyScanLimits.maxScansAllowed}`,
    })
    .returning({ scanCount: dailyScanLimits.scanCount });
  if (!used) {
    throw new AppError("DAILY_LIMIT", {
      message: "{name} already got today's stamp here. Come back tomorrow!",
      values: { name },
    });
  }
}

// --- A reward's QR -------------------------------------------------------------------------------

async function scanRewardQr(
  tx: Executor,
  context: ScanContext,
  input: ScanRequest,
  log: LogDraft,
): Promise<Said<ScanResult>> {
  const { actor, scannedAt, now } = context;
  const claim = await rewardClaim(tx, context, input.qrData.trim());
  const reward = await describeRewardForCounter(tx, claim.rewardId);
  if (!reward) throw new AppError("UNKNOWN_CODE", "This reward no longer exists.");
  log.userId = reward.userId;
  refuseIfBackdated(context);
  const member = reward.userId ? await findMemberSummary(tx, reward.userId) : undefined;
  const shown = {
    id: reward.id,
    title: reward.title,
    discountPercent: reward.discountPercent,
    code: reward.code,
    kind: "ad_reward" as const,
  };
  const base = {
    ok: true as const,
    action: input.action,
    alreadyApplied: false,
    member: member ? { displayName: member.displayName, tier: member.tier } : null,
    card: null,
    pointsToday: null,
    scannedAt: scannedAt.toISOString(),
  };
  if (reward.companyId !== actor.companyId) {
    throw new AppError("NOT_THIS_SHOP", "This reward is for another shop. It can't be used here.");
  }
  if (input.action === "stamp") {
    throw new AppError(
      "BAD_REQUEST",
      "This is a reward QR. Choose Redeem to use it, or scan the loyalty card to stamp.",
    );
  }
  if (input.action === "lookup") {
    const stateMessage = reward.isUsed
      ? "{reward}: already used."
      : reward.expiresAt && reward.expiresAt <= now
        ? "{reward}: expired."
        : "{reward}: ready to use.";
    return saying({ ...base, reward: shown }, stateMessage, { reward: reward.title });
  }
  if (scannedAt >= claim.expiresAt) {
    throw new AppError("EXPIRED_CODE", "This reward QR has expired. Ask the customer to show a new one.");
  }
  await redeemReward(
    tx,
    {
      rewardId: reward.id,
      method: "qr",
      companyId: actor.companyId,
      qrNonce: claim.nonce,
      staffId: actor.staffId,
      staffName: actor.staffName,
      receivedAt: now,
      ...context.client,
    },
    scannedAt,
  );
  return member
    ? saying({ ...base, reward: shown }, "Redeemed for {name}: {reward}.", {
        name: member.displayName,
        reward: reward.title,
      })
    : saying({ ...base, reward: shown }, "Redeemed: {reward}.", { reward: reward.title });
}

/**
 * What a reward QR (or the code typed from under it) names. A typed code is looked up among this shop's
 * rewards and stands for its QR: same nonce, same two minutes, and no use claimed before it was shown.
 */
async function rewardClaim(tx: Executor, context: ScanContext, presented: string) {
  const typedCode = readRewardTypedCode(presented);
  const claim = typedCode
    ? await typedRewardClaim(tx, context, typedCode)
    : readRewardQr(presented, context.deps.config.sessionSecret);
  if (!claim) {
    throw new AppError(
      "UNKNOWN_CODE",
      "We don't recognise this code. Ask the customer to show the reward's QR again.",
    );
  }
  return claim;
}

async function typedRewardClaim(tx: Executor, context: ScanContext, typedCode: string) {
  const claim = await rewardClaimFromTypedCode(tx, context.actor.companyId, typedCode);
  if (!claim || context.scannedAt.getTime() + phoneClockSlackMs < claim.issuedAt.getTime()) return undefined;
  return claim;
}

import { sql } from "drizzle-orm";
import { type PointGrantRequest, type PointGrantResult, toPesewas } from "../../../shared/contracts/counter";
import type { PlanId } from "../../../shared/plans";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import type { ClientSignals } from "../../lib/client-signals";
import { AppError } from "../../lib/errors";
import { requestHash } from "../../lib/request-hash";
import type { MemberAtCounter } from "../auth";
import type { CounterActorRecord } from "../companies";
import { memberInGoodStanding } from "../ledger";
import { memberCodeUseSql } from "../loyalty";
import { type GrantLimits, type GrantWrittenAlone, grantPoints } from "../points";
import { isRewardQr } from "../redemptions";
import {
  acceptedLogRow,
  type LogDraft,
  loggedByWrite,
  once,
  runLogged,
  type Said,
  type ScanContext,
  saying,
  senderOnDuty,
} from "./scan-log";
import { scannedMember } from "./scanned-member";
import { isTypedCode } from "./typed-code-guard";

/**
 * Points for a purchase, from the shop's monthly allocation, to the member whose code staff scanned. It
 * runs on the database itself (runLogged's `workCommits`): the member's read, then one statement that
 * commits on its own with the grant, the code's use and the log row (docs/product-rules.md#hot-writes-one-statement).
 */
export async function performPointGrant(
  deps: AppDeps,
  sender: CounterActorRecord,
  input: PointGrantRequest,
  client: ClientSignals,
): Promise<Said<PointGrantResult>> {
  return once(
    deps,
    sender,
    { ...input, requestHash: requestHash(input) },
    client,
    (context) =>
      runLogged(
        context,
        "points",
        async (db, log) => {
          if (isRewardQr(input.qrData)) {
            throw new AppError(
              "BAD_REQUEST",
              "This is a reward QR. Scan the customer's loyalty card to give points.",
            );
          }
          const member = await scannedMember(db, context, input.qrData, log, {
            withCard: false,
            grantLimitsFor: context.actor.plan as PlanId,
            markUsed: false,
          });
          log.points = input.points;
          return grantMemberPoints(db, context, member.summary, input, member.grantLimits, {
            log,
            codeId: member.code.qrCodeId,
            prizePoints: member.prizePoints ?? 0,
          });
        },
        { workCommits: true },
      ),
    // A member's scanned QR is read by scannedMember, with the log (a reward QR is refused before any
    // statement); a typed code's log is read first, so a resent wrong code isn't counted as a guess.
    { workReadsLog: !isTypedCode(input.qrData) },
  );
}

/**
 * Points for a purchase to the member found at the counter, with every rule of a grant, and what staff read.
 * With `writtenAlone`, the grant's own statement commits on its own, marking the code used and writing the
 * scan's log row (runLogged's `workCommits`); otherwise it runs in the caller's transaction.
 */
export async function grantMemberPoints(
  db: Executor,
  context: ScanContext,
  member: Pick<MemberAtCounter, "id" | "displayName" | "tier">,
  input: Pick<PointGrantRequest, "points" | "purchaseAmount" | "transactionNote" | "merchantStaff">,
  /** The grant's settings, when read with the member; read by the grant otherwise. */
  limits?: GrantLimits,
  writtenAlone?: { log: LogDraft; codeId: number; prizePoints: number },
): Promise<Said<PointGrantResult>> {
  const { actor } = context;
  const answerFor = (drawEntryEarned: boolean, memberPointsToday: number, allocationRemaining: number) =>
    saying(
      {
        ok: true as const,
        alreadyApplied: false,
        points: input.points,
        member: { displayName: member.displayName, tier: member.tier },
        memberPointsToday,
        allocationRemaining,
        drawEntryEarned,
      },
      drawEntryEarned
        ? "{points} points for {name} — and a prize-draw entry!"
        : "{points} points for {name}.",
      { points: input.points, name: member.displayName },
    );
  const alone: GrantWrittenAlone | undefined = writtenAlone && {
    memberInGoodStanding: memberInGoodStanding(member.id),
    staffOnDuty: senderOnDuty(context),
    codeUse: (whenGranted) =>
      memberCodeUseSql(sql`${writtenAlone.codeId}::integer`, context.now, whenGranted),
    prizePointsRead: writtenAlone.prizePoints,
    logRow: (answer, whenGranted) =>
      acceptedLogRow(
        context,
        "points",
        writtenAlone.log,
        answerFor(answer.drawEntryEarned, 0, 0),
        whenGranted,
        {
          memberPointsToday: answer.memberPointsToday,
          allocationRemaining: answer.allocationRemaining,
        },
      ),
  };
  const outcome = await grantPoints(
    db,
    {
      companyId: actor.companyId,
      plan: actor.plan as PlanId,
      userId: member.id,
      memberName: member.displayName,
      points: input.points,
      purchasePesewas: input.purchaseAmount === undefined ? undefined : toPesewas(input.purchaseAmount),
      note: input.transactionNote,
      staffName: input.merchantStaff ?? actor.staffName,
      staffId: actor.staffId,
      merchantDevice: context.client.deviceFingerprint,
    },
    context.scannedAt,
    limits,
    alone,
  );
  if (writtenAlone) loggedByWrite(writtenAlone.log, outcome.loggedRow);
  return answerFor(outcome.drawEntryEarned, outcome.memberPointsToday, outcome.allocationRemaining);
}

import { type PointGrantRequest, type PointGrantResult, toPesewas } from "../../../shared/contracts/counter";
import type { PlanId } from "../../../shared/plans";
import type { AppDeps } from "../../app-deps";
import type { Executor } from "../../db/client";
import type { ClientSignals } from "../../lib/client-signals";
import { AppError } from "../../lib/errors";
import { requestHash } from "../../lib/request-hash";
import type { MemberAtCounter } from "../auth";
import type { CounterActorRecord } from "../companies";
import { type GrantLimits, grantPoints } from "../points";
import { isRewardQr } from "../redemptions";
import { once, runLogged, type Said, type ScanContext, saying } from "./scan-log";
import { scannedMember } from "./scanned-member";
import { isTypedCode } from "./typed-code-guard";

/** Points for a purchase, from the shop's monthly allocation, to the member whose code staff scanned. */
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
      runLogged(context, "points", async (tx, log) => {
        if (isRewardQr(input.qrData)) {
          throw new AppError(
            "BAD_REQUEST",
            "This is a reward QR. Scan the customer's loyalty card to give points.",
          );
        }
        const member = await scannedMember(tx, context, input.qrData, log, {
          withCard: false,
          grantLimitsFor: context.actor.plan as PlanId,
          markUsed: true,
        });
        log.points = input.points;
        return grantMemberPoints(tx, context, member.summary, input, member.grantLimits);
      }),
    // A member's scanned QR is read by scannedMember, with the log (a reward QR is refused before any
    // statement); a typed code's log is read first, so a resent wrong code isn't counted as a guess.
    { workReadsLog: !isTypedCode(input.qrData) },
  );
}

/** Points for a purchase to the member found at the counter, with every rule of a grant, and what staff read. */
export async function grantMemberPoints(
  tx: Executor,
  context: ScanContext,
  member: Pick<MemberAtCounter, "id" | "displayName" | "tier">,
  input: Pick<PointGrantRequest, "points" | "purchaseAmount" | "transactionNote" | "merchantStaff">,
  /** The grant's settings, when read with the member; read by the grant otherwise. */
  limits?: GrantLimits,
): Promise<Said<PointGrantResult>> {
  const { actor } = context;
  const outcome = await grantPoints(
    tx,
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
  );
  return saying(
    {
      ok: true as const,
      alreadyApplied: false,
      points: input.points,
      member: { displayName: member.displayName, tier: member.tier },
      memberPointsToday: outcome.memberPointsToday,
      allocationRemaining: outcome.allocationRemaining,
      drawEntryEarned: outcome.drawEntryEarned,
    },
    outcome.drawEntryEarned
      ? "{points} points for {name} — and a prize-draw entry!"
      : "{points} points for {name}.",
    { points: input.points, name: member.displayName },
  );
}

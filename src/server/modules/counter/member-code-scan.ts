import { type ScanRequest, type ScanResult, toPesewas } from "../../../shared/contracts/counter";
import { formatCedis } from "../../../shared/money";
import type { Executor } from "../../db/client";
import { AppError } from "../../lib/errors";
import { memberInGoodStanding } from "../ledger";
import { type CardState, cardStateAt, claimCardReward, stampAtCounter } from "../loyalty";
import {
  acceptedLogRow,
  type LogDraft,
  loggedByWrite,
  type Said,
  type ScanContext,
  saying,
  senderOnDuty,
} from "./scan-log";
import { type Scanned, scannedMember } from "./scanned-member";

/**
 * A member's loyalty QR (or typed short code) at the counter: stamp their card, hand over its reward, or
 * look. A stamp runs on the database itself (runLogged's `workCommits`): it reads, then writes the stamp
 * and its log row in one statement that commits on its own; the others run in the scan's transaction.
 */
export async function scanMemberCode(
  tx: Executor,
  context: ScanContext,
  input: ScanRequest,
  log: LogDraft,
): Promise<Said<ScanResult>> {
  const stamping = input.action === "stamp";
  const member = await scannedMember(tx, context, input.qrData, log, {
    withCard: stamping,
    markUsed: !stamping,
  });
  const base = {
    ok: true as const,
    action: input.action,
    alreadyApplied: false,
    member: { displayName: member.summary.displayName, tier: member.summary.tier },
    reward: null,
    pointsToday: member.pointsToday,
    scannedAt: context.scannedAt.toISOString(),
  };
  if (input.action === "lookup") return lookUp(tx, context, member, base);
  if (input.action === "redeem") return handOverCardReward(tx, context, member, base);
  return stamp(tx, context, input, member, base, log);
}

export type Base = Omit<ScanResult, "card" | "message">;

async function lookUp(tx: Executor, context: ScanContext, member: Scanned, base: Base) {
  const name = member.summary.displayName;
  const card = await cardStateAt(tx, member.summary.id, context.actor.companyId);
  if (!card) return saying({ ...base, card }, "{name} has no stamp card here yet.", { name });
  return card.rewardUnlocked
    ? saying({ ...base, card }, "{name} has a reward waiting: {reward}.", { name, reward: card.rewardTitle })
    : saying({ ...base, card }, "{name} has {current} of {required} stamps.", {
        name,
        current: card.currentStamps,
        required: card.requiredStamps,
      });
}

async function handOverCardReward(tx: Executor, context: ScanContext, member: Scanned, base: Base) {
  const { actor, scannedAt } = context;
  const claimed = await claimCardReward(tx, member.summary.id, actor.companyId, scannedAt);
  const card = await cardStateAt(tx, member.summary.id, actor.companyId);
  const reward = {
    id: claimed.cardId,
    title: claimed.rewardTitle,
    discountPercent: null,
    code: null,
    kind: "loyalty_reward" as const,
    cashbackPesewas: claimed.cashbackPesewas,
  };
  const name = member.summary.displayName;
  if (claimed.cashbackPesewas) {
    return saying(
      { ...base, card, reward },
      "Give {name} their reward: {reward}. {amount} cashback went to their Anigye cashback.",
      { name, reward: claimed.rewardTitle, amount: formatCedis(claimed.cashbackPesewas) },
    );
  }
  return saying({ ...base, card, reward }, "Give {name} their reward: {reward}.", {
    name,
    reward: claimed.rewardTitle,
  });
}

function stamp(
  db: Executor,
  context: ScanContext,
  input: ScanRequest,
  member: Scanned,
  base: Base,
  log: LogDraft,
) {
  const presented = {
    qrCodeData: member.code.qrData,
    method: member.code.typed ? "short_code" : "qr",
    codeId: member.code.qrCodeId,
  } as const;
  return stampMember(db, context, member, input.purchaseAmount, presented, base, log);
}

/** The member found at the counter (by their code or their verified phone number), with their card here. */
export type MemberToStamp = Pick<Scanned, "summary" | "cardState">;

/**
 * A stamp on the member's card at this shop, with every rule of a counter stamp, and what staff read. With
 * `logInto`, the stamp's own statement writes the scan's log row too (runLogged's `workCommits`).
 */
export async function stampMember(
  db: Executor,
  context: ScanContext,
  member: MemberToStamp,
  purchaseAmount: number | undefined,
  presented: { qrCodeData: string; method: "qr" | "short_code" | "phone"; codeId?: number },
  base: Base,
  logInto?: LogDraft,
): Promise<Said<ScanResult>> {
  if (!member.cardState) throw new AppError("UNAVAILABLE", "We're busy right now. Please try again.");
  const name = member.summary.displayName;
  const answerFor = (card: CardState) =>
    card.isCompleted
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
  const stamped = await stampAtCounter(
    db,
    {
      userId: member.summary.id,
      memberName: name,
      companyId: context.actor.companyId,
      purchasePesewas: purchaseAmount === undefined ? undefined : toPesewas(purchaseAmount),
      staffId: context.actor.staffId,
      qrCodeData: presented.qrCodeData,
      method: presented.method,
      presentedCodeId: presented.codeId,
      ipAddress: context.client.ipAddress,
      deviceFingerprint: context.client.deviceFingerprint,
      scannedAt: context.scannedAt,
      state: member.cardState,
      memberInGoodStanding: memberInGoodStanding(member.summary.id),
      staffOnDuty: senderOnDuty(context),
      logRow:
        logInto &&
        ((card, whenStamped) => acceptedLogRow(context, "stamp", logInto, answerFor(card), whenStamped)),
    },
    context.now,
  );
  if (logInto) loggedByWrite(logInto, stamped.loggedRow);
  return answerFor(stamped.card);
}

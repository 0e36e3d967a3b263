import type { AppDeps } from "../../app-deps";
import type { ClientSignals } from "../../lib/client-signals";
import { AppError } from "../../lib/errors";
import type { CounterActorRecord } from "../companies";
import { recordFraudSignal } from "../fraud";
import { normaliseShortCode } from "../loyalty";
import {
  admitTypedCode,
  type RateLimitSubject,
  typedCodeWasRight,
  wrongCodesBeforeWait,
} from "../rate-limit";
import { readRewardTypedCode } from "../redemptions";

/**
 * A code typed at the counter, not scanned: a member's 6-character code or a reward's 8-character one.
 * Only these can be guessed; a QR's contents are long and random (or signed), and text that can't be a
 * code is refused without looking anything up.
 */
export function isTypedCode(presented: string): boolean {
  return readRewardTypedCode(presented) !== undefined || normaliseShortCode(presented.trim()) !== undefined;
}

/** Who is typing: the staff member whose session sends it (the owner counts as one), and the device. */
function typistsOf(sender: CounterActorRecord, client: ClientSignals): RateLimitSubject[] {
  const staff: RateLimitSubject = {
    identifier: `${sender.companyId}:${sender.staffId ?? "owner"}`,
    identifierType: "counter_staff",
  };
  if (!client.deviceFingerprint) return [staff];
  return [staff, { identifier: `${sender.companyId}:${client.deviceFingerprint}`, identifierType: "device" }];
}

/**
 * Runs a scan of a presented code, slowing a counter that types wrong codes
 * (docs/product-rules.md#counter-wrong-typed-codes): a typed code is let in only when neither its staff
 * member nor its device is waiting, and counts as wrong when it is not recognised. The first time a
 * counter reaches the limit, the anti-cheat review gets a signal.
 */
export async function slowedWhenGuessing<T>(
  deps: AppDeps,
  sender: CounterActorRecord,
  client: ClientSignals,
  presented: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  if (presented === undefined || !isTypedCode(presented)) return work();
  const now = deps.now();
  const admission = await admitTypedCode(deps.db, typistsOf(sender, client), now);
  let result: T;
  try {
    result = await work();
  } catch (error) {
    if (error instanceof AppError && error.code === "UNKNOWN_CODE") {
      if (admission.wrongCodes === wrongCodesBeforeWait) await flagGuessing(deps, sender, client, now);
    } else {
      await giveBack(deps, admission);
    }
    throw error;
  }
  await giveBack(deps, admission);
  return result;
}

async function giveBack(deps: AppDeps, admission: Awaited<ReturnType<typeof admitTypedCode>>) {
  // Best effort: a give-back lost to a failing database leaves one extra wrong code counted, which only
  // shortens the time before a wait; the scan's own answer matters more.
  await typedCodeWasRight(deps.db, admission).catch(() => undefined);
}

async function flagGuessing(deps: AppDeps, sender: CounterActorRecord, client: ClientSignals, now: Date) {
  await recordFraudSignal(
    deps.db,
    {
      userId: null,
      adId: null,
      eventType: "counter_code_guessing",
      riskScore: 40,
      details: {
        companyId: sender.companyId,
        branchId: sender.branchId,
        staffId: sender.staffId,
        wrongCodes: wrongCodesBeforeWait,
      },
    },
    client,
    now,
  );
}

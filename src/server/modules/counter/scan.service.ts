import type { ScanRequest, ScanResult } from "../../../shared/contracts/counter";
import type { AppDeps } from "../../app-deps";
import type { ClientSignals } from "../../lib/client-signals";
import { requestHash } from "../../lib/request-hash";
import type { CounterActorRecord } from "../companies";
import { isRewardQr, readRewardTypedCode } from "../redemptions";
import { scanMemberCode } from "./member-code-scan";
import { scanRewardQr } from "./reward-qr-scan";
import { once, runLogged, type Said } from "./scan-log";
import { isTypedCode } from "./typed-code-guard";

/** A scan at the counter: a reward's QR is redeemed or looked up; a member's code stamps, hands over or looks. */
export async function performScan(
  deps: AppDeps,
  sender: CounterActorRecord,
  input: ScanRequest,
  client: ClientSignals,
): Promise<Said<ScanResult>> {
  const isReward = isRewardQr(input.qrData) || readRewardTypedCode(input.qrData) !== undefined;
  // A member's stamp is written in one statement, with its log row, that commits on its own.
  const stamping = !isReward && input.action === "stamp";
  return once(
    deps,
    sender,
    { ...input, requestHash: requestHash(input) },
    client,
    (context) =>
      runLogged(
        context,
        input.action,
        (db, log) =>
          isReward ? scanRewardQr(db, context, input, log) : scanMemberCode(db, context, input, log),
        { workCommits: stamping },
      ),
    // A member's scanned QR is read by scannedMember, which reads the log with it. A typed code's log is
    // read first: a resent wrong code is answered before the guard counts it as a guess.
    { workReadsLog: !isReward && !isTypedCode(input.qrData) },
  );
}

import { and, countDistinct, eq, gte } from "drizzle-orm";
import type { AppDeps } from "../../app-deps";
import { watchProgress } from "../../db/schema/watch";
import type { User } from "../auth";
import { type ClientSignals, hasSignalSince, recordFraudSignal } from "../fraud";

/** A family may share a phone; from this many accounts on one device in 30 days it is worth a look. */
const sharedDeviceAccounts = 3;
const lookbackMs = 30 * 24 * 60 * 60 * 1000;
const dayMs = 24 * 60 * 60 * 1000;

/**
 * Many accounts watching on one device (or one device hopping between accounts) is logged for the
 * anti-cheat review, at most once a day per member and device, with the number of accounts seen.
 */
export async function flagSharedDevice(deps: AppDeps, user: User, signals: ClientSignals, now: Date) {
  const device = signals.deviceFingerprint?.slice(0, 200);
  if (!device) return;
  const [seen] = await deps.db
    .select({ accounts: countDistinct(watchProgress.userId) })
    .from(watchProgress)
    .where(
      and(
        eq(watchProgress.deviceFingerprint, device),
        gte(watchProgress.createdAt, new Date(now.getTime() - lookbackMs)),
      ),
    );
  const accounts = seen?.accounts ?? 0;
  if (accounts < sharedDeviceAccounts) return;
  const since = new Date(now.getTime() - dayMs);
  const query = {
    userId: user.id,
    eventType: "many_accounts_on_device" as const,
    deviceFingerprint: device,
    since,
  };
  if (await hasSignalSince(deps.db, query)) return;
  await recordFraudSignal(
    deps.db,
    {
      userId: user.id,
      adId: null,
      eventType: "many_accounts_on_device",
      riskScore: 40,
      details: { accounts },
    },
    signals,
    now,
  );
}

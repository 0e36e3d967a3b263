import { type SQL, sql } from "drizzle-orm";
import type { FraudSignalType } from "../../../shared/fraud-signals";
import { antiCheatViolations, fraudDetection } from "../../db/schema/fraud";
import { riskWindowMs } from "./risk.service";

/** Signals that say a view's own reports were cheated: too fast, replayed, or sent from another session. */
const cheatedReports: FraudSignalType[] = [
  "watch_faster_than_real_time",
  "replayed_watch_progress",
  "foreign_watch_session",
];

export interface ViewForReview {
  userId: number;
  adId: number;
  deviceFingerprint: string | null;
  startedAt: Date;
  now: Date;
}

/**
 * Whether the fraud rules flag a view (docs/product-rules.md#invalid-views), as SQL read inside the
 * caller's statement: a cheated report during it, a shared-device signal on its device in the last 30
 * days, or its member's open anti-cheat case (their risk reached the threshold).
 */
export function fraudFlagsViewSql(view: ViewForReview): SQL<boolean> {
  const since = new Date(view.now.getTime() - riskWindowMs).toISOString();
  const sharedDevice = view.deviceFingerprint
    ? sql`exists (select 1 from ${fraudDetection} where ${fraudDetection.deviceFingerprint} = ${view.deviceFingerprint}
        and ${fraudDetection.eventType} = 'many_accounts_on_device' and ${fraudDetection.createdAt} >= ${since}::timestamptz)`
    : sql`false`;
  return sql<boolean>`(exists (select 1 from ${fraudDetection} where ${fraudDetection.userId} = ${view.userId}
      and ${fraudDetection.adId} = ${view.adId}
      and ${fraudDetection.eventType} in (${sql.join(
        cheatedReports.map((type) => sql`${type}`),
        sql`, `,
      )})
      and ${fraudDetection.createdAt} >= ${view.startedAt.toISOString()}::timestamptz)
    or ${sharedDevice}
    or exists (select 1 from ${antiCheatViolations} where ${antiCheatViolations.userId} = ${view.userId}
      and ${antiCheatViolations.status} = 'pending'))`;
}

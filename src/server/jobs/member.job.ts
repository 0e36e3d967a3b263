import type { AppDeps } from "../app-deps";
import { closeDueEntries, runDueDraws } from "../modules/draws";
import { remindExpiringRewards } from "../modules/rewards";
import { runJobOnce } from "./job-lock";

/** SMS only in Accra daytime (Accra is UTC all year). */
const daytimeHours = { from: 7, to: 21 };

/**
 * The members' jobs, each once per period by one instance: each minute, ended entries close and due
 * draws are drawn; expiring
 * rewards are reminded each hour in daytime.
 */
export async function runMemberJobs(deps: AppDeps, now: Date) {
  const ran: string[] = [];
  const draws = async () => {
    // Entries close (their list frozen and its hash published) before any draw runs on them.
    const closed = await closeDueEntries(deps, now);
    if (closed > 0) deps.log.info({ closed }, "draw entries closed");
    const drawn = await runDueDraws(deps, now);
    if (drawn > 0) deps.log.info({ drawn }, "scheduled draws drawn");
  };
  if (await runJobOnce(deps, "due-draws", now.toISOString().slice(0, 16), draws)) ran.push("draws");
  const hour = now.getUTCHours();
  const daytime = hour >= daytimeHours.from && hour < daytimeHours.to;
  const remind = async () => {
    const reminded = await remindExpiringRewards(deps, now);
    if (reminded > 0) deps.log.info({ reminded }, "expiring rewards reminded");
  };
  if (
    daytime &&
    (await runJobOnce(deps, "reward-expiry-reminders", now.toISOString().slice(0, 13), remind))
  ) {
    ran.push("expiry-reminders");
  }
  return ran;
}

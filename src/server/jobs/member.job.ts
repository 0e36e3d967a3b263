import type { AppDeps } from "../app-deps";
import { closeDueEntries, runDueDraws } from "../modules/draws";
import { isSmsDaytime, queueWeeklySummaries, sendQueuedMemberSms } from "../modules/notifications";
import { remindExpiringRewards } from "../modules/rewards";
import { runJobOnce } from "./job-lock";

/** The Accra date of the Monday that starts this week: the weekly summary's period. */
function weekOf(now: Date): string {
  const daysSinceMonday = (now.getUTCDay() + 6) % 7;
  return new Date(now.getTime() - daysSinceMonday * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/**
 * The members' jobs, each once per period by one instance: each minute, ended entries close and due
 * draws are drawn; in Accra daytime, expiring rewards are reminded each hour and queued texts go out
 * every 10 minutes; the weekly summaries are queued once a week.
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
  const daytime = isSmsDaytime(now);
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
  const summaries = async () => {
    const queued = await queueWeeklySummaries(deps, weekOf(now), now);
    if (queued > 0) deps.log.info({ queued }, "weekly SMS summaries queued");
  };
  if (await runJobOnce(deps, "weekly-sms-summaries", weekOf(now), summaries)) ran.push("weekly-summaries");
  const texts = async () => {
    const outcome = await sendQueuedMemberSms(deps, now);
    if (outcome.sent + outcome.skipped > 0) deps.log.info(outcome, "member SMS handed to the message queue");
  };
  // After the reminders, so a reminder queued this minute can go out in the same run.
  if (daytime && (await runJobOnce(deps, "member-sms", now.toISOString().slice(0, 15), texts))) {
    ran.push("member-sms");
  }
  return ran;
}

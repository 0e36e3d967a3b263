import type { JobRunItem } from "../../../shared/contracts/jobs";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { formatAccraDateTime } from "../../lib/dates";
import { useScheduledJobs } from "./jobs-api";

const jobNames: Record<string, string> = {
  "billing-sweep": "Plans and Anigye+ (each minute)",
  "renewal-reminders": "Renewal reminders (each hour)",
  "points-allocation-reset": "Monthly points allocations",
  "due-draws": "Closing entries and drawing due draws (each minute)",
  "reward-expiry-reminders": "Expiring-reward reminders (hourly, daytime)",
  "account-cleanup": "Account and credential cleanup (every 10 minutes)",
  "weekly-sms-summaries": "Members' weekly SMS summaries (each week)",
  "member-sms": "Sending members' queued SMS (every 10 minutes, daytime)",
  "money-ledger-check": "Checking that the money ledger balances (each day)",
  "payout-reconciliation": "Comparing cashback withdrawals with Paystack's transfers (each day)",
  "cashback-release":
    "Giving businesses back the cashback of rewards that ended unused, and settling payouts whose webhook never came (each hour)",
};

/** A job's name as the admin reads it; one this screen doesn't know yet reads as words, not a key. */
function jobName(job: string): string {
  const known = jobNames[job];
  if (known) return known;
  const words = job.replace(/[-_]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const statusTone = {
  succeeded: "text-green-800",
  running: "text-amber-800",
  failed: "text-red-700",
} as const;

/** When the run ended, or when it started while it is still running. */
const ranAt = (run: JobRunItem) => run.finishedAt ?? run.startedAt;

function RunStatus({ run }: { run: JobRunItem }) {
  return (
    <span className={`font-semibold ${statusTone[run.status]}`}>
      {run.status}
      {run.attempts > 1 && ` (attempt ${run.attempts})`}
    </span>
  );
}

/** Admins: whether each scheduled job ran, failed or is waiting for its retry. */
export function ScheduledJobsSection() {
  const jobs = useScheduledJobs();
  if (jobs.isPending) return <Skeleton className="h-32" />;
  if (jobs.isError) {
    return (
      <p role="alert" className="text-sm text-stone-800">
        We couldn't load the scheduled jobs.{" "}
        <Button variant="secondary" onClick={() => void jobs.refetch()}>
          Try again
        </Button>
      </p>
    );
  }
  if (jobs.data.jobs.length === 0) {
    return (
      <p className="text-sm text-stone-700">
        No job has run yet; the first run starts a minute after the server.
      </p>
    );
  }
  return (
    <ul className="space-y-2" data-testid="scheduled-jobs">
      {jobs.data.jobs.map(({ job, lastRun, runs24h, failures24h }) => (
        <li key={job} className="rounded-2xl bg-white p-3 text-sm ring-1 ring-stone-200" data-job={job}>
          <p className="font-semibold text-stone-900">{jobName(job)}</p>
          <p className="text-stone-700">
            Last run: <RunStatus run={lastRun} />
            {ranAt(lastRun) &&
              ` ${lastRun.finishedAt ? "at" : "since"} ${formatAccraDateTime(ranAt(lastRun)!)}`}{" "}
            (Accra) · {runs24h} runs, {failures24h} failed in 24 hours
          </p>
          {lastRun.error && (
            <p className="text-red-800">
              {lastRun.error}
              {lastRun.nextAttemptAt && ` · next try ${formatAccraDateTime(lastRun.nextAttemptAt)}`}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

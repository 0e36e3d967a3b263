import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type JobRunItem, jobsResponse } from "../../shared/contracts/jobs";
import type { AppDeps } from "../app-deps";
import { type JobRun, jobSummaries, recentJobRuns } from "./job-lock";

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toItem(run: JobRun): JobRunItem {
  return {
    job: run.job,
    period: run.period,
    status: run.status as JobRunItem["status"],
    attempts: run.attempts,
    startedAt: iso(run.startedAt),
    finishedAt: iso(run.finishedAt),
    nextAttemptAt: run.status === "failed" ? iso(run.nextAttemptAt) : null,
    error: run.error,
  };
}

/** Admins see each scheduled job's last run and failures (the runs live in job_runs). */
export function jobsRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/api/admin/jobs",
      {
        config: { access: "admin" },
        schema: {
          summary:
            "Scheduled jobs: each one's last run, runs and failures in 24 hours, and the newest runs (admins)",
          response: { 200: jobsResponse },
        },
      },
      async (_request, reply) => {
        reply.header("cache-control", "private, no-cache");
        const [summaries, recent] = await Promise.all([
          jobSummaries(deps.db, deps.now()),
          recentJobRuns(deps.db),
        ]);
        return {
          jobs: summaries.map((summary) => ({
            job: summary.run.job,
            lastRun: toItem(summary.run),
            runs24h: summary.runs24h,
            failures24h: summary.failures24h,
          })),
          recentRuns: recent.map(toItem),
        };
      },
    );
  };
}

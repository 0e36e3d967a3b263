import { z } from "zod";

/* The scheduled jobs' runs, for admins (GET /api/admin/jobs). */

export const jobRunItem = z.object({
  job: z.string(),
  /** The period the run is for, e.g. "2026-11-23T09" for an hourly job. */
  period: z.string(),
  status: z.enum(["running", "succeeded", "failed"]),
  attempts: z.number().int(),
  startedAt: z.iso.datetime().nullable(),
  finishedAt: z.iso.datetime().nullable(),
  /** When a failed run will be tried again (null when it won't be, or didn't fail). */
  nextAttemptAt: z.iso.datetime().nullable(),
  error: z.string().nullable(),
});
export type JobRunItem = z.infer<typeof jobRunItem>;

export const jobsResponse = z.object({
  jobs: z.array(
    z.object({
      job: z.string(),
      lastRun: jobRunItem,
      runs24h: z.number().int(),
      failures24h: z.number().int(),
    }),
  ),
  /** The newest 50 runs of every job. */
  recentRuns: z.array(jobRunItem),
});
export type JobsResponse = z.infer<typeof jobsResponse>;

import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { JobRunItem, JobsResponse } from "../../../shared/contracts/jobs";
import { queryKeys } from "../../lib/query-keys";
import { ScheduledJobsSection } from "./jobs-section";

vi.mock("../../lib/auth", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../lib/auth")>()),
  useAuth: () => ({ user: { id: 1, role: "admin" }, isAdmin: true, refreshUser: async () => {} }),
}));

// The admin's list of scheduled jobs: each job by a name a person reads, and its last run at a full
// Accra date and time (not the run's period key, e.g. "2026-11-26T10:4").

const run = (job: string, period: string, change: Partial<JobRunItem> = {}): JobRunItem => ({
  job,
  period,
  status: "succeeded",
  attempts: 1,
  startedAt: "2026-11-26T10:40:00.000Z",
  finishedAt: "2026-11-26T10:40:02.000Z",
  nextAttemptAt: null,
  error: null,
  ...change,
});

function jobsList(runs: JobRunItem[]) {
  const client = new QueryClient({
    defaultOptions: { queries: { queryFn: () => Promise.reject(new Error("offline")), retry: false } },
  });
  const answer: JobsResponse = {
    jobs: runs.map((lastRun) => ({ job: lastRun.job, lastRun, runs24h: 144, failures24h: 0 })),
    recentRuns: runs,
  };
  client.setQueryData(queryKeys.admin.jobs, answer);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <ScheduledJobsSection />
    </QueryClientProvider>,
  )
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'");
}

describe("the scheduled jobs an admin sees", () => {
  it("name each job in words and say when it last ran, in full, in Accra time", () => {
    const html = jobsList([
      run("account-cleanup", "2026-11-26T10:4"),
      run("member-sms", "2026-11-26T10:4"),
      run("weekly-sms-summaries", "2026-11-23"),
      run("a-new-job", "2026-11-26T10:40"),
    ]);

    expect(html).toContain("Account and credential cleanup (every 10 minutes)");
    expect(html).toContain("Sending members' queued SMS (every 10 minutes, daytime)");
    expect(html).toContain("Members' weekly SMS summaries (each week)");
    expect(html).toContain(">A new job</p>");
    expect(html).toContain(
      'Last run: <span class="font-semibold text-green-800">succeeded</span> at 26 Nov 2026, 10:40 am (Accra) · 144 runs, 0 failed in 24 hours',
    );
    for (const raw of ["2026-11-26T10:4", "2026-11-23", ">member-sms<", ">a-new-job<"]) {
      expect(html).not.toContain(raw);
    }
  });

  it("say since when a run that hasn't finished is running", () => {
    const html = jobsList([run("due-draws", "2026-11-26T10:41", { status: "running", finishedAt: null })]);

    expect(html).toContain("Closing entries and drawing due draws (each minute)");
    expect(html).toContain("running</span> since 26 Nov 2026, 10:40 am (Accra)");
  });
});

import { useQuery } from "@tanstack/react-query";
import type { JobsResponse } from "../../../shared/contracts/jobs";
import { getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

/** The scheduled jobs' last runs, read again every minute while open. */
export function useScheduledJobs() {
  const query = useQuery<JobsResponse>({
    queryKey: queryKeys.admin.jobs,
    queryFn: getJson("/api/admin/jobs"),
    staleTime: 0,
    refetchInterval: 60_000,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

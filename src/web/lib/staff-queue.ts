import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiJson } from "./api-client";
import { retryUnlessRefused } from "./api-errors";
import { queryKeys } from "./query-keys";
import { useRecheckSessionOn401 } from "./session-expiry";

/**
 * A staff queue's API (share proofs, purchases): pages newest first at `/api/staff/<queue>?status=…&before=…`,
 * and `POST /api/staff/<queue>/:id/decision`. A decided row leaves the pending pages at once; the queue is
 * then read again.
 */
export type StaffQueue = "share-proofs" | "purchases";

const queueUrl = (queue: StaffQueue) => `/api/staff/${queue}`;

/** One page of the queue, newest first; `before` pages back to older rows. */
export function useStaffQueuePage<Page>(queue: StaffQueue, status: string, before?: number) {
  const query = useQuery<Page>({
    queryKey: queryKeys.staffQueue.page(queue, status, before),
    queryFn: () =>
      apiJson<Page>("GET", `${queueUrl(queue)}?status=${status}${before ? `&before=${before}` : ""}`),
    staleTime: 0,
    retry: retryUnlessRefused,
    // New rows arrive while staff work through the queue.
    refetchInterval: before ? false : 60_000,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/**
 * One row's decision. A 409 (another staff member decided it first) also reads the queue again, so the
 * row drops out.
 */
export function useStaffDecision<Row, Page, Decision>(
  queue: StaffQueue,
  id: number,
  withoutRow: (page: Page, decided: Row) => Page,
) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.staffQueue.all(queue) });
  return useMutation({
    mutationFn: (decision: Decision) => apiJson<Row>("POST", `${queueUrl(queue)}/${id}/decision`, decision),
    onSuccess: (decided) => {
      queryClient.setQueriesData<Page>({ queryKey: queryKeys.staffQueue.status(queue, "pending") }, (old) =>
        old ? withoutRow(old, decided) : old,
      );
      void refresh();
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 409) void refresh();
    },
  });
}

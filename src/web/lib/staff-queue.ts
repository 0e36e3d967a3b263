import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiJson } from "./api-client";
import { retryUnlessRefused } from "./api-errors";
import { useRecheckSessionOn401 } from "./session-expiry";

/**
 * A staff queue's API (share proofs, purchases): pages newest first at `url?status=…&before=…`, and
 * `POST url/:id/decision`. A decided row leaves the pending pages at once; the queue is then read again.
 */

const startsWith = (prefix: string) => (query: { queryKey: readonly unknown[] }) =>
  String(query.queryKey[0]).startsWith(prefix);

/** One page of the queue, newest first; `before` pages back to older rows. */
export function useStaffQueuePage<Page>(url: string, status: string, before?: number) {
  const query = useQuery<Page>({
    queryKey: [`${url}?status=${status}${before ? `&before=${before}` : ""}`],
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
  url: string,
  id: number,
  withoutRow: (page: Page, decided: Row) => Page,
) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ predicate: startsWith(url) });
  return useMutation({
    mutationFn: (decision: Decision) => apiJson<Row>("POST", `${url}/${id}/decision`, decision),
    onSuccess: (decided) => {
      queryClient.setQueriesData<Page>({ predicate: startsWith(`${url}?status=pending`) }, (old) =>
        old ? withoutRow(old, decided) : old,
      );
      void refresh();
    },
    onError: (failure) => {
      if (failure instanceof ApiError && failure.status === 409) void refresh();
    },
  });
}

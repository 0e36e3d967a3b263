import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NotificationsResponse } from "../../../shared/contracts/notifications";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

const notificationsUrl = "/api/notifications";
/** The bell's count is read again this often; TanStack skips it while the tab is in the background. */
const unreadPollMs = 60_000;

/** The bell's unread count (the first page's answer carries it). */
export function useUnreadNotifications() {
  const { user } = useAuth();
  const query = useQuery<NotificationsResponse>({
    queryKey: queryKeys.notifications.latest(user?.id),
    queryFn: getJson(notificationsUrl),
    enabled: user !== null,
    staleTime: 30_000,
    retry: retryUnlessRefused,
    refetchInterval: unreadPollMs,
    refetchIntervalInBackground: false,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/** The notification centre's list, newest first, a page at a time ("Load more" follows nextBefore). */
export function useNotificationPages() {
  const { user } = useAuth();
  const query = useInfiniteQuery({
    queryKey: queryKeys.notifications.pages(user?.id),
    enabled: user !== null,
    staleTime: 0,
    retry: retryUnlessRefused,
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      apiJson<NotificationsResponse>(
        "GET",
        pageParam ? `${notificationsUrl}?before=${pageParam}` : notificationsUrl,
      ),
    getNextPageParam: (last) => last.nextBefore,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/** Marks these notifications read, or all of the member's without ids; the bell takes the new count. */
export function useMarkNotificationsRead() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) =>
      apiJson<{ unread: number }>("POST", `${notificationsUrl}/read`, ids ? { ids } : {}),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData<NotificationsResponse>(queryKeys.notifications.latest(user?.id), (old) =>
        old ? { ...old, unread } : old,
      );
    },
  });
}

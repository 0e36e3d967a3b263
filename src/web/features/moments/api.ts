import { useInfiniteQuery } from "@tanstack/react-query";
import type { MomentsPage } from "../../../shared/contracts/moments";
import { apiJson } from "../../lib/api-client";
import { useAuth } from "../../lib/auth";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

const momentsUrl = "/api/moments";

/** The member's timeline, newest first; older pages load when asked (no data spent on unseen history). */
export function useMoments() {
  const { user } = useAuth();
  const query = useInfiniteQuery({
    queryKey: queryKeys.moments.timeline(user?.id),
    enabled: user !== null,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiJson<MomentsPage>(
        "GET",
        pageParam ? `${momentsUrl}?before=${encodeURIComponent(pageParam)}` : momentsUrl,
      ),
    getNextPageParam: (page) => page.nextCursor,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

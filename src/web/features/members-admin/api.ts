import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminMemberDetail,
  AdminMemberItem,
  AdminOverview,
  AdminUsersResponse,
  MemberRoleRequest,
  MemberStatusRequest,
} from "../../../shared/contracts/admin-members";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

const overviewUrl = "/api/admin/overview";
const usersUrl = "/api/admin/users";

/** The admin's home numbers, read again every minute while the page is open. */
export function useAdminOverview() {
  const query = useQuery<AdminOverview>({
    queryKey: queryKeys.admin.overview,
    queryFn: getJson(overviewUrl),
    staleTime: 0,
    refetchInterval: 60_000,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

export function membersSearchUrl(q: string, page: number): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${usersUrl}?${query}` : usersUrl;
}

/** One page of members matching the search box. */
export function useMembersSearch(q: string, page: number) {
  const query = useQuery<AdminUsersResponse>({
    queryKey: queryKeys.admin.members(q, page),
    queryFn: getJson(membersSearchUrl(q, page)),
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

export function memberUrl(userId: number): string {
  return `${usersUrl}/${userId}`;
}

/** A member's page: balances, risk, ledger, rewards, views, devices and cases. */
export function useMemberDetail(userId: number) {
  const query = useQuery<AdminMemberDetail>({
    queryKey: queryKeys.admin.member(userId),
    queryFn: getJson(memberUrl(userId)),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/** After a change to a member, every admin list that shows them is read again. */
export function useRefreshAdminLists() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.all });
}

export function useSetMemberStatus(userId: number) {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (body: MemberStatusRequest) =>
      apiJson<AdminMemberItem>("POST", `${memberUrl(userId)}/status`, body),
    onSuccess: () => void refresh(),
  });
}

export function useSetMemberRole(userId: number) {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (body: MemberRoleRequest) =>
      apiJson<AdminMemberItem>("POST", `${memberUrl(userId)}/role`, body),
    onSuccess: () => void refresh(),
  });
}

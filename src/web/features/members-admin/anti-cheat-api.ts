import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type {
  FraudEventsResponse,
  ViolationDecisionRequest,
  ViolationDecisionResponse,
  ViolationsResponse,
} from "../../../shared/contracts/anti-cheat";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";
import { useRefreshAdminLists } from "./api";

export interface FraudFilter {
  type: string;
  userId: string;
  companyId: string;
  from: string;
  to: string;
}

export const emptyFraudFilter: FraudFilter = { type: "", userId: "", companyId: "", from: "", to: "" };

/** The feed's URL: only the boxes filled in; dates (yyyy-mm-dd, Accra = UTC) become whole days. */
export function fraudEventsUrl(filter: FraudFilter, page: number): string {
  const params = new URLSearchParams();
  if (filter.type) params.set("type", filter.type);
  if (filter.userId.trim()) params.set("userId", filter.userId.trim());
  if (filter.companyId.trim()) params.set("companyId", filter.companyId.trim());
  if (filter.from) params.set("from", `${filter.from}T00:00:00Z`);
  if (filter.to) params.set("to", `${filter.to}T23:59:59Z`);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/api/admin/fraud/events?${query}` : "/api/admin/fraud/events";
}

export function useFraudEvents(filter: FraudFilter, page: number) {
  const query = useQuery<FraudEventsResponse>({
    queryKey: queryKeys.admin.fraudEvents(filter, page),
    queryFn: getJson(fraudEventsUrl(filter, page)),
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

export function violationsUrl(status: string, page: number): string {
  const params = new URLSearchParams();
  if (status) params.set("status", status);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `/api/admin/violations?${query}` : "/api/admin/violations";
}

export function useViolations(status: string, page: number) {
  const query = useQuery<ViolationsResponse>({
    queryKey: queryKeys.admin.violations(status, page),
    queryFn: getJson(violationsUrl(status, page)),
    staleTime: 0,
    placeholderData: keepPreviousData,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/** Deciding a case changes the queue, the member's page and the overview: all are read again. */
export function useDecideViolation(violationId: number) {
  const refresh = useRefreshAdminLists();
  return useMutation({
    mutationFn: (body: ViolationDecisionRequest) =>
      apiJson<ViolationDecisionResponse>("POST", `/api/admin/violations/${violationId}/decision`, body),
    onSettled: () => void refresh(),
  });
}

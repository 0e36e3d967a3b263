import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { MessageResponse } from "../../../shared/contracts/auth";
import type {
  AdminCompanyDetail,
  AdminCompanyStatus,
  AdminUpdateCompanyRequest,
  CompanyProfile,
  CompanyStatusRequest,
  CreateCompanyRequest,
  setCompanyPlanRequest,
} from "../../../shared/contracts/companies";
import type { PlanId } from "../../../shared/plans";
import { apiJson, apiRequest } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

export const adminCompaniesUrl = "/api/admin/companies";

export interface CompaniesFilter {
  q: string;
  status: AdminCompanyStatus | "";
  plan: PlanId | "";
  page: number;
}

export interface CompaniesPage {
  companies: CompanyProfile[];
  /** Every business that matches, all pages together (the X-Total-Count header). */
  total: number;
}

function companiesPageUrl({ q, status, plan, page }: CompaniesFilter): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set("q", q.trim());
  if (status) params.set("status", status);
  if (plan) params.set("plan", plan);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `${adminCompaniesUrl}?${query}` : adminCompaniesUrl;
}

/** One page of businesses; the previous page stays on screen while the next one loads. */
export function useAdminCompanies(filter: CompaniesFilter) {
  const query = useQuery<CompaniesPage>({
    queryKey: queryKeys.admin.companies.list(filter),
    queryFn: async () => {
      const response = await apiRequest("GET", companiesPageUrl(filter));
      const companies = (await response.json()) as CompanyProfile[];
      return { companies, total: Number(response.headers.get("x-total-count") ?? companies.length) };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

export function useAdminCompany(companyId: number, enabled: boolean) {
  const query = useQuery<AdminCompanyDetail>({
    queryKey: queryKeys.admin.companies.detail(companyId),
    queryFn: () => apiJson<AdminCompanyDetail>("GET", `${adminCompaniesUrl}/${companyId}`),
    enabled,
    staleTime: 0,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/** Every list page and details panel is read again after a change. */
function useRefreshCompanies() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.companies.all });
}

export function useRegisterCompany() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: (body: CreateCompanyRequest) => apiJson<CompanyProfile>("POST", adminCompaniesUrl, body),
    onSuccess: refresh,
  });
}

export function useSetCompanyPlan() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: ({ companyId, ...body }: { companyId: number } & z.output<typeof setCompanyPlanRequest>) =>
      apiJson<CompanyProfile>("PUT", `${adminCompaniesUrl}/${companyId}/plan`, body),
    onSuccess: refresh,
  });
}

export function useUpdateCompany() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: ({ companyId, ...body }: { companyId: number } & AdminUpdateCompanyRequest) =>
      apiJson<CompanyProfile>("PATCH", `${adminCompaniesUrl}/${companyId}`, body),
    onSuccess: refresh,
  });
}

export function useSetCompanyStatus() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: ({ companyId, ...body }: { companyId: number } & CompanyStatusRequest) =>
      apiJson<CompanyProfile>("POST", `${adminCompaniesUrl}/${companyId}/status`, body),
    onSuccess: refresh,
  });
}

export function useResendCompanySetupLink() {
  const refresh = useRefreshCompanies();
  return useMutation({
    mutationFn: (companyId: number) =>
      apiJson<MessageResponse>("POST", `${adminCompaniesUrl}/${companyId}/setup-link`),
    onSuccess: refresh,
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse } from "../../../shared/contracts/auth";
import type { CompanyProfile, CreateCompanyRequest } from "../../../shared/contracts/companies";
import type { PlanId } from "../../../shared/plans";
import { apiJson } from "../../lib/api-client";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

export const adminCompaniesUrl = "/api/admin/companies";

export function useAdminCompanies(enabled: boolean) {
  const query = useQuery<CompanyProfile[]>({ queryKey: [adminCompaniesUrl], enabled, staleTime: 0 });
  useRecheckSessionOn401(query.error);
  return query;
}

function useRefreshCompanies() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [adminCompaniesUrl] });
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
    mutationFn: ({
      companyId,
      plan,
      paidUntil,
    }: {
      companyId: number;
      plan: PlanId;
      paidUntil: string | null;
    }) => apiJson<CompanyProfile>("PUT", `${adminCompaniesUrl}/${companyId}/plan`, { plan, paidUntil }),
    onSuccess: refresh,
  });
}

export function useResendCompanySetupLink() {
  return useMutation({
    mutationFn: (companyId: number) =>
      apiJson<MessageResponse>("POST", `${adminCompaniesUrl}/${companyId}/setup-link`),
  });
}

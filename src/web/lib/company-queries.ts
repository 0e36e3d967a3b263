import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { BranchesResponse } from "../../shared/contracts/branches";
import { getJson } from "./api-client";
import { retryUnlessRefused } from "./api-errors";
import { queryKeys } from "./query-keys";

/**
 * The business's API base, which is also where its profile is read: the business features (account,
 * ads, staff, analytics) build their URLs on it.
 */
export const companyUrl = (companyId: number) => `/api/companies/${companyId}`;

/** Re-reads the company (its plan) after the server said the page's copy of the plan was out of date. */
export function useRefreshCompany(companyId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.business.profile(companyId) });
}

export const companyBranchesUrl = (companyId: number) => `${companyUrl(companyId)}/branches`;

/** The business's open branches and its plan's limit: the Branches tab edits them, staff are assigned to one. */
export function useBranches(companyId: number) {
  return useQuery<BranchesResponse>({
    queryKey: queryKeys.business.branches(companyId),
    queryFn: getJson(companyBranchesUrl(companyId)),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

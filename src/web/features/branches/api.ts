import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Branch, BranchesResponse, CreateBranchRequest } from "../../../shared/contracts/branches";
import { apiJson, apiRequest, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { companyUrl } from "../../lib/company-queries";
import { queryKeys } from "../../lib/query-keys";

const branchesUrl = (companyId: number) => `${companyUrl(companyId)}/branches`;

export function useBranches(companyId: number) {
  return useQuery<BranchesResponse>({
    queryKey: queryKeys.business.branches(companyId),
    queryFn: getJson(branchesUrl(companyId)),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

function useBranchMutation<T>(companyId: number, send: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.business.branches(companyId) }),
  });
}

export function useAddBranch(companyId: number) {
  return useBranchMutation(companyId, (body: CreateBranchRequest) =>
    apiJson<Branch>("POST", branchesUrl(companyId), body),
  );
}

export function useUpdateBranch(companyId: number) {
  return useBranchMutation(companyId, ({ id, ...body }: CreateBranchRequest & { id: number }) =>
    apiJson<Branch>("PATCH", `${branchesUrl(companyId)}/${id}`, body),
  );
}

export function useRemoveBranch(companyId: number) {
  return useBranchMutation(companyId, async (id: number) => {
    await apiRequest("DELETE", `${branchesUrl(companyId)}/${id}`);
  });
}

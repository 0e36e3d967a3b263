import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Branch, CreateBranchRequest } from "../../../shared/contracts/branches";
import { apiJson, apiRequest } from "../../lib/api-client";
import { companyBranchesUrl } from "../../lib/company-queries";
import { queryKeys } from "../../lib/query-keys";

function useBranchMutation<T>(companyId: number, send: (body: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.business.branches(companyId) }),
  });
}

export function useAddBranch(companyId: number) {
  return useBranchMutation(companyId, (body: CreateBranchRequest) =>
    apiJson<Branch>("POST", companyBranchesUrl(companyId), body),
  );
}

export function useUpdateBranch(companyId: number) {
  return useBranchMutation(companyId, ({ id, ...body }: CreateBranchRequest & { id: number }) =>
    apiJson<Branch>("PATCH", `${companyBranchesUrl(companyId)}/${id}`, body),
  );
}

export function useRemoveBranch(companyId: number) {
  return useBranchMutation(companyId, async (id: number) => {
    await apiRequest("DELETE", `${companyBranchesUrl(companyId)}/${id}`);
  });
}

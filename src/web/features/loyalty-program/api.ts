import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { LoyaltyProgram, LoyaltyProgramRequest } from "../../../shared/contracts/counter";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { companyUrl } from "../../lib/company-queries";
import { queryKeys } from "../../lib/query-keys";

export const loyaltyProgramUrl = (companyId: number) => `${companyUrl(companyId)}/loyalty-program`;

/** The business's loyalty program, or null before the owner sets one up. */
export function useLoyaltyProgram(companyId: number) {
  return useQuery<{ program: LoyaltyProgram | null }>({
    queryKey: queryKeys.business.loyaltyProgram(companyId),
    queryFn: getJson(loyaltyProgramUrl(companyId)),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

export function useSaveLoyaltyProgram(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoyaltyProgramRequest) =>
      apiJson<LoyaltyProgram>("PUT", loyaltyProgramUrl(companyId), body),
    onSuccess: (program) =>
      queryClient.setQueryData(queryKeys.business.loyaltyProgram(companyId), { program }),
  });
}

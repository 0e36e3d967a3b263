import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateStaffRequest, StaffMember } from "../../../shared/contracts/companies";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { companyUrl } from "../../lib/company-queries";
import { queryKeys } from "../../lib/query-keys";

export const companyStaffUrl = (companyId: number) => `${companyUrl(companyId)}/staff`;

export function useStaff(companyId: number) {
  return useQuery<StaffMember[]>({
    queryKey: queryKeys.business.staff(companyId),
    queryFn: getJson(companyStaffUrl(companyId)),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

export function useAddStaff(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateStaffRequest) => apiJson<StaffMember>("POST", companyStaffUrl(companyId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.business.staff(companyId) }),
  });
}

/** Moves a staff member to a branch, or to none (null). */
export function useAssignStaffBranch(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, branchId }: { staffId: number; branchId: number | null }) =>
      apiJson<StaffMember>("PATCH", `${companyStaffUrl(companyId)}/${staffId}`, { branchId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.business.staff(companyId) }),
  });
}

export function useDeactivateStaff(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffId: number) =>
      apiJson<StaffMember>("DELETE", `${companyStaffUrl(companyId)}/${staffId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.business.staff(companyId) }),
  });
}

/** Lets a staff member kept out by wrong PINs sign in again, from any phone, before the 15 minutes are up. */
export function useUnlockStaff(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffId: number) =>
      apiJson<StaffMember>("POST", `${companyStaffUrl(companyId)}/${staffId}/unlock`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.business.staff(companyId) }),
  });
}

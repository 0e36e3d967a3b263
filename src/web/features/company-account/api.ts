import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse } from "../../../shared/contracts/auth";
import type {
  CompanyLoginResponse,
  CompanyProfile,
  CompanySummary,
} from "../../../shared/contracts/companies";
import { apiJson, getJson, getOrNullOn401 } from "../../lib/api-client";
import { requireSuccess, retryUnlessRefused } from "../../lib/api-errors";
import { companyUrl } from "../../lib/company-queries";
import { queryKeys } from "../../lib/query-keys";
import { type UploadProgress, uploadForm } from "../../lib/upload";

export const companyMeUrl = "/api/companies/me";

/** The business signed in on this device (the company session), or null. */
export function useCompanyMe() {
  return useQuery({
    queryKey: queryKeys.business.session,
    queryFn: getOrNullOn401<{ company: CompanySummary | null }>(companyMeUrl),
    // Sign-in and sign-out drop this cache, so a short freshness only saves repeat calls between pages.
    staleTime: 30_000,
    retry: retryUnlessRefused,
  });
}

/** After a company signs in or out, everything cached for a business is stale. */
function useResetCompanyCache() {
  const queryClient = useQueryClient();
  return () => queryClient.removeQueries({ queryKey: queryKeys.business.all });
}

export function useCompanyLogin() {
  const reset = useResetCompanyCache();
  return useMutation({
    mutationFn: async (body: { username: string; password: string }) =>
      requireSuccess(await apiJson<CompanyLoginResponse>("POST", "/api/companies/login", body)),
    onSuccess: (result) => {
      if (result.company) reset();
    },
  });
}

export function useCompanyLoginCode() {
  const reset = useResetCompanyCache();
  return useMutation({
    mutationFn: async (code: string) =>
      requireSuccess(await apiJson<CompanyLoginResponse>("POST", "/api/companies/login/code", { code })),
    onSuccess: reset,
  });
}

export function useCompanySetup() {
  const reset = useResetCompanyCache();
  return useMutation({
    mutationFn: async (body: { token: string; username: string; newPassword: string }) =>
      requireSuccess(await apiJson<CompanyLoginResponse>("POST", "/api/companies/setup", body)),
    onSuccess: reset,
  });
}

export type ResendSetupBody = { companyId?: number; contactEmail?: string; contactPhone?: string };

export function useResendSetup() {
  return useMutation({
    mutationFn: (body: ResendSetupBody) =>
      apiJson<MessageResponse>("POST", "/api/companies/setup/resend", body),
  });
}

export function useCompanyLogout() {
  const reset = useResetCompanyCache();
  return useMutation({
    mutationFn: () => apiJson<MessageResponse>("POST", "/api/companies/logout"),
    onSettled: reset,
  });
}

export function useCompanyProfile(companyId: number | null) {
  return useQuery<CompanyProfile>({
    queryKey: queryKeys.business.profile(companyId ?? 0),
    queryFn: getJson(companyUrl(companyId ?? 0)),
    enabled: companyId !== null,
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

/** A call answered with the company profile: the cache follows it. */
function useProfileAnswer(companyId: number) {
  const queryClient = useQueryClient();
  return (profile: CompanyProfile) =>
    queryClient.setQueryData(queryKeys.business.profile(companyId), profile);
}

/** Left out: unchanged; null: cleared by the owner. */
export type CompanyProfileUpdate = {
  address?: string | null;
  googleMapsUrl?: string | null;
  phone?: string | null;
  businessHours?: string | null;
  searchTags?: string[];
  otpEnabled?: boolean;
};

export function useUpdateCompanyProfile(companyId: number) {
  const onProfile = useProfileAnswer(companyId);
  return useMutation({
    mutationFn: (body: CompanyProfileUpdate) =>
      apiJson<CompanyProfile>("PATCH", `${companyUrl(companyId)}/profile`, body),
    onSuccess: onProfile,
  });
}

export function useUploadCompanyImage(companyId: number, kind: "logo" | "storefront") {
  const onProfile = useProfileAnswer(companyId);
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress(progress: UploadProgress): void }) => {
      const form = new FormData();
      form.append("file", file);
      return uploadForm<CompanyProfile>(`${companyUrl(companyId)}/${kind}`, form, { onProgress });
    },
    onSuccess: onProfile,
  });
}

/** A one-time sign-in link to the business's email (or phone); the same answer for any username. */
export function useSendCompanySignInLink() {
  return useMutation({
    mutationFn: (username: string) =>
      apiJson<MessageResponse>("POST", "/api/companies/send-login-link", { username }),
  });
}

export function useCompanySignInWithLink() {
  const reset = useResetCompanyCache();
  return useMutation({
    mutationFn: async (token: string) =>
      requireSuccess(await apiJson<CompanyLoginResponse>("POST", "/api/companies/login/link", { token })),
    onSuccess: reset,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdInput, CompanyAd, UploadedMedia } from "../../../shared/contracts/ads";
import type { AnalyticsResponse } from "../../../shared/contracts/analytics";
import type { MessageResponse } from "../../../shared/contracts/auth";
import type {
  CompanyLoginResponse,
  CompanyProfile,
  CompanySummary,
  StaffMember,
} from "../../../shared/contracts/companies";
import { ApiError, apiJson, getQueryFn } from "../../lib/api-client";
import { requireSuccess } from "../../lib/forms";
import { type UploadProgress, uploadForm } from "../../lib/upload";

export const companyMeUrl = "/api/companies/me";
export const companyUrl = (companyId: number) => `/api/companies/${companyId}`;
export const companyAdsUrl = (companyId: number) => `${companyUrl(companyId)}/ads`;
export const companyStaffUrl = (companyId: number) => `${companyUrl(companyId)}/staff`;
export const companyAnalyticsUrl = (companyId: number, days: number) =>
  `${companyUrl(companyId)}/analytics?days=${days}`;
/** A plain link to this downloads the file: the browser sends the session cookie with it. */
export const companyAnalyticsCsvUrl = (companyId: number, days: number) =>
  `${companyUrl(companyId)}/analytics.csv?days=${days}`;

/** A refusal (401, 403, 404) will not change by asking again; only network trouble and 5xx are retried. */
const retryUnlessRefused = (failureCount: number, error: Error) =>
  !(error instanceof ApiError && error.status < 500) && failureCount < 3;

/** The business signed in on this device (the company session), or null. */
export function useCompanyMe() {
  return useQuery({
    queryKey: [companyMeUrl],
    queryFn: getQueryFn<{ company: CompanySummary | null }>({ on401: "returnNull" }),
    // Sign-in and sign-out drop this cache, so a short freshness only saves repeat calls between pages.
    staleTime: 30_000,
    retry: retryUnlessRefused,
  });
}

/** After a company signs in or out, everything cached for a business is stale. */
function useResetCompanyCache() {
  const queryClient = useQueryClient();
  return () =>
    queryClient.removeQueries({
      predicate: (query) => String(query.queryKey[0]).startsWith("/api/companies"),
    });
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

export type ResendSetupBody = { companyId: number } | { contactEmail: string } | { contactPhone: string };

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
    queryKey: [companyUrl(companyId ?? 0)],
    enabled: companyId !== null,
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

/** Re-reads the company (its plan) after the server said the page's copy of the plan was out of date. */
export function useRefreshCompany(companyId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [companyUrl(companyId)] });
}

/** A call answered with the company profile: the cache follows it. */
function useProfileAnswer(companyId: number) {
  const queryClient = useQueryClient();
  return (profile: CompanyProfile) => queryClient.setQueryData([companyUrl(companyId)], profile);
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

export function uploadAdMedia(
  companyId: number,
  file: File,
  poster: Blob | null,
  onProgress: (progress: UploadProgress) => void,
) {
  const form = new FormData();
  form.append("file", file);
  if (poster) form.append("poster", poster, poster.type === "image/webp" ? "poster.webp" : "poster.jpg");
  return uploadForm<UploadedMedia>(`${companyUrl(companyId)}/media`, form, { onProgress });
}

export function useCompanyAds(companyId: number) {
  return useQuery<CompanyAd[]>({
    queryKey: [companyAdsUrl(companyId)],
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

/** An ad change moves the list and the plan's "ads used": both are read again. */
function useAdChange<TVariables, TResult>(
  companyId: number,
  call: (variables: TVariables) => Promise<TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [companyAdsUrl(companyId)] }),
        queryClient.invalidateQueries({ queryKey: [companyUrl(companyId)] }),
      ]),
  });
}

export function useSaveAd(companyId: number) {
  return useAdChange(companyId, ({ adId, body }: { adId: number | null; body: AdInput }) =>
    adId === null
      ? apiJson<CompanyAd>("POST", companyAdsUrl(companyId), body)
      : apiJson<CompanyAd>("PUT", `${companyAdsUrl(companyId)}/${adId}`, body),
  );
}

export function useSetAdPaused(companyId: number) {
  return useAdChange(companyId, ({ adId, paused }: { adId: number; paused: boolean }) =>
    apiJson<CompanyAd>("POST", `${companyAdsUrl(companyId)}/${adId}/${paused ? "pause" : "resume"}`),
  );
}

export function useDeleteAd(companyId: number) {
  return useAdChange(companyId, (adId: number) =>
    apiJson<MessageResponse>("DELETE", `${companyAdsUrl(companyId)}/${adId}`),
  );
}

export function useStaff(companyId: number) {
  return useQuery<StaffMember[]>({
    queryKey: [companyStaffUrl(companyId)],
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

export function useAddStaff(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; pin: string }) =>
      apiJson<StaffMember>("POST", companyStaffUrl(companyId), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [companyStaffUrl(companyId)] }),
  });
}

export function useDeactivateStaff(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (staffId: number) =>
      apiJson<StaffMember>("DELETE", `${companyStaffUrl(companyId)}/${staffId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [companyStaffUrl(companyId)] }),
  });
}

/** The company's numbers for the last `days` days, as its plan allows; the last period stays shown while the next loads. */
export function useCompanyAnalytics(companyId: number | null, days: number) {
  return useQuery<AnalyticsResponse>({
    queryKey: [companyAnalyticsUrl(companyId ?? 0, days)],
    enabled: companyId !== null,
    staleTime: 60_000,
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
}

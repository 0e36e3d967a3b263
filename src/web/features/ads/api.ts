import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdInput, CompanyAd, UploadedMedia } from "../../../shared/contracts/ads";
import type { MessageResponse } from "../../../shared/contracts/auth";
import type { BranchesResponse } from "../../../shared/contracts/branches";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { companyUrl } from "../../lib/company-queries";
import { queryKeys } from "../../lib/query-keys";
import { type UploadProgress, uploadForm } from "../../lib/upload";

export const companyAdsUrl = (companyId: number) => `${companyUrl(companyId)}/ads`;

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
    queryKey: queryKeys.business.ads(companyId),
    queryFn: getJson(companyAdsUrl(companyId)),
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
        queryClient.invalidateQueries({ queryKey: queryKeys.business.ads(companyId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.business.profile(companyId) }),
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

/** The business's live branches, for an ad's branch choice. */
export function useBranchChoices(companyId: number) {
  return useQuery<BranchesResponse>({
    queryKey: queryKeys.business.branches(companyId),
    queryFn: getJson(`${companyUrl(companyId)}/branches`),
    staleTime: 60_000,
  });
}

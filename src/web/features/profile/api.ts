import { useIsMutating, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { MessageResponse } from "../../../shared/contracts/auth";
import type { OnboardingRequest, Profile } from "../../../shared/contracts/profile";
import { memberReadPaths } from "../../../shared/prerendered-pages";
import { apiJson, getJson } from "../../lib/api-client";
import { useAuth } from "../../lib/auth";
import { freshWhileAPageOpens } from "../../lib/query-client";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

const profileUrl = memberReadPaths.profile;

/** The profile is keyed by user id, so another account signing in on this phone never sees it. */
function useProfileKey() {
  const { user } = useAuth();
  return queryKeys.profile(user?.id);
}

export function useProfile() {
  const { user } = useAuth();
  const query = useQuery<Profile>({
    queryKey: queryKeys.profile(user?.id),
    queryFn: getJson(profileUrl),
    enabled: user?.id !== undefined,
    staleTime: freshWhileAPageOpens,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/** A mutation answered with the new profile: the cache follows it, and the signed-in user when asked. */
function useProfileMutation<TBody>(method: string, url: string, refreshesUser = true) {
  const queryClient = useQueryClient();
  const key = useProfileKey();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationKey: [method, url],
    mutationFn: (body: TBody) => apiJson<Profile>(method, url, body),
    onSuccess: (profile) => {
      queryClient.setQueryData(key, profile);
      if (refreshesUser) void refreshUser();
    },
  });
}

export function useSaveOnboarding() {
  // Only the last step changes the session user (onboardingCompleted); the page refreshes it then.
  return useProfileMutation<OnboardingRequest>("PUT", `${profileUrl}/onboarding`, false);
}

export function useUpdateProfile() {
  return useProfileMutation<{ displayName?: string; username?: string }>("PATCH", profileUrl);
}

export function useChangeEmail() {
  return useProfileMutation<{ email: string; password?: string }>("POST", `${profileUrl}/email`);
}

export function useChangePhone() {
  return useProfileMutation<{ phoneNumber: string | null }>("POST", `${profileUrl}/phone`);
}

/** Whether a phone change (a new number or its removal) is on its way, from any form on the page. */
export function useIsChangingPhone(): boolean {
  return useIsMutating({ mutationKey: ["POST", `${profileUrl}/phone`] }) > 0;
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (body: { currentPassword?: string; newPassword: string }) =>
      apiJson<MessageResponse>("POST", `${profileUrl}/password`, body),
  });
}

export function useSignOutEverywhere() {
  return useMutation({
    mutationFn: () => apiJson<MessageResponse>("POST", `${profileUrl}/sign-out-everywhere`),
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (body: { password?: string; confirm: "DELETE" }) =>
      apiJson<MessageResponse>("DELETE", profileUrl, body),
  });
}

/** Re-read the profile (after a phone or email check changed it on the server). */
export function useInvalidateProfile() {
  const queryClient = useQueryClient();
  const key = useProfileKey();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export function useSavePreferences() {
  return useProfileMutation<{ smsConsent?: boolean; leaderboardOptOut?: boolean }>(
    "PUT",
    `${profileUrl}/preferences`,
    false,
  );
}

import { useMutation, useQuery } from "@tanstack/react-query";
import type {
  AuthProviders,
  AuthResponse,
  LoginRequest,
  MessageResponse,
  RegisterRequest,
  RegisterResponse,
  VerifyResponse,
} from "../../../shared/contracts/auth";
import type { PhoneInviteHolding } from "../../../shared/contracts/counter";
import { apiJson, getJson } from "../../lib/api-client";
import { requireSuccess } from "../../lib/api-errors";
import { queryKeys } from "../../lib/query-keys";

export type VerificationState = VerifyResponse["verification"];

export const verificationPollMs = 5_000;

export function useAuthProviders() {
  return useQuery<AuthProviders>({
    queryKey: queryKeys.auth.providers,
    queryFn: getJson("/api/auth/providers"),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * What the shop whose invite SMS opened registration holds for the number, by the link's token (public;
 * nothing about any member). Not retried on a refusal: an unknown link stays unknown.
 */
export function usePhoneInvite(token: string | null) {
  return useQuery<PhoneInviteHolding>({
    queryKey: queryKeys.auth.phoneInvite(token ?? ""),
    queryFn: getJson(`/api/phone-invites/${encodeURIComponent(token ?? "")}`),
    enabled: token !== null,
    staleTime: 60_000,
    retry: false,
  });
}

export function useLogin() {
  return useMutation({
    mutationFn: async (body: LoginRequest) =>
      requireSuccess(await apiJson<AuthResponse>("POST", "/api/auth/login", body)),
  });
}

export function useRegister() {
  return useMutation({
    mutationFn: async (body: RegisterRequest) =>
      requireSuccess(await apiJson<RegisterResponse>("POST", "/api/auth/register", body)),
  });
}

export function useVerifyEmail() {
  return useMutation({
    mutationFn: async (token: string) =>
      requireSuccess(await apiJson<VerifyResponse>("POST", "/api/auth/verify-email", { token })),
  });
}

/** The signed-in user's verification, re-read every 5 s so a link opened elsewhere activates this tab. */
export function useVerificationStatus(userId: number | undefined, enabled: boolean) {
  return useQuery<{ verification: VerificationState }>({
    queryKey: queryKeys.auth.verification(userId),
    queryFn: getJson("/api/auth/verification"),
    enabled: enabled && userId !== undefined,
    staleTime: 0,
    refetchInterval: verificationPollMs,
    refetchOnWindowFocus: true,
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (identifier: string) =>
      apiJson<MessageResponse>("POST", "/api/auth/forgot-password", { identifier }),
  });
}

export type ResetPasswordBody =
  | { token: string; newPassword: string }
  | { phoneNumber: string; otp: string; newPassword: string };

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiJson<MessageResponse>("POST", "/api/auth/reset-password", body),
  });
}

/** Emails a one-time sign-in link; the answer is the same whether or not the account exists. */
export function useSendSignInLink() {
  return useMutation({
    mutationFn: (email: string) =>
      apiJson<MessageResponse>("POST", "/api/auth/send-email-link", { email, purpose: "login" }),
  });
}

export function useSignInWithLink() {
  return useMutation({
    mutationFn: async (token: string) =>
      requireSuccess(await apiJson<AuthResponse>("POST", "/api/auth/login/link", { token })),
  });
}

/** Texts a sign-in code to a member's verified number; the answer is the same for any number. */
export function useSendPhoneSignInCode() {
  return useMutation({
    mutationFn: async (phoneNumber: string) =>
      requireSuccess(await apiJson<MessageResponse>("POST", "/api/auth/phone/code", { phoneNumber })),
  });
}

export function useSignInWithPhoneCode() {
  return useMutation({
    mutationFn: async (body: { phoneNumber: string; code: string }) =>
      requireSuccess(await apiJson<AuthResponse>("POST", "/api/auth/phone/sign-in", body)),
  });
}

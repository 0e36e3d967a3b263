import { useMutation } from "@tanstack/react-query";
import type { MessageResponse, VerifyResponse } from "../../shared/contracts/auth";
import { apiJson } from "./api-client";
import { requireSuccess } from "./api-errors";

/**
 * The email link and SMS code calls, shared by registration (verifying a new account) and the profile
 * (verifying a changed email or phone).
 */
export function useSendEmailLink() {
  return useMutation({
    mutationFn: (email: string) =>
      apiJson<MessageResponse>("POST", "/api/auth/send-email-link", { email, purpose: "registration" }),
  });
}

export function useSendPhoneOtp() {
  return useMutation({
    mutationFn: (phoneNumber: string) =>
      apiJson<MessageResponse>("POST", "/api/auth/send-phone-otp", { phoneNumber, purpose: "registration" }),
  });
}

export function useVerifyOtp() {
  return useMutation({
    mutationFn: async (body: { phoneNumber: string; otp: string }) =>
      requireSuccess(
        await apiJson<VerifyResponse>("POST", "/api/auth/verify-otp", { ...body, purpose: "registration" }),
      ),
  });
}

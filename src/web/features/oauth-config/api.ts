import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  OAuthConfigResponse,
  TestOAuthIssuerRequest,
  TestOAuthIssuerResponse,
  UpdateOAuthConfigRequest,
} from "../../../shared/contracts/oauth-config";
import { apiJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

const oauthConfigUrl = "/api/admin/oauth-config";
// Read again after a save: the login page's Google button and the audit log both change.
const providersUrl = "/api/auth/providers";
const auditUrlBase = "/api/admin/audit";

/** The Google sign-in settings in force, where they come from, and whether a secret is saved. */
export function useOAuthConfig() {
  const query = useQuery<OAuthConfigResponse>({
    queryKey: [oauthConfigUrl],
    staleTime: 0,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

export function useSaveOAuthConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOAuthConfigRequest) => apiJson<OAuthConfigResponse>("PUT", oauthConfigUrl, body),
    onSuccess: (saved) => {
      queryClient.setQueryData([oauthConfigUrl], saved);
      void queryClient.invalidateQueries({
        predicate: (query) => {
          const url = String(query.queryKey[0]);
          return url === providersUrl || url.startsWith(auditUrlBase);
        },
      });
    },
  });
}

/** Reads the issuer's discovery document on the server; a failing issuer is an answer, not an error. */
export function useTestOAuthIssuer() {
  return useMutation({
    mutationFn: (body: TestOAuthIssuerRequest) =>
      apiJson<TestOAuthIssuerResponse>("POST", `${oauthConfigUrl}/test`, body),
  });
}

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  OAuthConfigResponse,
  TestOAuthIssuerRequest,
  TestOAuthIssuerResponse,
  UpdateOAuthConfigRequest,
} from "../../../shared/contracts/oauth-config";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

const oauthConfigUrl = "/api/admin/oauth-config";

/** The Google sign-in settings in force, where they come from, and whether a secret is saved. */
export function useOAuthConfig() {
  const query = useQuery<OAuthConfigResponse>({
    queryKey: queryKeys.admin.oauthConfig,
    queryFn: getJson(oauthConfigUrl),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/** A save changes the login page's Google button and adds an audit entry: both are read again. */
export function useSaveOAuthConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateOAuthConfigRequest) => apiJson<OAuthConfigResponse>("PUT", oauthConfigUrl, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.admin.oauthConfig, saved);
      void queryClient.invalidateQueries({ queryKey: queryKeys.auth.providers });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all });
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

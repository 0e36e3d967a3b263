import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AuditResponse,
  SettingItem,
  SettingsResponse,
  UpdateSettingRequest,
} from "../../../shared/contracts/admin";
import { apiJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";
import { type AuditFilter, auditUrl, auditUrlBase } from "./audit-format";

const settingsUrl = "/api/admin/settings";

/** Every platform setting with its value, default and bounds. */
export function useAdminSettings() {
  const query = useQuery<SettingsResponse>({
    queryKey: [settingsUrl],
    staleTime: 0,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/** Saving a setting changes the list and adds an audit entry: both are read again. */
export function useUpdateSetting(key: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateSettingRequest) =>
      apiJson<SettingItem>("PUT", `${settingsUrl}/${encodeURIComponent(key)}`, body),
    onSuccess: () =>
      void queryClient.invalidateQueries({
        predicate: (query) => {
          const url = String(query.queryKey[0]);
          return url === settingsUrl || url.startsWith(auditUrlBase);
        },
      }),
  });
}

/** One page of the audit log, newest first; `before` pages back to older entries. */
export function useAuditPage(filter: AuditFilter, before?: number) {
  const query = useQuery<AuditResponse>({
    queryKey: [auditUrl(filter, before)],
    staleTime: 0,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

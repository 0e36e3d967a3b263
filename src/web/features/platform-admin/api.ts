import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AuditResponse,
  SettingItem,
  SettingsResponse,
  UpdateSettingRequest,
} from "../../../shared/contracts/admin";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";
import { type AuditFilter, auditUrl } from "./audit-format";

const settingsUrl = "/api/admin/settings";

/** Every platform setting with its value, default and bounds. */
export function useAdminSettings() {
  const query = useQuery<SettingsResponse>({
    queryKey: queryKeys.admin.settings,
    queryFn: getJson(settingsUrl),
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
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.settings });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all });
    },
  });
}

/** One page of the audit log, newest first; `before` pages back to older entries. */
export function useAuditPage(filter: AuditFilter, before?: number) {
  const query = useQuery<AuditResponse>({
    queryKey: queryKeys.admin.audit.page(filter, before),
    queryFn: getJson(auditUrl(filter, before)),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

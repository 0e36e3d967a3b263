import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  InviteSignupResponse,
  SignupKind,
  SignupStatus,
  SignupsResponse,
} from "../../../shared/contracts/signups";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

const signupsUrlBase = "/api/admin/signups";

/** What the admin is looking at: one kind, an optional search and status, one page. */
export interface SignupsView {
  kind: SignupKind;
  q: string;
  status: SignupStatus;
  page: number;
}

function filterParams(view: Omit<SignupsView, "page">): URLSearchParams {
  const params = new URLSearchParams({ kind: view.kind });
  const q = view.q.trim();
  if (q) params.set("q", q);
  if (view.status !== "all") params.set("status", view.status);
  return params;
}

/** `/api/admin/signups?kind=&q=&status=&page=`, with only the parts that differ from the defaults. */
export function signupsUrl(view: SignupsView): string {
  const params = filterParams(view);
  if (view.page > 1) params.set("page", String(view.page));
  return `${signupsUrlBase}?${params}`;
}

/** The CSV of everything the list's filter matches (every page). */
export function signupsExportUrl(view: Omit<SignupsView, "page">): string {
  return `${signupsUrlBase}/export.csv?${filterParams(view)}`;
}

/** One page of signups; the previous page stays on screen while the next one loads. */
export function useAdminSignups(view: SignupsView) {
  const query = useQuery<SignupsResponse>({
    queryKey: queryKeys.admin.signups.page(view),
    queryFn: getJson(signupsUrl(view)),
    staleTime: 0,
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/** Sends the invitation; the lists and the audit log (which records it) are read again either way. */
export function useInviteSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: SignupKind; id: number }) =>
      apiJson<InviteSignupResponse>("POST", `${signupsUrlBase}/${kind}/${id}/invite`),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.signups.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.admin.audit.all });
    },
  });
}

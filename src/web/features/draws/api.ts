import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminDraw,
  AdminDrawsResponse,
  CompetitionsResponse,
  CreateCompetitionRequest,
  DrawKind,
  DrawPublic,
  DrawsListResponse,
  MyDrawEntries,
  RunDrawRequest,
  UpdateDrawRequest,
} from "../../../shared/contracts/draws";
import { memberReadPaths } from "../../../shared/prerendered-pages";
import { apiJson, getJson } from "../../lib/api-client";
import { retryUnlessRefused } from "../../lib/api-errors";
import { useAuth } from "../../lib/auth";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";

export const drawsUrl = "/api/draws";
export const myDrawEntriesUrl = memberReadPaths.myDrawEntries;
export const competitionsUrl = "/api/competitions";
const adminDrawsUrl = "/api/admin/draws";
const adminCompetitionsUrl = "/api/admin/competitions";

/** Monthly draws live under /api/draws, competitions under /api/competitions; the rest is the same. */
export function drawApiUrl(kind: DrawKind, drawId: number): string {
  return `${kind === "competition" ? competitionsUrl : drawsUrl}/${drawId}`;
}

/** The record a lottery authority (or anyone) downloads and re-checks with `npm run verify-draw`. */
export function drawRecordUrl(kind: DrawKind, drawId: number): string {
  return `${drawApiUrl(kind, drawId)}/record`;
}

/** The latest draws and competitions (public), newest first. */
export function useDrawsList() {
  return useQuery<DrawsListResponse>({
    queryKey: queryKeys.draws.list,
    queryFn: getJson(drawsUrl),
    staleTime: 5 * 60_000,
    retry: retryUnlessRefused,
  });
}

/**
 * One draw's public page data. Keyed by the visitor too: a signed-in member also learns their own
 * pseudonymous id in it and whether they can claim the prize.
 */
export function useDraw(kind: DrawKind, drawId: number) {
  const { user } = useAuth();
  return useQuery<DrawPublic>({
    queryKey: queryKeys.draws.one(kind, drawId, user?.id ?? null),
    queryFn: getJson(drawApiUrl(kind, drawId)),
    enabled: Number.isInteger(drawId) && drawId > 0,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
}

/** Whatever shows a draw is stale once one is drawn, edited or claimed: the draws and the admin's screens. */
function useRefreshDraws() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.draws.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
    ]);
}

export function useClaimPrize(kind: DrawKind, drawId: number) {
  const refresh = useRefreshDraws();
  return useMutation({
    mutationFn: () =>
      apiJson<{ claimed: true; claimedAt: string }>("POST", `${drawApiUrl(kind, drawId)}/claim`),
    onSettled: () => void refresh(),
  });
}

/** The member's entries in this month's draw, where they came from, and recent results. */
export function useMyDrawEntries() {
  const { user } = useAuth();
  const query = useQuery<MyDrawEntries>({
    queryKey: queryKeys.draws.myEntries(user?.id),
    queryFn: getJson(myDrawEntriesUrl),
    enabled: user !== null,
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/** This month's competitions; with the member's progress toward each when signed in. */
export function useCompetitions() {
  const { user } = useAuth();
  return useQuery<CompetitionsResponse>({
    queryKey: queryKeys.draws.competitions(user?.id ?? null),
    queryFn: getJson(competitionsUrl),
    staleTime: 60_000,
    retry: retryUnlessRefused,
  });
}

// --- Admin ---------------------------------------------------------------------------------------

export function useAdminDraws() {
  const query = useQuery<AdminDrawsResponse>({
    queryKey: queryKeys.admin.draws,
    queryFn: getJson(adminDrawsUrl),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
  useRecheckSessionOn401(query.error);
  return query;
}

export function useUpdateDraw(drawId: number) {
  const refresh = useRefreshDraws();
  return useMutation({
    mutationFn: (body: UpdateDrawRequest) => apiJson<AdminDraw>("PUT", `${adminDrawsUrl}/${drawId}`, body),
    onSuccess: () => void refresh(),
  });
}

export function useRunDraw(draw: Pick<AdminDraw, "id" | "kind">) {
  const refresh = useRefreshDraws();
  const base = draw.kind === "competition" ? adminCompetitionsUrl : adminDrawsUrl;
  return useMutation({
    mutationFn: (body: RunDrawRequest) => apiJson<DrawPublic>("POST", `${base}/${draw.id}/draw`, body),
    // A 409 (someone else drew it) also changes what the list should show.
    onSettled: () => void refresh(),
  });
}

export function useCreateCompetition() {
  const refresh = useRefreshDraws();
  return useMutation({
    mutationFn: (body: CreateCompetitionRequest) => apiJson<AdminDraw>("POST", adminCompetitionsUrl, body),
    onSuccess: () => void refresh(),
  });
}

import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type {
  CounterActor,
  CounterDashboard,
  CounterLogEntry,
  MerchantLoginRequest,
  PhoneCheckinRequest,
  PhoneCheckinResult,
  PhoneCheckinSent,
  PointGrantResult,
  ScanResult,
} from "../../../shared/contracts/counter";
import { counterSessionPath } from "../../../shared/prerendered-pages";
import { toast } from "../../components/ui/use-toast";
import { ApiError, apiJson, getJson, getOrNullOn401 } from "../../lib/api-client";
import { requireSuccess, retryUnlessRefused } from "../../lib/api-errors";
import { newIdempotencyKey } from "../../lib/idempotency-key";
import { translate } from "../../lib/language";
import { isOnline } from "../../lib/network-status";
import { queryKeys } from "../../lib/query-keys";
import {
  deviceQueueStore,
  enqueue,
  type PointsBody,
  pruneQueue,
  type QueuedScan,
  type ScanBody,
  type SendQueued,
  type SyncSummary,
  syncQueue,
} from "./offline-queue";

export const counterLogUrl = "/api/merchant/log";
export const counterDashboardUrl = "/api/merchant/dashboard";
const scansUrl = "/api/merchant/scans";
const pointsUrl = "/api/merchant/points";

// --- Who is at the counter ------------------------------------------------------------------------

/**
 * The last person seen at this counter, kept on the phone so a page reloaded with no signal can still
 * queue scans (the server checks the session again when they are sent).
 */
const actorStorageKey = "anigye.counterActor";

function rememberActor(actor: CounterActor | null): void {
  try {
    if (actor) localStorage.setItem(actorStorageKey, JSON.stringify(actor));
    else localStorage.removeItem(actorStorageKey);
  } catch {
    // No storage (private mode): the counter still works while online.
  }
}

function rememberedActor(): CounterActor | null {
  try {
    const stored = localStorage.getItem(actorStorageKey);
    return stored ? (JSON.parse(stored) as CounterActor) : null;
  } catch {
    return null;
  }
}

export interface CounterSession {
  actor: CounterActor | null;
  isPending: boolean;
  /** The session could not be checked for a reason other than the connection. */
  error: unknown;
  /** The actor shown is this phone's copy: the server could not be reached to check it. */
  isOfflineCopy: boolean;
  /** The server has been asked since this page opened (not only a copy from before). */
  isChecked: boolean;
  refetch(): void;
}

/**
 * `GET /api/merchant/me`: the staff member (or the owner) at this counter, or null. `checkNow` asks the
 * server again on opening the page even when a recent answer is cached (the sign-in page does).
 */
export function useCounterSession({ checkNow = false }: { checkNow?: boolean } = {}): CounterSession {
  const query = useQuery({
    queryKey: queryKeys.business.counter.actor,
    queryFn: getOrNullOn401<{ actor: CounterActor | null }>(counterSessionPath),
    staleTime: 30_000,
    refetchOnMount: checkNow ? "always" : true,
    retry: retryUnlessRefused,
  });
  const isChecked = query.isFetchedAfterMount && !query.isFetching;
  const data = query.data;
  useEffect(() => {
    if (data !== undefined) rememberActor(data?.actor ?? null);
  }, [data]);

  const refetch = () => void query.refetch();
  if (data !== undefined) {
    return {
      actor: data?.actor ?? null,
      isPending: false,
      error: null,
      isOfflineCopy: false,
      isChecked,
      refetch,
    };
  }
  if (query.isError) {
    const unreachable = !(query.error instanceof ApiError) || query.error.status >= 500;
    const kept = unreachable ? rememberedActor() : null;
    if (kept) return { actor: kept, isPending: false, error: null, isOfflineCopy: true, isChecked, refetch };
    return { actor: null, isPending: false, error: query.error, isOfflineCopy: false, isChecked, refetch };
  }
  return { actor: null, isPending: true, error: null, isOfflineCopy: false, isChecked, refetch };
}

/** Signing in or out at the counter changes the business session: every business answer is stale. */
function dropBusinessCaches(queryClient: QueryClient) {
  queryClient.removeQueries({ queryKey: queryKeys.business.all });
}

export function useMerchantLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: MerchantLoginRequest) =>
      requireSuccess(
        await apiJson<{ success: boolean; actor: CounterActor }>("POST", "/api/merchant/login", body),
      ),
    onSuccess: ({ actor }) => {
      dropBusinessCaches(queryClient);
      rememberActor(actor);
      queryClient.setQueryData(queryKeys.business.counter.actor, { actor });
    },
  });
}

export function useMerchantLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<unknown>("POST", "/api/merchant/logout"),
    onSettled: () => {
      dropBusinessCaches(queryClient);
      rememberActor(null);
      queryClient.setQueryData(queryKeys.business.counter.actor, { actor: null });
    },
  });
}

// --- What happened at the counter -----------------------------------------------------------------

/** Today's counter log for the business, newest first. */
export function useCounterLog() {
  return useQuery<CounterLogEntry[]>({
    queryKey: queryKeys.business.counter.log,
    queryFn: getJson(counterLogUrl),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

export function useCounterDashboard() {
  return useQuery<CounterDashboard>({
    queryKey: queryKeys.business.counter.dashboard,
    queryFn: getJson(counterDashboardUrl),
    staleTime: 0,
    retry: retryUnlessRefused,
  });
}

function refreshCounterReads(queryClient: QueryClient) {
  void queryClient.invalidateQueries({ queryKey: queryKeys.business.counter.log });
  void queryClient.invalidateQueries({ queryKey: queryKeys.business.counter.dashboard });
}

/** This phone's queued scans for the business (waiting ones, and answered ones kept for the log). */
export function useQueuedScans(companyId: number | null) {
  return useQuery({
    queryKey: queryKeys.counterQueue,
    queryFn: () => deviceQueueStore().all(),
    select: (items: QueuedScan[]) =>
      items
        .filter((item) => item.companyId === companyId)
        .sort((a, b) => b.scannedAt.localeCompare(a.scannedAt)),
    // The phone's own store: there is no network to wait for.
    networkMode: "always",
    staleTime: Number.POSITIVE_INFINITY,
    enabled: companyId !== null,
  });
}

// --- Scanning and granting points -------------------------------------------------------------------

export type CounterRequest = { kind: "scan"; body: ScanBody } | { kind: "points"; body: PointsBody };

export type CounterOutcome =
  | { kind: "scan"; result: ScanResult }
  | { kind: "points"; result: PointGrantResult }
  | {
      kind: "refused";
      message: string;
      code: string | null;
      status: number;
      /** How long the server asks this counter to wait (a 429's `Retry-After`), if it did. */
      retryAfterSeconds?: number;
    }
  | { kind: "queued"; item: QueuedScan }
  /** Offline, and the request can't wait (a look-up tells staff something now or not at all). */
  | { kind: "offline" };

/**
 * Sends a scan or a point grant with a fresh idempotency key. When the connection fails (no answer, or
 * a 5xx) the same request, key and scan time are queued on the phone and sent later by the sync loop;
 * a 4xx is the server's answer and is shown as a refusal.
 */
export function useCounterRequest(actor: CounterActor) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CounterRequest): Promise<CounterOutcome> => {
      const idempotencyKey = newIdempotencyKey();
      const scannedAt = new Date().toISOString();
      const canWait = !(request.kind === "scan" && request.body.action === "lookup");
      const queue = async (): Promise<CounterOutcome> => {
        if (!canWait) return { kind: "offline" };
        const item = await enqueue(deviceQueueStore(), {
          kind: request.kind,
          // The phone remembers who scanned, so the scan stays theirs if a colleague's session sends it.
          body: { ...request.body, idempotencyKey, scannedAt, madeByStaffId: actor.staffId ?? undefined },
          staffName: actor.staffName,
          companyId: actor.companyId,
        });
        return { kind: "queued", item };
      };

      if (!isOnline()) return queue();
      // Scans waiting on the phone go first: the server refuses a saved scan older than this phone's
      // last live one (a back-dated claim could otherwise revive an expired code).
      await runSync(actor.companyId).catch(() => undefined);
      try {
        if (request.kind === "scan") {
          const result = await apiJson<ScanResult>("POST", scansUrl, { ...request.body, idempotencyKey });
          return { kind: "scan", result };
        }
        const result = await apiJson<PointGrantResult>("POST", pointsUrl, {
          ...request.body,
          idempotencyKey,
        });
        return { kind: "points", result };
      } catch (failure) {
        if (failure instanceof ApiError && failure.status < 500) {
          return {
            kind: "refused",
            message: failure.serverMessage ?? translate("counter.sync.refusedFallback"),
            code: failure.code ?? null,
            status: failure.status,
            retryAfterSeconds: failure.retryAfterSeconds,
          };
        }
        return queue();
      }
    },
    onSuccess: (outcome) => {
      // The session ended: the page asks again, and sends staff to sign in.
      if (outcome.kind === "refused" && outcome.status === 401) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.business.counter.actor });
      }
      if (outcome.kind === "queued") void queryClient.invalidateQueries({ queryKey: queryKeys.counterQueue });
      else refreshCounterReads(queryClient);
      // An answer means the connection works: anything still waiting can go now.
      if (outcome.kind === "scan" || outcome.kind === "points" || outcome.kind === "refused") {
        void runSync(actor.companyId).then(() =>
          queryClient.invalidateQueries({ queryKey: queryKeys.counterQueue }),
        );
      }
    },
  });
}

// --- The sync loop --------------------------------------------------------------------------------

const syncEveryMs = 20_000;

const sendQueued: SendQueued = async (item) => {
  if (item.kind === "scan") {
    const result = await apiJson<ScanResult>("POST", scansUrl, item.body);
    return { message: result.message, memberName: result.member?.displayName ?? null };
  }
  const result = await apiJson<PointGrantResult>("POST", pointsUrl, item.body);
  return { message: result.message, memberName: result.member.displayName };
};

/** One round at a time per page: a round started while another runs shares its answer. */
let runningSync: Promise<SyncSummary> | null = null;

function runSync(companyId: number): Promise<SyncSummary> {
  runningSync ??= (async () => {
    try {
      const store = deviceQueueStore();
      await pruneQueue(store);
      return await syncQueue(store, { companyId, send: sendQueued });
    } finally {
      runningSync = null;
    }
  })();
  return runningSync;
}

/**
 * Sends the phone's waiting scans: on opening the page, when the connection comes back and every 20 s.
 * A 401 stops the round and keeps everything until staff sign in again.
 */
export function useOfflineSync(companyId: number | null) {
  const queryClient = useQueryClient();
  const [needsSignIn, setNeedsSignIn] = useState(false);

  const sync = useCallback(async () => {
    if (companyId === null || !isOnline()) return;
    let summary: SyncSummary;
    try {
      summary = await runSync(companyId);
    } catch {
      return; // The phone's store could not be read; the next round tries again.
    }
    setNeedsSignIn(summary.needsSignIn);
    if (summary.needsSignIn)
      void queryClient.invalidateQueries({ queryKey: queryKeys.business.counter.actor });
    void queryClient.invalidateQueries({ queryKey: queryKeys.counterQueue });
    const answered = summary.accepted.length + summary.refused.length;
    if (answered === 0) return;
    refreshCounterReads(queryClient);
    toast({
      title: translate("counter.sync.synced", { count: answered }),
      description:
        summary.refused.length > 0
          ? translate("counter.sync.someRefused", {
              accepted: summary.accepted.length,
              refused: summary.refused.length,
            })
          : translate("counter.sync.allAccepted"),
      variant: summary.refused.length > 0 ? "destructive" : "default",
    });
  }, [companyId, queryClient]);

  useEffect(() => {
    void sync();
    const onOnline = () => void sync();
    window.addEventListener("online", onOnline);
    const timer = setInterval(() => void sync(), syncEveryMs);
    return () => {
      window.removeEventListener("online", onOnline);
      clearInterval(timer);
    };
  }, [sync]);

  return { needsSignIn, syncNow: sync };
}

// --- Check-ins by phone number ---------------------------------------------------------------------

const phoneCheckinsUrl = "/api/merchant/phone-checkins";

/** `POST /api/merchant/phone-checkins`: the customer gets an SMS code (a retry with the same key sends none). */
export function useSendPhoneCode() {
  return useMutation({
    mutationFn: (body: PhoneCheckinRequest) => apiJson<PhoneCheckinSent>("POST", phoneCheckinsUrl, body),
  });
}

/** `POST /api/merchant/phone-checkins/:id/confirm`: the code the customer read out. */
export function useConfirmPhoneCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, code }: { id: number; code: string }) =>
      apiJson<PhoneCheckinResult>("POST", `${phoneCheckinsUrl}/${id}/confirm`, { code }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.business.counter.log });
      void queryClient.invalidateQueries({ queryKey: queryKeys.business.counter.dashboard });
    },
  });
}

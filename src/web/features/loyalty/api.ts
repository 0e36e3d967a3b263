import { useQuery } from "@tanstack/react-query";
import type { LoyaltyCardsResponse, MemberQr } from "../../../shared/contracts/counter";
import { memberReadPaths } from "../../../shared/prerendered-pages";
import { getJson } from "../../lib/api-client";
import { useAuth } from "../../lib/auth";
import { useQueryKeptOnDevice } from "../../lib/kept-query";
import { usePollWhileVisible } from "../../lib/poll";
import { queryKeys } from "../../lib/query-keys";
import { useRecheckSessionOn401 } from "../../lib/session-expiry";
import { nextQrFetchIn, qrScheduleOf } from "./qr-schedule";

export const memberQrUrl = memberReadPaths.memberQr;
export const loyaltyCardsUrl = memberReadPaths.loyaltyCards;

/** A stamp made at the counter shows on the member's phone within this long. */
const cardsPollMs = 10_000;

/**
 * The member's rotating QR: a new code from the server each time, asked for again at its refreshAt
 * while the page is on screen (TanStack pauses the interval in the background and asks at once when
 * the page is back, if the code is due). Never kept: not on the phone, not in memory once the page
 * closes, so an old code is never shown.
 */
export function useMemberQr() {
  const { user } = useAuth();
  const userId = user?.id;
  const query = useQuery<MemberQr>({
    queryKey: queryKeys.loyalty.memberQr(userId),
    queryFn: getJson(memberQrUrl),
    enabled: userId !== undefined,
    gcTime: 0,
    staleTime: ({ state }) =>
      state.data
        ? Math.max(0, qrScheduleOf(state.data, state.dataUpdatedAt).refreshAt - state.dataUpdatedAt)
        : 0,
    refetchOnWindowFocus: true,
    refetchInterval: ({ state }) =>
      nextQrFetchIn(
        state.data ? qrScheduleOf(state.data, state.dataUpdatedAt) : null,
        Date.now(),
        state.status === "error" && state.errorUpdatedAt >= state.dataUpdatedAt,
      ),
  });
  useRecheckSessionOn401(query.error);
  return query;
}

/**
 * The member's stamp cards and points, read again every 10 s while the page is on screen so a stamp
 * shows soon after the staff scan. The last copy is kept on the phone for a counter with no signal.
 */
export function useLoyaltyCards() {
  const query = useQueryKeptOnDevice<LoyaltyCardsResponse>(loyaltyCardsUrl, queryKeys.loyalty.cards);
  usePollWhileVisible(() => void query.refetch({ cancelRefetch: false }), cardsPollMs, query.isEnabled);
  return query;
}

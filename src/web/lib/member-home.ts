import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { type MemberHomeState, memberHomeQueryKey } from "../../shared/member-home";
import { memberHomeStateId, memberReadPaths } from "../../shared/prerendered-pages";
import { queryKeys } from "./query-keys";

type MemberId = number | undefined;

/** Where the app's queries keep each of the member's own reads (the hooks in `features/*\/api.ts`). */
const queryKeyOfRead: Record<string, (memberId: MemberId) => QueryKey> = {
  [memberReadPaths.profile]: queryKeys.profile,
  [memberReadPaths.myDrawEntries]: queryKeys.draws.myEntries,
  [memberReadPaths.myRewards]: queryKeys.rewards.mine,
  [memberReadPaths.rewardsCollection]: queryKeys.rewards.collection,
  [memberReadPaths.myShareProofs]: queryKeys.shareProofs.mine,
  [memberReadPaths.myCashback]: queryKeys.rewards.cashback,
  [memberReadPaths.loyaltyCards]: queryKeys.loyalty.cards,
};

/** What a server-rendered member page was rendered from, where the app's queries look for it. */
export function seedMemberHome(queryClient: QueryClient, state: MemberHomeState): void {
  if (state.path === "/") queryClient.setQueryData(memberHomeQueryKey(state), state.discovery);
  for (const [read, answer] of Object.entries(state.reads ?? {})) {
    const keyOf = queryKeyOfRead[read];
    if (keyOf) queryClient.setQueryData(keyOf(state.member.id), answer);
  }
}

/** The state a server-rendered member page came with, when this page is one. */
export function memberHomeStateInPage(): MemberHomeState | undefined {
  const element = document.getElementById(memberHomeStateId);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as MemberHomeState;
  } catch {
    return undefined;
  }
}

import type { QueryClient } from "@tanstack/react-query";
import { type MemberHomeState, memberHomeQueryKey } from "../../shared/member-home";
import { memberHomeStateId } from "../../shared/prerendered-pages";

/** The member's Discover list, where its query keeps it (`features/discover/api.ts`). */
export function seedMemberHome(queryClient: QueryClient, state: MemberHomeState): void {
  queryClient.setQueryData(memberHomeQueryKey(state), state.discovery);
}

/** The state a server-rendered member's home came with, when this page is one. */
export function memberHomeStateInPage(): MemberHomeState | undefined {
  const element = document.getElementById(memberHomeStateId);
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as MemberHomeState;
  } catch {
    return undefined;
  }
}

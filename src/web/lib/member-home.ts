import type { QueryClient } from "@tanstack/react-query";
import type { DiscoveryAd } from "../../shared/contracts/ads";
import type { SessionUser } from "../../shared/contracts/session";
import { discoveryPath, memberHomeStateId } from "../../shared/prerendered-pages";

/**
 * What a signed-in member's home (Discover) is rendered from on the server, for one request, and
 * adopted from in the browser: the member, their list and whether the images were the data saver's.
 */
export interface MemberHomeState {
  member: SessionUser;
  discovery: DiscoveryAd[];
  dataSaver: boolean;
}

/** The member's Discover list, where its query keeps it (`features/discover/api.ts`). */
export function seedMemberHome(queryClient: QueryClient, state: MemberHomeState): void {
  queryClient.setQueryData([discoveryPath, state.member.id], state.discovery);
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

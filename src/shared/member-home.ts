import type { DiscoveryAd } from "./contracts/ads";
import type { SessionUser } from "./contracts/session";
import type { Language } from "./i18n/languages";
import { discoveryPath } from "./prerendered-pages";

/**
 * What a signed-in member's home (Discover) is rendered from on the server, for one request, and adopted
 * from in the browser: the member, their list and whether the images were the data saver's.
 */
export interface MemberHomeState {
  member: SessionUser;
  discovery: DiscoveryAd[];
  dataSaver: boolean;
}

/**
 * Discover shows its first 10 cards, then "View More Discoveries" shows all. A member's home carries only
 * these in its page: the live app fetches the whole list at once, and a long list would make every first
 * page heavier.
 */
export const discoverFirstCards = 10;

/**
 * Where the app's query cache keeps a member's Discover list: by its address and the member, so another
 * account on the same phone never sees it. The home's list is the default order's (`discoveryPath`).
 */
export function discoveryQueryKey(url: string, memberId: number | undefined) {
  return [url, memberId] as const;
}

export function memberHomeQueryKey(state: Pick<MemberHomeState, "member">) {
  return discoveryQueryKey(discoveryPath, state.member.id);
}

/** A device's stored choices (its language, its data saver), as the app reads them. */
export interface DeviceStorage {
  getItem(key: string): string | null;
}

/** The device a member's home is rendered for on the server: its language and its stored choices. */
export interface RenderedFor {
  language: Language;
  storage: DeviceStorage;
}

/** The server's renderer (`src/web/prerender.tsx`, built into `.prerender-build/prerender.js`). */
export interface MemberHomeRenderer {
  renderMemberHome(state: MemberHomeState, renderedFor: RenderedFor): Promise<string>;
}
